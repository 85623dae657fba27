import { describe, expect, it } from 'vitest';
import { buildInvoice, type MsisdnPeriod, type TariffTerms } from './build.ts';
import { divRound, formatScaled, lineAmountMinor, parseScaled } from './money.ts';

const terms = (over: Partial<TariffTerms> = {}): TariffTerms => ({
  effectiveFrom: '2025-01-01',
  currency: 'EUR',
  monthlyFee: '4',
  pricePerLocate: '0.01',
  includedLocates: 0,
  billableLocates: 'SUCCESSFUL',
  proration: 'FULL_MONTH',
  rebateKind: 'NONE',
  rebateValue: '0',
  taxRatePercent: '0',
  paymentTermsDays: 30,
  graceDays: 7,
  reviewDays: 3,
  ...over,
});
const m = (id: number, over: Partial<MsisdnPeriod> = {}): MsisdnPeriod => ({
  msisdnId: id,
  msisdn: `+3934700000${id}`,
  employeeName: `E${id}`,
  activeDays: 31,
  successfulLocates: 0,
  allLocates: 0,
  ...over,
});

describe('money', () => {
  it('reads and writes decimals exactly and rounds half away from zero', () => {
    expect(parseScaled('12.5')).toBe(12_500_000n);
    expect(parseScaled('0.000001')).toBe(1n);
    expect(formatScaled(12_500_000n)).toBe('12.500000');
    expect(formatScaled(-1n)).toBe('-0.000001');
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(() => parseScaled('1e3')).toThrow();
  });

  it('prices a line in the minor units of its currency (EUR 2, JPY 0, KWD 3 decimals)', () => {
    // 0.005 × 1 = 0.005 EUR → 1 cent (half-up); JPY 12.5 → 13 yen; KWD 0.0125 → 0.013 (13 fils).
    expect(lineAmountMinor(parseScaled('0.005'), 1n, 1n, 'EUR')).toBe(1n);
    expect(lineAmountMinor(parseScaled('12.5'), 1n, 1n, 'JPY')).toBe(13n);
    expect(lineAmountMinor(parseScaled('0.0125'), 1n, 1n, 'KWD')).toBe(13n);
    // 0.1 + 0.2 is exactly 0.3 here: 3 locates at 0.1.
    expect(lineAmountMinor(parseScaled('0.1'), 3n, 1n, 'EUR')).toBe(30n);
  });
});

describe('buildInvoice', () => {
  it('bills one fee line per active MSISDN and locates beyond the included ones, successful ones by default', () => {
    const invoice = buildInvoice(terms({ includedLocates: 100 }), 31, [
      m(2, { successfulLocates: 150, allLocates: 160 }),
      m(1, { successfulLocates: 90, allLocates: 95 }),
      m(3, { activeDays: 0, successfulLocates: 0 }),
    ]);
    expect(invoice.items.map((i) => [i.kind, i.msisdnId, i.quantity, i.amountMinor])).toEqual([
      ['MONTHLY_FEE', 1, '1.000000', 400],
      ['MONTHLY_FEE', 2, '1.000000', 400],
      ['LOCATES', 2, '50.000000', 50],
    ]);
    expect(invoice.items.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(invoice).toMatchObject({ subtotalMinor: 850, rebateMinor: 0, taxMinor: 0, totalMinor: 850 });
    // Every attempt bills when the tariff says so.
    const all = buildInvoice(terms({ includedLocates: 100, billableLocates: 'ALL' }), 31, [
      m(2, { successfulLocates: 150, allLocates: 160 }),
    ]);
    expect(all.items.find((i) => i.kind === 'LOCATES')?.quantity).toBe('60.000000');
  });

  it('prorates by active days when the tariff is DAILY, and charges the whole month otherwise', () => {
    const half = [m(1, { activeDays: 10 })];
    expect(buildInvoice(terms(), 31, half).items[0]).toMatchObject({ amountMinor: 400, activeDays: 10 });
    // 4.00 × 10 / 31 = 1.2903… → 129 cents; the quantity shows the share.
    expect(buildInvoice(terms({ proration: 'DAILY' }), 31, half).items[0]).toMatchObject({
      amountMinor: 129,
      quantity: '0.322581',
    });
    // A whole month is the whole fee under either rule.
    expect(buildInvoice(terms({ proration: 'DAILY' }), 31, [m(1)]).items[0]!.amountMinor).toBe(400);
  });

  it('takes the rebate before tax (percent, or fixed up to the subtotal) and rounds each step half-up', () => {
    const lines = [m(1), m(2), m(3)]; // 12.00
    const percent = buildInvoice(
      terms({ rebateKind: 'PERCENT', rebateValue: '5', taxRatePercent: '15' }),
      31,
      lines,
    );
    expect(percent).toMatchObject({ subtotalMinor: 1200, rebateMinor: 60, taxMinor: 171, totalMinor: 1311 });
    expect(percent.items.at(-1)).toMatchObject({ kind: 'REBATE', amountMinor: -60 });
    const fixed = buildInvoice(
      terms({ rebateKind: 'FIXED', rebateValue: '50', taxRatePercent: '15' }),
      31,
      lines,
    );
    expect(fixed).toMatchObject({ subtotalMinor: 1200, rebateMinor: 1200, taxMinor: 0, totalMinor: 0 });
    // VAT 15 % of 10.05 = 1.5075 → 1.51.
    const odd = buildInvoice(terms({ monthlyFee: '10.05', taxRatePercent: '15' }), 31, [m(1)]);
    expect(odd).toMatchObject({ subtotalMinor: 1005, taxMinor: 151, totalMinor: 1156 });
  });

  it('keeps the currency’s minor units: JPY without decimals, KWD with three', () => {
    const jpy = buildInvoice(terms({ currency: 'JPY', monthlyFee: '500', pricePerLocate: '1.5' }), 30, [
      m(1, { successfulLocates: 3 }),
    ]);
    expect(jpy).toMatchObject({ subtotalMinor: 505, totalMinor: 505 }); // 500 + round(4.5) = 505
    const kwd = buildInvoice(terms({ currency: 'KWD', monthlyFee: '1.2345', pricePerLocate: '0' }), 30, [
      m(1),
    ]);
    expect(kwd.subtotalMinor).toBe(1235); // 1.2345 KWD → 1.235 (1235 fils)
  });

  it('is deterministic: the same facts in any order give the same items and content hash', () => {
    const facts = [m(1, { successfulLocates: 7 }), m(2, { activeDays: 3 }), m(3, { successfulLocates: 1 })];
    const a = buildInvoice(terms(), 31, facts);
    const b = buildInvoice(terms(), 31, [...facts].reverse());
    expect(b).toEqual(a);
    expect(buildInvoice(terms({ monthlyFee: '4.01' }), 31, facts).contentHash).not.toBe(a.contentHash);
  });
});
