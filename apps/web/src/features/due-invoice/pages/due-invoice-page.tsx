import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InvoicePdfButton } from '../../../components/invoice-pdf-button.tsx';
import { InvoiceStatusChip } from '../../../components/invoice-status-chip.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { formatDate, formatMinor, formatPeriod } from '../../../lib/format.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/**
 * A column header only screen readers read (the column's buttons name themselves). One pixel written as such: in `sx`
 * a width of 1 is 100 %, which made the header as wide as the page and, right to left, pushed the page out of view.
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * /due-invoice: while hasDueInvoice is true every other page redirects here (SPEC §4). Lists the overdue invoices
 * that lock the portal (`/me`'s dueInvoiceList: past their due date and grace days) with what is still owed, each
 * with its PDF, and how to pay them.
 */
export function DueInvoicePage() {
  const { t, i18n } = useTranslation();
  const { me } = useCurrentUser();
  const locale = i18n.language;
  const invoices = me.dueInvoiceList;
  // The PDF is read under `invoice.read` (company admins); department and zone admins see the list without it.
  const pdf = useCan()('invoice', 'read');
  return (
    <PageFrame title={t('route.dueInvoice')}>
      {me.hasDueInvoice && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('dueInvoice.locked')}
        </Alert>
      )}
      {invoices.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <TableContainer>
            <Table aria-label={t('route.dueInvoice')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('invoice.number')}</TableCell>
                  <TableCell>{t('invoice.client')}</TableCell>
                  <TableCell>{t('invoice.period')}</TableCell>
                  <TableCell>{t('invoice.issued')}</TableCell>
                  <TableCell>{t('invoice.dueOn')}</TableCell>
                  <TableCell align="right">{t('invoice.grandTotal')}</TableCell>
                  <TableCell align="right">{t('invoice.balance')}</TableCell>
                  <TableCell>{t('invoice.status')}</TableCell>
                  {pdf && (
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        {t('invoice.downloadPdf')}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {invoices.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell sx={{ fontWeight: 600, ...num }}>
                      <bdi dir="ltr">{invoice.number}</bdi>
                    </TableCell>
                    <TableCell>{invoice.companyName}</TableCell>
                    <TableCell sx={num}>{formatPeriod(locale, invoice.period)}</TableCell>
                    <TableCell sx={num}>{formatDate(locale, invoice.issuedOn)}</TableCell>
                    <TableCell sx={num}>{formatDate(locale, invoice.dueOn)}</TableCell>
                    <TableCell align="right" sx={num}>
                      {formatMinor(locale, invoice.totalMinor, invoice.currency)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
                      {formatMinor(locale, invoice.balanceMinor, invoice.currency)}
                    </TableCell>
                    <TableCell>
                      <InvoiceStatusChip status={invoice.status} overdue />
                    </TableCell>
                    {pdf && (
                      <TableCell padding="checkbox">
                        <InvoicePdfButton invoice={invoice} compact />
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Alert severity="info" sx={{ mt: 3 }}>
            <AlertTitle>{t('dueInvoice.howToPay.title')}</AlertTitle>
            {t('dueInvoice.howToPay.text')}
            {/* The operator's own words (bank reference, contact), as configured. */}
            {invoices[0]?.paymentInstructions && (
              <Box component="p" sx={{ m: 0, mt: 1, whiteSpace: 'pre-line' }}>
                {invoices[0].paymentInstructions}
              </Box>
            )}
          </Alert>
        </>
      )}
    </PageFrame>
  );
}
