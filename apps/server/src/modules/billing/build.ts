import { createHash } from 'node:crypto';
import {
  currencyDigits,
  type BillableLocateRule,
  type InvoiceItemKind,
  type Proration,
  type RebateKind,
} from '@lbs/contracts';
import {
  formatScaled,
  lineAmountMinor,
  majorToMinor,
  parseScaled,
  percentOfMinor,
  SCALE,
  toNumber,
} from './money.ts';

/** The terms an invoice is built with (a tariff version; the invoice keeps this snapshot). */
export interface TariffTerms {
  effectiveFrom: string;
  currency: string;
  monthlyFee: string;
  pricePerLocate: string;
  includedLocates: number;
  billableLocates: BillableLocateRule;
  proration: Proration;
  rebateKind: RebateKind;
  rebateValue: string;
  taxRatePercent: string;
  paymentTermsDays: number;
  graceDays: number;
  reviewDays: number;
}

/** One MSISDN's period: the days it was active and its locates (successful, and every attempt). */
export interface MsisdnPeriod {
  msisdnId: number;
  msisdn: string;
  employeeName: string;
  activeDays: number;
  successfulLocates: number;
  allLocates: number;
}

export interface ProposedItem {
  position: number;
  kind: InvoiceItemKind;
  msisdnId: number | null;
  msisdn: string | null;
  employeeName: string | null;
  quantity: string;
  unitPrice: string;
  amountMinor: number;
  activeDays: number | null;
  locates: number | null;
  includedLocates: number | null;
}

export interface ProposedInvoice {
  items: ProposedItem[];
  subtotalMinor: number;
  rebateMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** SHA-256 of the content: two runs over the same facts give the same hash. */
  contentHash: string;
}

/**
 * The invoice for a period, deterministically from the terms and the facts (Kill Bill's "proposed items"): one
 * monthly-fee line per MSISDN active in the period (whole month, or the active days' share with DAILY proration),
 * one locate line per MSISDN with billable locates beyond the included ones, then the rebate (before tax) and tax.
 * Each line is rounded half-up to minor units; the totals are sums of rounded lines. Lines are ordered by number.
 */
export function buildInvoice(
  terms: TariffTerms,
  daysInPeriod: number,
  msisdns: readonly MsisdnPeriod[],
): ProposedInvoice {
  const { currency } = terms;
  const fee = parseScaled(terms.monthlyFee);
  const price = parseScaled(terms.pricePerLocate);
  const sorted = [...msisdns].sort((a, b) =>
    a.msisdn === b.msisdn ? a.msisdnId - b.msisdnId : a.msisdn < b.msisdn ? -1 : 1,
  );
  const items: Omit<ProposedItem, 'position'>[] = [];
  for (const m of sorted) {
    if (m.activeDays <= 0) continue;
    const daily = terms.proration === 'DAILY' && m.activeDays < daysInPeriod;
    const num = BigInt(daily ? m.activeDays : 1);
    const den = BigInt(daily ? daysInPeriod : 1);
    items.push({
      kind: 'MONTHLY_FEE',
      msisdnId: m.msisdnId,
      msisdn: m.msisdn,
      employeeName: m.employeeName,
      quantity: formatScaled((num * 10n ** BigInt(SCALE) * 2n + den) / (2n * den)),
      unitPrice: formatScaled(fee),
      amountMinor: toNumber(lineAmountMinor(fee, num, den, currency)),
      activeDays: m.activeDays,
      locates: null,
      includedLocates: null,
    });
  }
  for (const m of sorted) {
    const locates = terms.billableLocates === 'ALL' ? m.allLocates : m.successfulLocates;
    const billed = locates - terms.includedLocates;
    if (billed <= 0) continue;
    items.push({
      kind: 'LOCATES',
      msisdnId: m.msisdnId,
      msisdn: m.msisdn,
      employeeName: m.employeeName,
      quantity: formatScaled(BigInt(billed) * 10n ** BigInt(SCALE)),
      unitPrice: formatScaled(price),
      amountMinor: toNumber(lineAmountMinor(price, BigInt(billed), 1n, currency)),
      activeDays: null,
      locates,
      includedLocates: terms.includedLocates,
    });
  }
  const subtotal = items.reduce((sum, i) => sum + BigInt(i.amountMinor), 0n);
  const rebateValue = parseScaled(terms.rebateValue);
  let rebate =
    terms.rebateKind === 'PERCENT'
      ? percentOfMinor(subtotal, rebateValue)
      : terms.rebateKind === 'FIXED'
        ? majorToMinor(rebateValue, currency)
        : 0n;
  if (rebate > subtotal) rebate = subtotal;
  if (rebate > 0n)
    items.push({
      kind: 'REBATE',
      msisdnId: null,
      msisdn: null,
      employeeName: null,
      quantity: formatScaled(10n ** BigInt(SCALE)),
      unitPrice: formatScaled((-rebate * 10n ** BigInt(SCALE)) / 10n ** BigInt(currencyDigits(currency))),
      amountMinor: toNumber(-rebate),
      activeDays: null,
      locates: null,
      includedLocates: null,
    });
  const tax = percentOfMinor(subtotal - rebate, parseScaled(terms.taxRatePercent));
  const positioned = items.map((item, i) => ({ position: i + 1, ...item }));
  const totals = {
    subtotalMinor: toNumber(subtotal),
    rebateMinor: toNumber(rebate),
    taxMinor: toNumber(tax),
    totalMinor: toNumber(subtotal - rebate + tax),
  };
  const contentHash = createHash('sha256')
    .update(JSON.stringify({ terms, items: positioned, totals }))
    .digest('hex');
  return { items: positioned, ...totals, contentHash };
}
