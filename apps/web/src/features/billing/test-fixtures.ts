/** Test fixtures of the billing screens: invoices and an estimate shaped like the API's answers. */
import type { BillingEstimate, InvoiceDetail, InvoiceItem, InvoiceSummary } from '@lbs/contracts';

const NO_ABILITIES = { run: false, issue: false, void: false, creditNote: false, recordPayment: false };

export function invoiceOf(patch: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 12,
    number: 'INV-2026-000012',
    companyId: 1,
    companyName: 'Alpha Logistics',
    period: '2026-10',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    status: 'ISSUED',
    overdue: true,
    issuedAt: '2026-11-03T08:00:00.000Z',
    dueOn: '2026-12-03',
    currency: 'EUR',
    subtotalMinor: 12_000,
    rebateMinor: 0,
    taxMinor: 1_800,
    totalMinor: 13_800,
    paidMinor: 0,
    creditedMinor: 0,
    balanceMinor: 13_800,
    abilities: NO_ABILITIES,
    ...patch,
  };
}

const item = (patch: Partial<InvoiceItem>): InvoiceItem => ({
  id: 1,
  kind: 'MONTHLY_FEE',
  msisdnId: 40,
  msisdn: '+966501234567',
  employeeName: 'Omar Haddad',
  quantity: '1',
  unitPrice: '50.000000',
  amountMinor: 5_000,
  activeDays: 31,
  locates: null,
  includedLocates: null,
  ...patch,
});

/** Two monthly fees (one MSISDN active 12 days, prorated daily) and one locates line over the included ones. */
export function invoiceDetailOf(patch: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...invoiceOf(),
    items: [
      item({}),
      item({
        id: 2,
        msisdnId: 41,
        msisdn: '+966501234568',
        employeeName: 'Layla Nasser',
        quantity: '0.387097',
        amountMinor: 1_935,
        activeDays: 12,
      }),
      item({
        id: 3,
        kind: 'LOCATES',
        quantity: '1300',
        unitPrice: '0.050000',
        amountMinor: 5_065,
        activeDays: null,
        locates: 1_400,
        includedLocates: 100,
      }),
    ],
    payments: [],
    creditNotes: [],
    tariff: {
      effectiveFrom: '2026-01',
      currency: 'EUR',
      monthlyFee: '50',
      pricePerLocate: '0.05',
      includedLocates: 100,
      billableLocates: 'SUCCESSFUL',
      proration: 'DAILY',
      rebateKind: 'NONE',
      rebateValue: '0',
      taxRatePercent: '15',
      paymentTermsDays: 30,
      graceDays: 7,
      reviewDays: 3,
    },
    taxRatePercent: '15',
    voidReason: null,
    replacesInvoiceId: null,
    replacesNumber: null,
    replacedById: null,
    pdfSha256: 'ab'.repeat(32),
    paymentInstructions: null,
    ...patch,
  };
}

export const estimateOf = (patch: Partial<BillingEstimate> = {}): BillingEstimate => ({
  companyId: 1,
  period: '2026-11',
  currency: 'EUR',
  activeMsisdns: 42,
  locates: 1_530,
  billableLocates: 1_480,
  subtotalMinor: 20_000,
  taxMinor: 3_000,
  totalMinor: 23_000,
  ...patch,
});
