import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail, InvoiceItem } from '@lbs/contracts';
import { formatDecimal, formatMinor, formatPercent, formatPrice } from '../../../lib/format.ts';
import type { UsageFilter } from '../api/list-usage.ts';
import { groupItems, type ItemGroup } from '../model/invoice-items.ts';
import { UsageDialog } from './usage-dialog.tsx';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The line's "item description" (SPEC label), from its kind and the tariff the invoice was built with. */
function describe(t: TFunction, locale: string, item: InvoiceItem, invoice: InvoiceDetail): string {
  switch (item.kind) {
    case 'MONTHLY_FEE':
      return item.activeDays === null
        ? t('billing.item.feeFullMonth')
        : t('billing.item.feeDays', { count: item.activeDays });
    case 'LOCATES':
      return t('billing.item.locatesAbove');
    case 'REBATE':
      return invoice.tariff.rebateKind === 'PERCENT'
        ? t('billing.item.rebatePercent', { value: formatPercent(locale, invoice.tariff.rebateValue) })
        : t('billing.item.rebateFixed');
    default:
      return t('billing.item.adjustment');
  }
}

/** Groups of more lines than this start folded: the sums show at once and the totals stay near the top. */
const OPEN_UP_TO_LINES = 10;

/** One assignment type: a collapsible block with its lines (per MSISDN where they are) and its sum. */
function ItemGroupBlock({ group, invoice }: { group: ItemGroup; invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  // The locates behind a locate line (GET /usage), in a dialog.
  const [usageOf, setUsageOf] = useState<{ filter: UsageFilter; msisdn: string | null } | null>(null);
  const locale = i18n.language;
  const money = (minor: number) => formatMinor(locale, minor, invoice.currency);
  const perMsisdn = group.items.some((item) => item.msisdn !== null);
  const locates = group.kind === 'LOCATES';
  const type = t(`billing.kind.${group.kind}`);
  const headerId = `invoice-group-${group.kind}`;
  return (
    <Accordion
      defaultExpanded={group.items.length <= OPEN_UP_TO_LINES}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId}>
        <Box sx={{ display: 'flex', flex: 1, alignItems: 'baseline', gap: 2, flexWrap: 'wrap', pr: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {t('billing.item.assignmentType')}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {type}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('billing.item.lines', { count: group.items.length })}
          </Typography>
          <Typography sx={{ fontWeight: 600, ...num }}>{money(group.amountMinor)}</Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        <TableContainer>
          <Table size="small" aria-labelledby={headerId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.item.description')}</TableCell>
                {perMsisdn && <TableCell>{t('billing.item.msisdn')}</TableCell>}
                {perMsisdn && <TableCell>{t('billing.item.employee')}</TableCell>}
                {locates && <TableCell align="right">{t('billing.item.locates')}</TableCell>}
                {locates && <TableCell align="right">{t('billing.item.included')}</TableCell>}
                <TableCell align="right">{t('billing.item.quantity')}</TableCell>
                <TableCell align="right">{t('billing.item.unitPrice')}</TableCell>
                <TableCell align="right">{t('billing.item.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {group.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{describe(t, locale, item, invoice)}</TableCell>
                  {perMsisdn && (
                    <TableCell sx={num}>{item.msisdn && <bdi dir="ltr">{item.msisdn}</bdi>}</TableCell>
                  )}
                  {perMsisdn && <TableCell>{item.employeeName}</TableCell>}
                  {locates && (
                    <TableCell align="right" sx={num}>
                      {item.locates === null ? (
                        ''
                      ) : item.msisdnId === null ? (
                        formatDecimal(locale, String(item.locates))
                      ) : (
                        <Link
                          component="button"
                          type="button"
                          aria-label={t('billing.usage.open', { msisdn: item.msisdn ?? '' })}
                          onClick={() =>
                            setUsageOf({
                              filter: {
                                companyId: invoice.companyId,
                                msisdnId: item.msisdnId!,
                                period: invoice.period,
                              },
                              msisdn: item.msisdn,
                            })
                          }
                        >
                          {formatDecimal(locale, String(item.locates))}
                        </Link>
                      )}
                    </TableCell>
                  )}
                  {locates && (
                    <TableCell align="right" sx={num}>
                      {item.includedLocates === null
                        ? ''
                        : formatDecimal(locale, String(item.includedLocates))}
                    </TableCell>
                  )}
                  <TableCell align="right" sx={num}>
                    {formatDecimal(locale, item.quantity)}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {formatPrice(locale, item.unitPrice, invoice.currency)}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {money(item.amountMinor)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </AccordionDetails>
      <UsageDialog
        filter={usageOf?.filter ?? null}
        msisdn={usageOf?.msisdn ?? null}
        billsEveryAttempt={invoice.tariff.billableLocates === 'ALL'}
        onClose={() => setUsageOf(null)}
      />
    </Accordion>
  );
}

/** The invoice's lines grouped by assignment type (monthly fee per MSISDN, locates, rebate, adjustment). */
export function InvoiceItems({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const groups = groupItems(invoice.items);
  if (groups.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('billing.details.noItems')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {groups.map((group) => (
        <ItemGroupBlock key={group.kind} group={group} invoice={invoice} />
      ))}
    </Box>
  );
}
