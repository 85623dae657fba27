import { sql } from 'kysely';
import type { BillingConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Caller } from '../access/caller.ts';
import { SYSTEM_ACTOR } from '../events/audit.ts';
import { billingService } from '../modules/billing/index.ts';
import type { DemoCompany } from './organisation.ts';

/**
 * Billing demo: six months of history per company, made the way production makes it. The MSISDNs' lifecycle starts
 * seven months back; scheduled locates every three hours of each company's tracking window (and a few on-demand
 * ones) are recorded as real locate requests, whose usage the database derives; each month is run, issued on the
 * 4th (after the review days) with its PDF, and paid — except Beta's last month (partly paid), Gamma's last two
 * (the older one overdue: `dueadmin` is locked), and a credit note on Alpha. The tariffs are versioned: the history
 * bills under an older plan with 50 included locates; this month's plan includes the 5-minute polling.
 */

const MONTHS = 6;

interface Plan {
  old: { monthlyFee: string; pricePerLocate: string; includedLocates: number };
  current: { includedLocates: number };
  taxRatePercent: string;
  rebate: { kind: 'NONE' | 'PERCENT' | 'FIXED'; value: string };
  paymentTermsDays: number;
  graceDays: number;
}

const PLANS: Record<string, Plan> = {
  ALPHA: {
    old: { monthlyFee: '15', pricePerLocate: '0.05', includedLocates: 50 },
    current: { includedLocates: 10_000 },
    taxRatePercent: '15',
    rebate: { kind: 'NONE', value: '0' },
    paymentTermsDays: 30,
    graceDays: 7,
  },
  BETA: {
    old: { monthlyFee: '4', pricePerLocate: '0.01', includedLocates: 50 },
    current: { includedLocates: 3_000 },
    taxRatePercent: '22',
    rebate: { kind: 'PERCENT', value: '5' },
    paymentTermsDays: 30,
    graceDays: 7,
  },
  GAMMA: {
    old: { monthlyFee: '4', pricePerLocate: '0.01', includedLocates: 50 },
    current: { includedLocates: 3_000 },
    taxRatePercent: '21',
    rebate: { kind: 'NONE', value: '0' },
    paymentTermsDays: 10,
    graceDays: 0,
  },
};

