/**
 * App-wide success/error snackbar that survives navigation (e.g. "Company created" shown on the details page the
 * form navigates to). The provider sits in AppProviders.
 *
 *   const notify = useNotify();
 *   notify(t('org.company.created'));             // success
 *   notify(t(messageKeyFor(error)), 'error');
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

type Severity = 'success' | 'error' | 'info';
type Notify = (message: string, severity?: Severity) => void;

const NotifyContext = createContext<Notify | null>(null);

interface Note {
  key: number;
  message: string;
  severity: Severity;
}

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
      <Snackbar
        key={note?.key}
        open={open}
        autoHideDuration={note?.severity === 'error' ? 8000 : 5000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        // At the bottom: at the top it covered the top bar's controls (the hierarchy toggle) while it showed.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={note?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          role={note?.severity === 'error' ? 'alert' : 'status'}
          sx={{ minWidth: 280 }}
        >
          {note?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify outside NotifierProvider (AppProviders)');
  return notify;
}
