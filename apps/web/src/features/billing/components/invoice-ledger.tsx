import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@lbs/contracts';
import { formatDate, formatInstantDate, formatMinor } from '../../../lib/format.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The payments recorded against the invoice, oldest first as the server lists them. */
export function PaymentsTable({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (invoice.payments.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('billing.payments.none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('billing.payments.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.payments.paidOn')}</TableCell>
            <TableCell align="right">{t('billing.payments.amount')}</TableCell>
            <TableCell>{t('billing.payments.method')}</TableCell>
            <TableCell>{t('billing.payments.reference')}</TableCell>
            <TableCell>{t('billing.payments.recordedBy')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell sx={num}>{formatDate(locale, payment.paidOn)}</TableCell>
              <TableCell align="right" sx={num}>
                {formatMinor(locale, payment.amountMinor, invoice.currency)}
              </TableCell>
              <TableCell>{t(`billing.method.${payment.method}`)}</TableCell>
              <TableCell>{payment.reference && <bdi>{payment.reference}</bdi>}</TableCell>
              <TableCell>{payment.recordedBy}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The credit notes issued against the invoice. */
export function CreditNotesTable({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (invoice.creditNotes.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('billing.creditNotes.none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('billing.creditNotes.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.creditNotes.number')}</TableCell>
            <TableCell>{t('billing.creditNotes.issuedAt')}</TableCell>
            <TableCell align="right">{t('billing.creditNotes.amount')}</TableCell>
            <TableCell>{t('billing.creditNotes.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.creditNotes.map((note) => (
            <TableRow key={note.id}>
              <TableCell sx={num}>
                <bdi dir="ltr">{note.number}</bdi>
              </TableCell>
              <TableCell sx={num}>{formatInstantDate(locale, note.issuedAt)}</TableCell>
              <TableCell align="right" sx={num}>
                {formatMinor(locale, note.amountMinor, invoice.currency)}
              </TableCell>
              <TableCell>{note.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
