import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { DueInvoice } from '@lbs/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';

const STATUS_COLOR = { DUE: 'warning', OVERDUE: 'error', PAID: 'success' } as const;

function formatDate(value: string, locale: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

function formatMoney(invoice: DueInvoice, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency }).format(
      invoice.grandTotal,
    );
  } catch {
    return `${invoice.grandTotal.toFixed(2)} ${invoice.currency}`;
  }
}

/** /due-invoice: while hasDueInvoice is true every other page redirects here (SPEC §4). */
export function DueInvoicePage() {
  const { t, i18n } = useTranslation();
  const { me } = useCurrentUser();
  const locale = i18n.language;
  return (
    <PageFrame title={t('route.dueInvoice')}>
      {me.hasDueInvoice && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('dueInvoice.locked')}
        </Alert>
      )}
      {me.dueInvoiceList.length === 0 ? (
        <EmptyState />
      ) : (
        <TableContainer>
          <Table aria-label={t('route.dueInvoice')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoice.number')}</TableCell>
                <TableCell>{t('invoice.client')}</TableCell>
                <TableCell>{t('invoice.issued')}</TableCell>
                <TableCell>{t('invoice.dueOn')}</TableCell>
                <TableCell align="right">{t('invoice.grandTotal')}</TableCell>
                <TableCell>{t('invoice.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {me.dueInvoiceList.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{invoice.number}</TableCell>
                  <TableCell>{invoice.companyName}</TableCell>
                  <TableCell>{formatDate(invoice.issuedOn, locale)}</TableCell>
                  <TableCell>{formatDate(invoice.dueOn, locale)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(invoice, locale)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[invoice.status]}
                      label={t(`invoice.status.${invoice.status}`)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PageFrame>
  );
}
