import { sql } from 'kysely';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import { EMPLOYEE_COLUMNS, EMPLOYEE_SORT, moneyText, msisdnIdsOf, msisdnsOf, padded } from './shared.ts';

/**
 * The invoices billing built (modules/billing: `invoices` and their per-MSISDN lines in `invoice_items`), not void,
 * of the months that start in the period: per invoice and MSISDN its monthly fee, the locates counted and their
 * charge (the lines before the invoice's rebate and tax, which are the company's, not a number's).
 */
function lines(run: ReportRun) {
  return run.db
    .selectFrom('invoice_items as it')
    .innerJoin('invoices as i', 'i.id', 'it.invoice_id')
    .where('i.company_id', '=', run.company.id)
    .where('i.status', '<>', 'VOID')
    .where('i.period_start', '>=', run.params.from)
    .where('i.period_start', '<=', run.params.to)
    .where('it.msisdn_id', 'in', msisdnIdsOf(run))
    .select([
      'it.invoice_id',
      'it.msisdn_id',
      sql<number>`sum(it.amount_minor) filter (where it.kind = 'MONTHLY_FEE')`.as('fee_minor'),
      sql<number>`sum(it.amount_minor) filter (where it.kind = 'LOCATES')`.as('locates_minor'),
      sql<number>`sum(it.amount_minor)`.as('total_minor'),
      sql<number | null>`max(it.locates)`.as('locates'),
    ])
    .groupBy(['it.invoice_id', 'it.msisdn_id']);
}

/** Invoices and usage per number and month. */
export const billing: ReportDefinition = {
  key: 'billing',
  query: (run) =>
    run.db
      .selectFrom(lines(run).as('l'))
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .innerJoin(msisdnsOf(run), 'm.id', 'l.msisdn_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        sql<string>`to_char(i.period_start, 'YYYY-MM')`.as('month'),
        'i.number as invoice',
        'i.status as invoiceStatus',
        ...EMPLOYEE_COLUMNS,
        moneyText(sql`coalesce(l.fee_minor, 0)`, 'i.currency').as('monthlyFee'),
        'l.locates as locates',
        moneyText(sql`coalesce(l.locates_minor, 0)`, 'i.currency').as('locateCharges'),
        moneyText(sql`l.total_minor`, 'i.currency').as('total'),
        'i.currency as currency',
      ]),
  sortBy: {
    ...EMPLOYEE_SORT,
    month: 'i.period_start',
    total: 'l.total_minor',
  },
  tieBreaker: sql`${padded('l.invoice_id')} || ${padded('l.msisdn_id')}`,
};