const monthOf = (y: number, m: number) => {
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Tariff versions, the MSISDNs' lifecycle backdated, and the history's locate requests (one transaction). */
async function seedFacts(db: Db, companies: readonly DemoCompany[], now: Date): Promise<string[]> {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const periods = Array.from({ length: MONTHS }, (_, i) => monthOf(y, m - MONTHS + i));
  const current = monthOf(y, m);
  await db.transaction().execute(async (tx) => {
    for (const c of companies) {
      const plan = PLANS[c.seed.code]!;
      const terms = {
        tax_rate_percent: plan.taxRatePercent,
        rebate_kind: plan.rebate.kind,
        rebate_value: plan.rebate.value,
        payment_terms_days: plan.paymentTermsDays,
        grace_days: plan.graceDays,
        review_days: 3,
      };
      await tx
        .updateTable('tariffs')
        .set({
          monthly_fee: plan.old.monthlyFee,
          price_per_locate: plan.old.pricePerLocate,
          included_locates: plan.old.includedLocates,
          ...terms,
        })
        .where('company_id', '=', c.id)
        .execute();
      await tx
        .insertInto('tariffs')
        .values({
          company_id: c.id,
          effective_from: `${current}-01`,
          currency: c.seed.currency,
          monthly_fee: plan.old.monthlyFee,
          price_per_locate: plan.old.pricePerLocate,
          included_locates: plan.current.includedLocates,
          billable_locates: 'SUCCESSFUL',
          proration: 'FULL_MONTH',
          created_by: 'demo',
          ...terms,
        })
        .execute();
      // Employees joined over the months: most before the history starts, some during it (a partial first month).
      await sql`
        update msisdn_activity a set at = ${`${periods[0]}-01`}::date - interval '40 days'
          + (case when a.msisdn_id % 9 = 4 then (a.msisdn_id % 5) * interval '30 days' + interval '11 days'
                  else interval '0 days' end)
        where a.company_id = ${c.id}`.execute(tx);
      // Scheduled locates every three hours of the tracking window (Alpha round the clock, the others 08–17 on
      // weekdays), one request per company and slot for its consenting, tracked numbers, from the history's first
      // month until now (this month's usage too); about 3 % fail.
      const hours = c.seed.code === 'ALPHA' ? [0, 3, 6, 9, 12, 15, 18, 21] : [8, 11, 14, 17];
      const weekdaysOnly = c.seed.code !== 'ALPHA';
      await sql`
        insert into locate_requests (requested_at, company_id, requested_by, gmlc, msisdn_ids, msisdn_count, located,
                                     result_code, results, latency_ms, attempts)
        select slot, ${c.id}, 'SCHEDULE', 'demo-gmlc', ids, cardinality(ids),
               (select count(*) from jsonb_each_text(res) r where r.value = '0'),
               'PARTIAL', res, 180 + (extract(epoch from slot)::bigint % 400), 1
        from (
          select s.slot,
                 array_agg(m.id order by m.id) as ids,
                 jsonb_object_agg(m.id::text,
                   case when (m.id * 31 + extract(epoch from s.slot)::bigint / 3600) % 33 = 0 then '6' else '0' end) as res
          from (
            select (d + make_interval(hours => h))::timestamp at time zone ${c.seed.timezone} as slot
            from generate_series(${`${periods[0]}-01`}::date, ${now}::timestamptz::date, interval '1 day') d,
                 unnest(${hours}::int[]) h
            where (not ${weekdaysOnly} or extract(isodow from d) < 6)
              and (d + make_interval(hours => h))::timestamp at time zone ${c.seed.timezone} < ${now}
          ) s
          join msisdns m on m.company_id = ${c.id} and m.consent_status = 'GRANTED' and m.tracking_enabled
            and exists (select 1 from msisdn_activity a where a.msisdn_id = m.id and a.at <= s.slot)
          group by s.slot
        ) g`.execute(tx);
    }
  });
  return periods;
}

/**
 * Seeds the billing history for the demo companies (after the organisation's transaction: issuing renders and
 * stores each PDF in a transaction of its own). Invoices are issued with the clock of their 4th day.
 */
export async function seedInvoices(
  db: Db,
  config: BillingConfig,
  companies: Iterable<DemoCompany>,
  now: Date,
): Promise<void> {
  const list = [...companies];
  const periods = await seedFacts(db, list, now);
  let clock = now;
  const billing = billingService({ db, config, now: () => clock });
  const superAdmin = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.username'])
    .where('r.role', '=', 'SuperAdmin')
    .orderBy('u.id')
    .executeTakeFirstOrThrow();
  const operator = {
    user: { id: superAdmin.id, username: superAdmin.username, role: 'SuperAdmin' },
    scope: { tier: 'all' },
    requestId: undefined,
  } as unknown as Caller;
  const actor = SYSTEM_ACTOR('demo');
  for (const c of list) {
    for (const [i, period] of periods.entries()) {
      clock = now;
      const { invoiceId } = await billing.runPeriod(c.id, period, actor);
      if (invoiceId === null) continue;
      const [yy, mm] = period.split('-').map(Number) as [number, number];
      const issueAt = new Date(Math.min(Date.UTC(yy, mm, 4, 7), now.getTime() - 3_600_000));
      clock = issueAt;
      // Each PDF is rendered (once, then stored) when it is first downloaded: seconds each for the larger ones.
      await billing.issueInvoice(invoiceId, actor, { renderPdf: false });
      const last = i === periods.length - 1;
      const secondLast = i === periods.length - 2;
      const invoice = await db
        .selectFrom('invoices')
        .select('total_minor')
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      const total = Number(invoice.total_minor);
      clock = new Date(Math.min(issueAt.getTime() + 9 * 86_400_000, now.getTime() - 60_000));
      const pay = async (amountMinor: number, reference: string) => {
        if (amountMinor > 0)
          await billing.recordPayment(operator, invoiceId, {
            amountMinor,
            paidOn: clock.toISOString().slice(0, 10),
            method: 'BANK_TRANSFER',
            reference,
          });
      };
      if (c.seed.code === 'GAMMA' && (last || secondLast)) continue;
      if (c.seed.code === 'ALPHA' && last) continue;
      if (c.seed.code === 'BETA' && last) {
        await pay(Math.round(total * 0.6), `SEPA ${period} (first part)`);
        continue;
      }
      if (c.seed.code === 'ALPHA' && i === periods.length - 3) {
        // A credit note for a day of network outage (a tenth of the month's bill), the rest paid.
        const credit = Math.round(total / 10);
        await billing.creditNote(operator, invoiceId, {
          amountMinor: credit,
          reason: 'Network outage on the 12th: one day credited',
        });
        await pay(total - credit, `SARIE ${period}`);
        continue;
      }
      await pay(total, c.seed.currency === 'SAR' ? `SARIE ${period}` : `SEPA ${period}`);
    }
  }
}
