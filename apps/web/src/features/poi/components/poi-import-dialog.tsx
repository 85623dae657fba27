import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { POI_IMPORT_MAX_BYTES, type PoiImport, type PoiImportFormat } from '@lbs/contracts';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { poiKeys } from '../api/keys.ts';
import { startPoiImport, usePoiImport } from '../api/poi-imports.ts';

const ACCEPT = '.csv,.geojson,.json,.kml,text/csv,application/geo+json,application/vnd.google-earth.kml+xml';

const formatOf = (name: string): PoiImportFormat | null =>
  /\.csv$/i.test(name)
    ? 'csv'
    : /\.(geo)?json$/i.test(name)
      ? 'geojson'
      : /\.kml$/i.test(name)
        ? 'kml'
        : null;

/** Import POIs: pick a file, read the check (counts and row errors), then import it and follow the job. */
export function PoiImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { role } = useCurrentUser();
  const titleId = useId();
  const inputId = useId();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [file, setFile] = useState<{ name: string; format: PoiImportFormat; content: string } | null>(null);
  const [check, setCheck] = useState<PoiImport | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  /** A message key of what is wrong with the chosen file before it is sent. */
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const job = usePoiImport(jobId);
  const done = job.data?.status === 'DONE';
  const superAdmin = role === 'SuperAdmin';

  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: poiKeys.all });
  }, [done, client]);

  const reset = () => {
    setFile(null);
    setCheck(null);
    setJobId(null);
    setError(null);
    setFileProblem(null);
  };
  const body = (dryRun: boolean) => ({
    ...(superAdmin && companyId ? { companyId } : {}),
    format: file!.format,
    fileName: file!.name,
    content: file!.content,
    dryRun,
  });

  async function choose(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    const format = formatOf(chosen.name);
    if (!format) return setFileProblem('poi.import.unsupported');
    if (chosen.size > POI_IMPORT_MAX_BYTES) return setFileProblem('poiImport.tooLarge');
    const content = await chosen.text();
    setFile({ name: chosen.name, format, content });
    setBusy(true);
    try {
      setCheck(
        await startPoiImport({
          ...(superAdmin && companyId ? { companyId } : {}),
          format,
          fileName: chosen.name,
          content,
          dryRun: true,
        }),
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  async function commit() {
    setBusy(true);
    setError(null);
    try {
      const started = await startPoiImport(body(false));
      setJobId(started.id);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('poi.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('poi.import.help')}
        </Typography>
        {superAdmin && (
          <Box sx={{ mb: 2 }}>
            <EntitySelect
              kind="company"
              value={companyId}
              onChange={setCompanyId}
              label={t('poi.fields.company')}
            />
          </Box>
        )}
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(e) => void choose(e.target.files?.[0])}
          disabled={busy || jobId !== null || (superAdmin && !companyId)}
        />
        <label htmlFor={inputId}>
          <Button
            component="span"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy || jobId !== null || (superAdmin && !companyId)}
          >
            {file ? file.name : t('poi.import.choose')}
          </Button>
        </label>
        {busy && <LinearProgress sx={{ mt: 2 }} />}
        {fileProblem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(fileProblem)}
          </Alert>
        )}
        {error !== null && (
          <Box sx={{ mt: 2 }}>
            <ProblemAlert error={error} />
          </Box>
        )}
        {check && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Typography variant="body2">
              {t('poi.import.summary', {
                rows: check.rows,
                create: check.toCreate,
                update: check.toUpdate,
                errors: check.errorCount,
              })}
            </Typography>
            {check.errors.length > 0 && (
              <List dense sx={{ maxHeight: 180, overflow: 'auto' }}>
                {check.errors.map((e) => (
                  <ListItem key={`${e.row}-${e.path}`} disableGutters>
                    <Typography variant="body2" color="error">
                      {t('poi.import.rowError', { row: e.row, field: e.path, message: t(e.code) })}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}
        {jobId !== null && !done && <LinearProgress sx={{ mt: 2 }} aria-label={t('poi.import.running')} />}
        {done && job.data && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('poi.import.done', { created: job.data.created, updated: job.data.updated })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('poi.import.close')}</Button>
        <Button
          variant="contained"
          onClick={() => void commit()}
          disabled={!check || check.toCreate + check.toUpdate === 0 || busy || jobId !== null}
        >
          {t('poi.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
