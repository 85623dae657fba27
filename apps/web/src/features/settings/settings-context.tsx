import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readJson, writeItem } from '../../lib/storage.ts';
import {
  applyLayoutParams,
  browserLocale,
  DEFAULT_SETTINGS,
  normalizeSettings,
  SETTINGS_STORAGE_KEY,
  type Settings,
} from './settings-model.ts';

interface SettingsContextValue {
  settings: Settings;
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/**
 * Initial settings: what this browser stored (without a stored language, the browser's own), then the layout query
 * parameters of the URL the app was opened with.
 */
export function loadInitialSettings(
  search: string = window.location.search,
  languages: readonly string[] = navigator.languages,
): Settings {
  return applyLayoutParams(
    normalizeSettings(readJson('local', SETTINGS_STORAGE_KEY), browserLocale(languages)),
    new URLSearchParams(search),
  );
}

export function SettingsProvider({ children, initial }: { children: ReactNode; initial?: Settings }) {
  const [settings, setSettings] = useState<Settings>(() => initial ?? loadInitialSettings());
  useEffect(() => {
    writeItem('local', SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  }, [settings]);
  const update = useCallback((patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch })), []);
  const reset = useCallback(() => setSettings((s) => ({ ...DEFAULT_SETTINGS, locale: s.locale })), []);
  const value = useMemo(() => ({ settings, update, reset }), [settings, update, reset]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
