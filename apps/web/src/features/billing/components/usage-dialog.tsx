import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/details-card.tsx';
import { formatDateTime, formatPeriod } from '../../../lib/format.ts';
import { useUsage, type UsageFilter } from '../api/list-usage.ts';

const PAGE_SIZE = 25;

/**
 * The locates behind an invoice's locate line: each request for the MSISDN in the month, when, who asked, its MLP
 * result and whether it bills (successful ones, or every attempt, as the tariff says). Paged on the server.
 */
export function UsageDialog({
  filter,
  msisdn,
  billsEveryAttempt,
  onClose,
}: {
  filter: UsageFilter | null;
  msisdn: string | null;
  billsEveryAttempt: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [page, setPage] = useState(0);
  const usage = useUsage(filter, page + 1, PAGE_SIZE);
  return (
    <Dialog open={filter !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('billing.usage.title', {
          msisdn: msisdn ?? '',
          period: filter ? formatPeriod(locale, filter.period) : '',
        })}
      </DialogTitle>
      <DialogContent dividers>
        <QueryState query={usage}>
          {(data) => (
            <>
              <Table size="small" aria-label={t('billing.usage.label')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('billing.usage.at')}</TableCell>
                    <TableCell>{t('billing.usage.requestedBy')}</TableCell>
                    <TableCell>{t('billing.usage.result')}</TableCell>
                    <TableCell>{t('billing.usage.bills')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(locale, row.at)}
                      </TableCell>
                      <TableCell>{t(`billing.usage.by.${row.requestedBy}`)}</TableCell>
                      <TableCell>
                        {row.success
                          ? t('billing.usage.located')
                          : t('billing.usage.notLocated', { code: row.resultCode })}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={row.success || billsEveryAttempt ? 'primary' : 'default'}
                          label={
                            row.success || billsEveryAttempt
                              ? t('billing.usage.billed')
                              : t('billing.usage.free')
                          }
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <TablePagination
                component="div"
                count={data.total}
                page={page}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_e, next) => setPage(next)}
              />
            </>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('billing.usage.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
