import { createContext, useContext } from 'react';
import {
  HIERARCHY_MODES,
  LOCAL_STORAGE_KEYS,
  resolveHierarchy,
  type HierarchyMode,
  type HierarchyState,
  type Me,
  type Role,
} from '@lbs/contracts';
import { readItem, writeItem } from './storage.ts';

export function readStoredHierarchyMode(): HierarchyMode | null {
  const value = readItem('local', LOCAL_STORAGE_KEYS.hierarchyMode);
  return (HIERARCHY_MODES as readonly string[]).includes(value ?? '') ? (value as HierarchyMode) : null;
}

/** Applies SPEC §4 to the current user and keeps the outcome under the SPEC storage keys. */
export function resolveAndStoreHierarchy(
  me: Pick<Me, 'companyConfig'>,
  roles: readonly Role[],
): HierarchyState {
  const state = resolveHierarchy({
    roles,
    companyConfig: me.companyConfig,
    stored: readStoredHierarchyMode(),
  });
  writeItem('local', LOCAL_STORAGE_KEYS.hierarchyMode, state.mode);
  writeItem('local', LOCAL_STORAGE_KEYS.canShowHierarchyToggle, String(state.canShowToggle));
  return state;
}

export interface HierarchyContextValue extends HierarchyState {
  /** Only effective when the toggle is allowed. */
  setMode: (mode: HierarchyMode) => void;
}

export const HierarchyContext = createContext<HierarchyContextValue | null>(null);

export function useHierarchy(): HierarchyContextValue {
  const value = useContext(HierarchyContext);
  if (!value) throw new Error('useHierarchy outside the authenticated area');
  return value;
}
