import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { InfoView } from '../lib/info-view.ts';
import { DelayedLoader } from './delayed-loader.tsx';

/** Shows an info view (SPEC §4): the delayed loader while loading, then the message or the error. */
export function InfoViewDisplay({ view }: { view: InfoView }) {
  return (
    <>
      <DelayedLoader active={view.loading} fullScreen />
      <Snackbar
        open={Boolean(view.message || view.error)}
        autoHideDuration={view.error ? 8000 : 5000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') view.clear();
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity={view.error ? 'error' : 'success'}
          variant="filled"
          onClose={view.clear}
          role={view.error ? 'alert' : 'status'}
          sx={{ minWidth: 280 }}
        >
          {view.error || view.message}
        </Alert>
      </Snackbar>
    </>
  );
}
