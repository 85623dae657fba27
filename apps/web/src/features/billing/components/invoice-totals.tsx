import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@lbs/contracts';
import { formatMinor, formatPercent } from '../../../lib/format.ts';

/**
 * Subtotal, rebate (a deduction), tax at the invoice's rate, grand total; then what was credited and paid, and the
 * balance still owed. Aligned to the end of the line (the left in Arabic).
 */
/** The balance row's rule: a border on its dt and dd (an <hr> may not sit inside a <dl>). */
const rule = { borderTop: 1, borderColor: 'divider', pt: 1 } as const;

export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) => formatMinor(locale, minor, invoice.currency);
  const deduction = (minor: number) => money(minor > 0 ? -minor : minor);
  const rows: { label: string; value: string; strong?: boolean; rule?: boolean }[] = [
    { label: t('billing.details.subtotal'), value: money(invoice.subtotalMinor) },
    { label: t('billing.details.rebate'), value: deduction(invoice.rebateMinor) },
    {
      label: t('billing.details.tax', { rate: formatPercent(locale, invoice.taxRatePercent) }),
      value: money(invoice.taxMinor),
    },
    { label: t('invoice.grandTotal'), value: money(invoice.totalMinor), strong: true, rule: true },
    ...(invoice.creditedMinor !== 0
      ? [{ label: t('billing.details.credited'), value: deduction(invoice.creditedMinor) }]
      : []),
    { label: t('billing.details.paid'), value: deduction(invoice.paidMinor) },
    { label: t('invoice.balance'), value: money(invoice.balanceMinor), strong: true, rule: true },
  ];
  return (
    <Box
      component="dl"
      aria-label={t('billing.details.totals')}
      sx={{
        m: 0,
        ml: 'auto',
        width: { xs: '100%', sm: 380 },
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        columnGap: 3,
        rowGap: 1,
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            sx={{
              color: row.strong ? 'text.primary' : 'text.secondary',
              fontWeight: row.strong ? 700 : 400,
              ...(row.rule ? rule : {}),
            }}
          >
            {row.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
              fontWeight: row.strong ? 700 : 500,
              ...(row.rule ? rule : {}),
            }}
          >
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
