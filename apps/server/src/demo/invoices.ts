import type { Executor } from '../db/database.ts';
import type { DemoCompany } from './organisation.ts';

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Invoices: last month's, paid, for every company; Gamma's is overdue (its admin is led to the due invoice). */
export async function seedInvoices(db: Executor, companies: Iterable<DemoCompany>, now: Date): Promise<void> {
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const issued = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  for (const { id, seed: c, plan } of companies) {
    const overdue = c.code === 'GAMMA';
    const dueOn = overdue
      ? new Date(now.getTime() - 10 * 86_400_000)
      : new Date(issued.getTime() + 30 * 86_400_000);
    const subtotal = Math.round(c.msisdns * plan.monthlyFeePerMsisdn * 100) / 100;
    await db
      .insertInto('invoices')
      .values({
        company_id: id,
        number: `INV-${c.code}-${isoDate(periodStart).slice(0, 7)}`,
        period_start: isoDate(periodStart),
        period_end: isoDate(periodEnd),
        issued_on: isoDate(issued),
        due_on: isoDate(dueOn),
        currency: c.currency,
        subtotal,
        rebate: 0,
        grand_total: subtotal,
        status: overdue ? 'OVERDUE' : 'PAID',
        paid_at: overdue ? null : issued,
      })
      .execute();
  }
}
