import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type Severity = 'success' | 'error' | 'info';

export interface Note {
  key: number;
  message: string;
  severity: Severity;
}

/** The notice itself (notifier.tsx loads it with the first notice, not with the first bundle). */
export function NoticeSnackbar({ note, open, onClose }: { note: Note; open: boolean; onClose: () => void }) {
  return (
    <Snackbar
      key={note.key}
      open={open}
      autoHideDuration={note.severity === 'error' ? 8000 : 5000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      // At the bottom: at the top it covered the top bar's controls (the hierarchy toggle) while it showed.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={note.severity}
        variant="filled"
        onClose={onClose}
        role={note.severity === 'error' ? 'alert' : 'status'}
        sx={{ minWidth: 280 }}
      >
        {note.message}
      </Alert>
    </Snackbar>
  );
}
