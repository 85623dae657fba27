import { describe, expect, it } from 'vitest';
import type { InvoiceItem } from '@lbs/contracts';
import { groupItems } from './invoice-items.ts';

const line = (id: number, kind: InvoiceItem['kind'], amountMinor: number): InvoiceItem => ({
  id,
  kind,
  msisdnId: null,
  msisdn: null,
  employeeName: null,
  quantity: '1',
  unitPrice: '0',
  amountMinor,
  activeDays: null,
  locates: null,
  includedLocates: null,
});

describe('groupItems', () => {
  it('groups by assignment type in the invoice order, sums each group and leaves out empty ones', () => {
    const groups = groupItems([
      line(1, 'LOCATES', 250),
      line(2, 'MONTHLY_FEE', 1000),
      line(3, 'REBATE', -100),
      line(4, 'MONTHLY_FEE', 500),
    ]);
    expect(groups.map((g) => [g.kind, g.items.map((i) => i.id), g.amountMinor])).toEqual([
      ['MONTHLY_FEE', [2, 4], 1500],
      ['LOCATES', [1], 250],
      ['REBATE', [3], -100],
    ]);
  });
});
