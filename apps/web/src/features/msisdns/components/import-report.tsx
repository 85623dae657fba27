import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MSISDN_IMPORT_COLUMNS, type MsisdnImport } from '@lbs/contracts';
import { isMessageKey } from '../../../lib/api/api-error.ts';

/** Rows of the error table the dialog renders; the rest are counted (a file can hold 10 000 rows). */
export const REPORT_ROWS_SHOWN = 200;

type ImportColumn = (typeof MSISDN_IMPORT_COLUMNS)[number];
const COLUMN_LABEL: Record<ImportColumn, string> = {
  msisdn: 'msisdns.field.msisdn',
  employeeName: 'msisdns.field.employeeName',
  employeeCode: 'msisdns.field.employeeCode',
  email: 'msisdns.field.email',
  department: 'msisdns.field.department',
  zone: 'msisdns.field.zone',
  designation: 'msisdns.field.designation',
  trackingEnabled: 'msisdns.field.tracking',
};
const isColumn = (field: string): field is ImportColumn =>
  (MSISDN_IMPORT_COLUMNS as readonly string[]).includes(field);

/** The counts of an import and its per-row error report (row, column, translated message). */
export function ImportReport({ job }: { job: MsisdnImport }) {
  const { t } = useTranslation();
  const shown = job.errors.slice(0, REPORT_ROWS_SHOWN);
  const counts = [
    ['total', job.total],
    ['succeeded', job.succeeded],
    ['failed', job.failed],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5, m: 0 }}>
        {counts.map(([name, value]) => (
          <Box key={name} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`msisdns.import.count.${name}`)}
            </Typography>
            <Typography
              component="dd"
              data-count={name}
              sx={{ m: 0, fontSize: 22, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
              color={
                name === 'failed' && value > 0
                  ? 'error'
                  : name === 'succeeded' && value > 0
                    ? 'success'
                    : 'textPrimary'
              }
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {job.errors.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('msisdns.import.noErrors')}</Typography>
      ) : (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('msisdns.import.errors')}
          </Typography>
          <TableContainer sx={{ maxHeight: 300, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Table size="small" stickyHeader aria-label={t('msisdns.import.errors')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 72 }}>{t('msisdns.import.row')}</TableCell>
                  <TableCell sx={{ width: 160 }}>{t('msisdns.import.column')}</TableCell>
                  <TableCell>{t('msisdns.import.problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((error, index) => (
                  <TableRow key={`${error.row}-${error.field ?? ''}-${index}`}>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{error.row}</TableCell>
                    <TableCell>
                      {error.field === null
                        ? t('msisdns.import.wholeRow')
                        : isColumn(error.field)
                          ? t(COLUMN_LABEL[error.field])
                          : error.field}
                    </TableCell>
                    <TableCell>{isMessageKey(error.code) ? t(error.code) : error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {job.errors.length > shown.length && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('msisdns.import.moreErrors', { count: job.errors.length - shown.length })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
