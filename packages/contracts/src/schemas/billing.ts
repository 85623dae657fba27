import { z } from 'zod';
import { MINOR_MAX } from '../money.ts';
import { abilitiesOf } from './abilities.ts';
import { boolFilter, idFilter, listQuery, refId, timestamp } from './fields.ts';
import { isCurrencyCode, isIsoDate } from '../values.ts';
import { safeString } from './text.ts';
import { TOO_LONG, intBetween } from './limits.ts';

/**
 * Billing (issue 14): versioned tariffs per company, one usage row per billed locate, monthly invoices that cannot
 * double or change once issued, payments and credit notes. Money is integer minor units of the invoice's currency
 * (`…Minor`); unit prices and rates are decimal strings (up to 6 decimals) — never floats.
 */

export const INVOICE_STATUSES = ['DRAFT', 'ISSUED', 'PARTIALLY_PAID', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

/** What an invoice line bills: the SPEC's "assignment type". */
export const INVOICE_ITEM_KINDS = ['MONTHLY_FEE', 'LOCATES', 'REBATE', 'ADJUSTMENT'] as const;
export type InvoiceItemKind = (typeof INVOICE_ITEM_KINDS)[number];

/** Which locates bill: successful ones (MLP result 0), or every attempt. */
export const BILLABLE_LOCATE_RULES = ['SUCCESSFUL', 'ALL'] as const;
export type BillableLocateRule = (typeof BILLABLE_LOCATE_RULES)[number];
/** FULL_MONTH: the whole fee if the MSISDN was active on any day of the month; DAILY: per active day. */
export const PRORATIONS = ['FULL_MONTH', 'DAILY'] as const;
export type Proration = (typeof PRORATIONS)[number];
export const REBATE_KINDS = ['NONE', 'PERCENT', 'FIXED'] as const;
export type RebateKind = (typeof REBATE_KINDS)[number];
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD', 'CASH', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A billing period: a calendar month of the company's time zone, `YYYY-MM`. */
export const PERIOD_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
/** Up to 14 integer digits and 6 decimals, no sign, no exponent. */
export const DECIMAL_PATTERN = /^\d{1,14}(\.\d{1,6})?$/;
export const BILLING_REASON_MAX_LENGTH = 500;
export const PAYMENT_REFERENCE_MAX_LENGTH = 200;

const decimal = (max?: string) =>
  safeString('validation.amountInvalid')
    .trim()
    .regex(DECIMAL_PATTERN, 'validation.amountInvalid')
    .refine((v) => max === undefined || Number(v) <= Number(max), 'validation.amountInvalid');
const currency = () =>
  safeString('validation.currencyInvalid')
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'validation.currencyInvalid');
const days = (max: number) => intBetween(0, max);
export const periodText = () =>
  safeString('billing.periodInvalid').trim().regex(PERIOD_PATTERN, 'billing.periodInvalid');
const minorAmount = () =>
  z
    .number({ error: 'validation.amountInvalid' })
    .int('validation.amountInvalid')
    .positive('validation.amountPositive')
    .max(MINOR_MAX, 'validation.amountInvalid');
const reason = () =>
  safeString('billing.reasonRequired')
    .trim()
    .min(1, 'billing.reasonRequired')
    .max(BILLING_REASON_MAX_LENGTH, TOO_LONG);

/** POST /companies/{id}/tariffs: a new version, effective from the first day of a month. */
export const tariffBodySchema = z
  .object({
    effectiveFrom: periodText(),
    currency: currency(),
    // Bounded so that every amount a month can reach stays an exact integer of minor units.
    monthlyFee: decimal('1000000000'),
    pricePerLocate: decimal('1000000'),
    includedLocates: intBetween(0, 10_000_000).default(0),
    billableLocates: z.enum(BILLABLE_LOCATE_RULES, { error: 'validation.invalid' }).default('SUCCESSFUL'),
    proration: z.enum(PRORATIONS, { error: 'validation.invalid' }).default('FULL_MONTH'),
    rebateKind: z.enum(REBATE_KINDS, { error: 'validation.invalid' }).default('NONE'),
    rebateValue: decimal('1000000000').default('0'),
    /** Percent, e.g. "15" for 15 % VAT. */
    taxRatePercent: decimal('100').default('0'),
    paymentTermsDays: days(365).default(30),
    graceDays: days(90).default(7),
    /** Days a draft waits for review before it is issued automatically. */
    reviewDays: days(28).default(3),
  })
  .superRefine((t, ctx) => {
    if (t.rebateKind === 'PERCENT' && Number(t.rebateValue) > 100)
      ctx.addIssue({ code: 'custom', path: ['rebateValue'], message: 'billing.rebatePercentTooHigh' });
  });
export type TariffBody = z.infer<typeof tariffBodySchema>;
export type TariffInput = z.input<typeof tariffBodySchema>;

export const tariffSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  effectiveFrom: z.string(),
  currency: z.string(),
  monthlyFee: z.string(),
  pricePerLocate: z.string(),
  includedLocates: z.number().int(),
  billableLocates: z.enum(BILLABLE_LOCATE_RULES),
  proration: z.enum(PRORATIONS),
  rebateKind: z.enum(REBATE_KINDS),
  rebateValue: z.string(),
  taxRatePercent: z.string(),
  paymentTermsDays: z.number().int(),
  graceDays: z.number().int(),
  reviewDays: z.number().int(),
  createdAt: timestamp(),
});
export type Tariff = z.infer<typeof tariffSchema>;

