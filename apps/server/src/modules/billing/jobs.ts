import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { SYSTEM_ACTOR } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { companyTimeZone } from '../../lib/company-time-zone.ts';
import { previousPeriod } from './facts.ts';
import type { BillingService } from './service.ts';

export const BILLING_RUN_JOB = 'billing.run';
export const BILLING_MONTHLY = 'billing.monthly';
export const BILLING_AUTO_ISSUE = 'billing.autoIssue';
export const BILLING_OVERDUE = 'billing.overdue';
const HOUR = 3_600_000;

/**
 * Queues the run of `period` (default: each company's previous month in its time zone) for every company that has
 * no invoice for it yet. Keyed (company, period): queued twice, it runs once.
 */
export async function queueRuns(db: Db, now: Date, period?: string): Promise<number> {
  const companies = await sql<{ id: number; tz: string }>`
    select id, ${companyTimeZone()} as tz from companies order by id`.execute(db);
  let queued = 0;
  for (const c of companies.rows) {
    const p = period ?? previousPeriod(now, c.tz);
    // On its own the month's run makes each company's invoice once: a draft waits for its review, a voided one for
    // the operator (who runs the month again to replace it). Asked for a month, the operator rebuilds the drafts.
    let q = db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', c.id)
      .where('period_start', '=', `${p}-01`);
    if (period) q = q.where('status', 'not in', ['DRAFT', 'VOID']);
    const exists = await q.executeTakeFirst();
    if (exists) continue;
    const { created } = await enqueue(
      db,
      {
        kind: BILLING_RUN_JOB,
        key: `${c.id}:${p}`,
        payload: { companyId: c.id, period: p },
      },
      { onConflict: period ? 'replace' : 'ignore' },
    );
    if (created || period) queued++;
  }
  return queued;
}

/**
 * Drafts of ended months whose review days have passed since they last changed are issued (the SuperAdmin may issue
 * earlier). A failure is logged and the next hour tries again.
 */
export async function autoIssue(
  db: Db,
  billing: BillingService,
  now: Date,
  log?: { warn: (detail: object, message: string) => void },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select i.id from invoices i join companies c on c.id = i.company_id
    where i.status = 'DRAFT'
      and i.period_end < (${now}::timestamptz at time zone ${companyTimeZone('c')})::date
      and i.updated_at + make_interval(days => coalesce((i.tariff_snapshot->>'reviewDays')::int, 3)) <= ${now}
    order by i.id limit 200`.execute(db);
  let issued = 0;
  for (const { id } of rows) {
    try {
      await billing.issueInvoice(id, SYSTEM_ACTOR(BILLING_AUTO_ISSUE));
      issued++;
    } catch (error) {
      // Issued meanwhile by the operator (409), rebuilt away, or failing: the next hour looks again.
      log?.warn({ invoiceId: id, err: error }, 'automatic issue of a draft invoice failed');
    }
  }
  return issued;
}

/** INVOICE_OVERDUE once per invoice, once its due date has passed unpaid in the company's time zone. */
export async function notifyOverdue(db: Db): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      id: number;
      company_id: number;
      number: string;
      period: string;
      currency: string;
      balance: number;
      due_on: string;
    }>`
      select i.id, i.company_id, i.number, to_char(i.period_start, 'YYYY-MM') as period, i.currency,
             i.total_minor - i.paid_minor - i.credited_minor as balance, to_char(i.due_on, 'YYYY-MM-DD') as due_on
      from invoices i join companies c on c.id = i.company_id
      where i.status in ('ISSUED', 'PARTIALLY_PAID') and i.overdue_notified_at is null
        and i.due_on < (now() at time zone ${companyTimeZone('c')})::date
      order by i.id limit 500
      for update of i skip locked`.execute(tx);
    for (const r of rows) {
      await emit(tx, {
        type: 'INVOICE_OVERDUE',
        companyId: r.company_id,
        subject: { type: 'invoice', id: r.id },
        payload: {
          number: r.number,
          period: r.period,
          currency: r.currency,
          balanceMinor: Number(r.balance),
          dueOn: r.due_on,
        },
        idempotencyKey: `invoice-overdue:${r.id}`,
      });
      await tx
        .updateTable('invoices')
        .set({ overdue_notified_at: new Date() })
        .where('id', '=', r.id)
        .execute();
    }
    return rows.length;
  });
}

/** The month's runs (hourly: each company's 1st comes in its own time zone), the automatic issue, overdue notices. */
export function registerBillingJobs(
  runner: JobRunner,
  { db, billing }: { db: Db; billing: BillingService },
): void {
  runner.register<{ companyId: number; period: string }>(
    BILLING_RUN_JOB,
    async (job) => {
      const { outcome, invoiceId } = await billing.runPeriod(
        job.payload.companyId,
        job.payload.period,
        SYSTEM_ACTOR(BILLING_RUN_JOB),
      );
      job.log.info({ ...job.payload, outcome, invoiceId }, 'invoice run');
    },
    { concurrency: 2 },
  );
  runner
    .register(BILLING_MONTHLY, async (job) => {
      const queued = await queueRuns(db, job.now());
      if (queued) job.log.info({ queued }, 'invoice runs queued');
    })
    .schedule({ name: BILLING_MONTHLY, kind: BILLING_MONTHLY, every: HOUR, maxAttempts: 1 });
  runner
    .register(BILLING_AUTO_ISSUE, async (job) => {
      const issued = await autoIssue(db, billing, job.now(), job.log);
      if (issued) job.log.info({ issued }, 'drafts issued after their review days');
    })
    .schedule({ name: BILLING_AUTO_ISSUE, kind: BILLING_AUTO_ISSUE, every: HOUR, maxAttempts: 1 });
  runner
    .register(BILLING_OVERDUE, async (job) => {
      const notified = await notifyOverdue(db);
      if (notified) job.log.info({ notified }, 'overdue invoices notified');
    })
    .schedule({ name: BILLING_OVERDUE, kind: BILLING_OVERDUE, every: HOUR, maxAttempts: 1 });
}
