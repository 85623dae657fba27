/**
 * App-wide success/error snackbar that survives navigation (e.g. "Company created" shown on the details page the
 * form navigates to). The provider sits in AppProviders.
 *
 *   const notify = useNotify();
 *   notify(t('org.company.created'));             // success
 *   notify(t(messageKeyFor(error)), 'error');
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Note, Severity } from './notice-snackbar.tsx';

type Notify = (message: string, severity?: Severity) => void;

const NotifyContext = createContext<Notify | null>(null);

// The snackbar (MUI's Snackbar and Alert) comes with the first notice, not with the first bundle.
const NoticeSnackbar = lazy(() =>
  import('./notice-snackbar.tsx').then((m) => ({ default: m.NoticeSnackbar })),
);

export function NotifierProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setNote({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {note && (
        <Suspense fallback={null}>
          <NoticeSnackbar note={note} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify outside NotifierProvider (AppProviders)');
  return notify;
}