export const INVOICE_ACTIONS = ['run', 'issue', 'void', 'creditNote', 'recordPayment'] as const;
export const invoiceAbilitiesSchema = abilitiesOf(INVOICE_ACTIONS);
export type InvoiceAbilities = z.infer<typeof invoiceAbilitiesSchema>;

/** One invoice in a list (and in `/me`'s dueInvoiceList). */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  /** INV-YYYY-NNNNNN once issued; null while a draft. */
  number: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  period: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: invoiceStatusSchema,
  /** Derived: issued, not fully paid, past its due date in the company's time zone. */
  overdue: z.boolean(),
  issuedAt: timestamp().nullable(),
  dueOn: z.string().nullable(),
  currency: z.string(),
  subtotalMinor: z.number().int(),
  rebateMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  creditedMinor: z.number().int(),
  /** What is still owed: total − paid − credited. */
  balanceMinor: z.number().int(),
  abilities: invoiceAbilitiesSchema,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_ITEM_KINDS),
  msisdnId: z.number().int().nullable(),
  msisdn: z.string().nullable(),
  employeeName: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  amountMinor: z.number().int(),
  /** Days the MSISDN was active in the period (fee lines), billable and included locates (locate lines). */
  activeDays: z.number().int().nullable(),
  locates: z.number().int().nullable(),
  includedLocates: z.number().int().nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  amountMinor: z.number().int(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: timestamp(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const creditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  amountMinor: z.number().int(),
  reason: z.string(),
  issuedAt: timestamp(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  items: z.array(invoiceItemSchema),
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSchema),
  tariff: tariffSchema.omit({ id: true, companyId: true, createdAt: true }),
  taxRatePercent: z.string(),
  voidReason: z.string().nullable(),
  replacesInvoiceId: z.number().int().nullable(),
  replacesNumber: z.string().nullable(),
  replacedById: z.number().int().nullable(),
  pdfSha256: z.string().nullable(),
  /** How to pay (the operator's bank reference and contact), configured by the operator. */
  paymentInstructions: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const INVOICE_SORT_FIELDS = [
  'period',
  'number',
  'issuedAt',
  'dueOn',
  'totalMinor',
  'companyName',
  'status',
] as const;
export const invoiceListQuerySchema = listQuery(INVOICE_SORT_FIELDS).extend({
  companyId: idFilter(),
  status: z.enum(INVOICE_STATUSES, { error: 'validation.invalid' }).optional(),
  period: periodText().optional(),
  overdue: boolFilter(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** POST /invoices/runs (SuperAdmin): one company's period now, or every company's (as jobs). */
export const invoiceRunSchema = z.object({
  companyId: refId('validation.companyRequired').optional(),
  period: periodText(),
});
export type InvoiceRunBody = z.infer<typeof invoiceRunSchema>;
export const invoiceRunResultSchema = z.object({
  /** The draft built (or the issued invoice left alone) when one company was named. */
  invoice: invoiceSummarySchema.nullable(),
  outcome: z.enum(['DRAFTED', 'ALREADY_ISSUED', 'NOTHING_TO_BILL', 'QUEUED']),
  /** Companies queued when none was named. */
  queued: z.number().int(),
});
export type InvoiceRunResult = z.infer<typeof invoiceRunResultSchema>;

export const invoiceVoidSchema = z.object({ reason: reason() });
export type InvoiceVoidBody = z.infer<typeof invoiceVoidSchema>;
export const creditNoteBodySchema = z.object({ amountMinor: minorAmount(), reason: reason() });
export type CreditNoteBody = z.infer<typeof creditNoteBodySchema>;
export const paymentBodySchema = z.object({
  amountMinor: minorAmount(),
  paidOn: safeString('validation.required')
    .min(1, { error: 'validation.required', abort: true })
    .refine(isIsoDate, 'validation.invalid'),
  method: z.enum(PAYMENT_METHODS, { error: 'validation.invalid' }).default('BANK_TRANSFER'),
  reference: safeString()
    .trim()
    .max(PAYMENT_REFERENCE_MAX_LENGTH, TOO_LONG)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

/** GET /usage: the locates behind an invoice's lines. */
export const usageQuerySchema = listQuery(['at']).extend({
  companyId: idFilter(),
  msisdnId: idFilter(),
  period: periodText().optional(),
  billable: boolFilter(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;
export const usageRowSchema = z.object({
  id: z.number().int(),
  at: timestamp(),
  msisdnId: z.number().int(),
  msisdn: z.string(),
  locateRequestId: z.number().int(),
  requestedBy: z.enum(['SCHEDULE', 'USER']),
  resultCode: z.string(),
  success: z.boolean(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

/** `/me`'s dueInvoiceList: the overdue invoices that lock the portal (past their due date and the grace days). */
export const dueInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  period: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  balanceMinor: z.number().int(),
  status: invoiceStatusSchema,
  /** How to pay, as the operator configured it (bank reference, contact). */
  paymentInstructions: z.string().nullable(),
});
export type DueInvoice = z.infer<typeof dueInvoiceSchema>;

/** GET /invoices/estimate?companyId=: the current month so far, priced by the tariff in effect (not an invoice). */
export const billingEstimateSchema = z.object({
  companyId: z.number().int(),
  period: z.string(),
  currency: z.string(),
  activeMsisdns: z.number().int(),
  locates: z.number().int(),
  billableLocates: z.number().int(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type BillingEstimate = z.infer<typeof billingEstimateSchema>;
export const estimateQuerySchema = z.object({ companyId: idFilter() });
