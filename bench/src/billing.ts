/**
 * Billing (issue 14): the invoice run for `BENCH_BILLING_COMPANIES` (1,000) companies × `BENCH_BILLING_MSISDNS`
 * (100) MSISDNs with `BENCH_BILLING_USAGE` (1,000,000) usage rows in one month, timed end-to-end (`runPeriod` per
 * company, 4 at a time: the facts, the build, the draft and its items written), against a plain aggregate query
 * over the same rows in the same run and database. Then a second full run, which must change nothing.
 * The setup is set-based SQL (the triggers still write the tariffs and the MSISDNs' activity).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '@lbs/server';
import { SYSTEM_ACTOR } from '@lbs/server/internal/events/audit.ts';
import { billingService } from '@lbs/server/internal/modules/billing/service.ts';
import type { Db } from '@lbs/server/internal/db/database.ts';
import { benchDatabase, rate, type BenchRow } from './location-setup.ts';

const COMPANIES = Number(process.env['BENCH_BILLING_COMPANIES'] ?? 1000);
const MSISDNS = Number(process.env['BENCH_BILLING_MSISDNS'] ?? 100);
const USAGE = Number(process.env['BENCH_BILLING_USAGE'] ?? 1_000_000);
const CONCURRENCY = Number(process.env['BENCH_BILLING_CONCURRENCY'] ?? 4);
const PERIOD = '2025-01';
const ZONES = ['UTC', 'Asia/Riyadh', 'Europe/Rome'];
const PLAN = { currency: 'EUR', monthlyFeePerMsisdn: 4, feePerLocate: 0.01 };
/** Every usage row lies inside January in each of the zones (Riyadh's month starts 2024-12-31T21:00Z). */
const USAGE_FROM = '2025-01-01T03:00:00Z';
const USAGE_SPAN_S = 30 * 86_400 - 8 * 3600; // until 2025-01-30T19:00Z
const MONTH = { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' };

/** `task` for every item, `concurrency` at a time; the first failure fails the whole. */
async function eachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/**
 * Companies (their tariff from price_plan, by trigger), a department and a designation each, the MSISDNs (their
 * activity, by trigger, backdated before the period) and the usage rows; analysed, as autovacuum would.
 */
export async function billingSetup(db: Db): Promise<void> {
  const zones = sql.val(ZONES);
  await sql`
    insert into companies (name, code, city, config, price_plan)
    select 'Billing ' || i, 'BILL' || lpad(i::text, 5, '0'), 'Riyadh',
           jsonb_build_object(
             'trackingWindow', jsonb_build_object('days', jsonb_build_array(1, 2, 3, 4, 5, 6, 7), 'start', '00:00',
                                                   'end', '00:00', 'timezone', (${zones}::text[])[1 + i % ${ZONES.length}]),
             'pollIntervalMinutes', 60, 'retentionDays', 90),
           ${JSON.stringify(PLAN)}::jsonb
    from generate_series(1, ${COMPANIES}) i`.execute(db);
  await sql`insert into departments (company_id, name) select id, 'Field' from companies`.execute(db);
  await sql`insert into designations (company_id, name) select id, 'Driver' from companies`.execute(db);
  await sql`
    insert into msisdns (company_id, department_id, designation_id, msisdn, employee_name, consent_status, consent_at,
                         tracking_enabled)
    select c.id, d.id, g.id, '+9995' || lpad(c.id::text, 5, '0') || lpad(k::text, 4, '0'), 'Employee ' || c.id || '-' || k,
           'GRANTED', now(), true
    from companies c join departments d on d.company_id = c.id join designations g on g.company_id = c.id,
         generate_series(1, ${MSISDNS}) k
    order by c.id, k`.execute(db);
  // Active since before the period: every MSISDN bills the whole month.
  await sql`update msisdn_activity set at = '2024-12-01T00:00:00Z'`.execute(db);
  // USAGE rows round-robin over the MSISDNs, spread over the month; every 33rd fails (~3 %).
  await sql`
    with m as (select id, company_id, (row_number() over (order by id) - 1)::int as k from msisdns)
    insert into locate_usage (locate_request_id, company_id, msisdn_id, at, requested_by, result_code, success)
    select g / 10, m.company_id, m.id,
           ${USAGE_FROM}::timestamptz + ((g::bigint * 7919) % ${USAGE_SPAN_S}) * interval '1 second',
           case when g % 5 = 0 then 'USER' else 'SCHEDULE' end,
           case when g % 33 = 0 then '6' else '0' end, g % 33 <> 0
    from generate_series(0, ${USAGE - 1}) g join m on m.k = g % ${COMPANIES * MSISDNS}`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

export async function benchBilling(): Promise<BenchRow[]> {
  const database = await benchDatabase(CONCURRENCY + 2);
  try {
    const { db } = database.handle;
    await billingSetup(db);
    const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    const usage = (
      await sql<{ all: number; successful: number }>`
        select count(*)::int as "all", (count(*) filter (where success))::int as successful from locate_usage`.execute(
        db,
      )
    ).rows[0]!;

    // ── Baseline: a plain aggregate over the same rows (before and after the run; the faster counts) ──
    const aggregate = () =>
      sql<{ company_id: number; msisdn_id: number; successful: number; all: number }>`
        select company_id, msisdn_id, (count(*) filter (where success))::int as successful, count(*)::int as "all"
        from locate_usage where at >= ${MONTH.from}::timestamptz and at < ${MONTH.to}::timestamptz
        group by 1, 2`.execute(db);
    const before = await timed(aggregate);

    // ── The measured run ──
    const billing = billingService({ db, config: loadConfig({}).billing });
    const actor = SYSTEM_ACTOR('bench');
    const runAll = async () => {
      const outcomes = new Map<string, number>();
      await eachLimited(companyIds, CONCURRENCY, async (id) => {
        const { outcome } = await billing.runPeriod(id, PERIOD, actor);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      });
      return outcomes;
    };
    const first = await timed(runAll);
    const after = await timed(aggregate);
    const baselineMs = Math.min(before.ms, after.ms);
    if (after.result.rows.length !== COMPANIES * MSISDNS)
      throw new Error(`the aggregate found ${after.result.rows.length} MSISDNs`);

    // ── Checks: one draft per company, the lines and totals the facts give ──
    const snapshot = async () =>
      (
        await sql<{
          drafts: number;
          invoices: number;
          fee_lines: number;
          locate_lines: number;
          lines: number;
          billed_locates: number;
          total_minor: string;
          digest: string;
        }>`
          select (select count(*)::int from invoices where status = 'DRAFT' and period_start = '2025-01-01') as drafts,
                 (select count(*)::int from invoices) as invoices,
                 (select count(*)::int from invoice_items where kind = 'MONTHLY_FEE') as fee_lines,
                 (select count(*)::int from invoice_items where kind = 'LOCATES') as locate_lines,
                 (select count(*)::int from invoice_items) as lines,
                 (select coalesce(sum(locates), 0)::int from invoice_items where kind = 'LOCATES') as billed_locates,
                 (select coalesce(sum(total_minor), 0)::text from invoices) as total_minor,
                 (select md5(coalesce(string_agg(id || ':' || content_hash || ':' || updated_at, ',' order by id), ''))
                    || '/' || (select md5(coalesce(string_agg(id::text, ',' order by id), '')) from invoice_items)
                  from invoices) as digest`.execute(db)
      ).rows[0]!;
    const once = await snapshot();
    const expectedTotal = COMPANIES * MSISDNS * PLAN.monthlyFeePerMsisdn * 100 + usage.successful; // 1 cent a locate
    const problems: string[] = [];
    if (once.drafts !== COMPANIES || once.invoices !== COMPANIES)
      problems.push(`${once.drafts} drafts, ${once.invoices} invoices (expected ${COMPANIES})`);
    if (once.fee_lines !== COMPANIES * MSISDNS) problems.push(`${once.fee_lines} monthly-fee lines`);
    if (once.billed_locates !== usage.successful)
      problems.push(`${once.billed_locates} billed locates (expected ${usage.successful})`);
    if (Number(once.total_minor) !== expectedTotal)
      problems.push(`total ${once.total_minor} minor units (expected ${expectedTotal})`);

    // ── A second full run: the same facts, so nothing is written ──
    const second = await timed(runAll);
    const twice = await snapshot();
    const noOp = twice.digest === once.digest && twice.lines === once.lines;
    if (!noOp) problems.push('the second run changed the invoices');
    if (first.result.get('DRAFTED') !== COMPANIES || second.result.get('DRAFTED') !== COMPANIES)
      problems.push(
        `outcomes ${JSON.stringify(Object.fromEntries(first.result))}, then ${JSON.stringify(Object.fromEntries(second.result))}`,
      );
    if (problems.length > 0) throw new Error(`billing bench: ${problems.join('; ')}`);

    const scale = `${COMPANIES} × ${MSISDNS} MSISDNs, ${usage.all} rows`;
    return [
      {
        bench: 'billing',
        metric: `plain aggregate of the month's usage per MSISDN (${scale}), faster of 2`,
        value: baselineMs,
        unit: 'ms',
      },
      {
        bench: 'billing',
        metric: `invoice run, ${COMPANIES} drafts written, ${CONCURRENCY} at a time (${once.lines} lines: ${once.fee_lines} fee + ${once.locate_lines} locates)`,
        value: first.ms,
        unit: 'ms',
      },
      { bench: 'billing', metric: 'invoice run', value: rate(COMPANIES, first.ms), unit: 'invoices/s' },
      { bench: 'billing', metric: 'invoice run', value: rate(once.lines, first.ms), unit: 'lines/s' },
      {
        bench: 'billing',
        metric: 'invoice run vs plain aggregate (time ratio, aggregate / run; higher is better)',
        value: baselineMs / first.ms,
        unit: 'ratio',
      },
      {
        bench: 'billing',
        metric: `second full run, a no-op (${COMPANIES} drafts unchanged: ${noOp ? 'verified' : 'CHANGED'})`,
        value: second.ms,
        unit: 'ms',
      },
      {
        bench: 'billing',
        metric: 'second run vs plain aggregate (time ratio, aggregate / run)',
        value: baselineMs / second.ms,
        unit: 'ratio',
      },
    ];
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  for (const row of await benchBilling())
    console.log(`${row.metric}: ${row.value.toFixed(row.unit === 'ratio' ? 3 : 0)} ${row.unit}`);
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
  process.exit(0);
}
