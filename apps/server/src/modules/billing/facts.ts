import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { companyTimeZone } from '../../lib/company-time-zone.ts';
import type { MsisdnPeriod, TariffTerms } from './build.ts';

/**
 * What an invoice is built from, read in the run's transaction: the company's time zone, the tariff in effect on
 * the period's first day, and per MSISDN its active days (from `msisdn_activity`, in the company's days) and its
 * locates (`locate_usage`) within the period's local bounds.
 */

export interface CompanyBilling {
  id: number;
  name: string;
  address: string | null;
  country: string | null;
  timeZone: string;
}

export async function companyBilling(db: Executor, companyId: number): Promise<CompanyBilling | undefined> {
  const { rows } = await sql<CompanyBilling>`
    select id, name, address, country, ${companyTimeZone()} as "timeZone"
    from companies where id = ${companyId}`.execute(db);
  return rows[0];
}

/** Columns of `tariffs` as TariffTerms (numerics as text: never through a float). */
export const TARIFF_COLUMNS = sql`to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", currency,
  monthly_fee::text as "monthlyFee", price_per_locate::text as "pricePerLocate", included_locates as "includedLocates",
  billable_locates as "billableLocates", proration, rebate_kind as "rebateKind", rebate_value::text as "rebateValue",
  tax_rate_percent::text as "taxRatePercent", payment_terms_days as "paymentTermsDays", grace_days as "graceDays",
  review_days as "reviewDays"`;

export async function tariffFor(
  db: Executor,
  companyId: number,
  periodStart: string,
): Promise<TariffTerms | undefined> {
  const { rows } = await sql<TariffTerms>`
    select ${TARIFF_COLUMNS} from tariffs
    where company_id = ${companyId} and effective_from <= ${periodStart}::date
    order by effective_from desc limit 1`.execute(db);
  return rows[0];
}

/** `YYYY-MM` → its first and last day, and its number of days. */
export function periodDays(period: string): { start: string; end: string; days: number } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${period}-01`, end: `${period}-${String(days).padStart(2, '0')}`, days };
}

/** Every MSISDN with active days or locates in the period, with both. */
export async function msisdnPeriods(
  db: Executor,
  companyId: number,
  period: string,
  timeZone: string,
  until?: Date,
): Promise<MsisdnPeriod[]> {
  const { start } = periodDays(period);
  const { rows } = await sql<{
    msisdn_id: number;
    msisdn: string | null;
    employee_name: string | null;
    active_days: number | null;
    successful: number | null;
    all_locates: number | null;
  }>`
    with bounds as (
      select (${start}::date)::timestamp at time zone ${timeZone} as t0,
             least((${start}::date + interval '1 month')::timestamp at time zone ${timeZone},
                   coalesce(${until ?? null}::timestamptz, 'infinity')) as t1
    ),
    acts as (
      select a.msisdn_id, a.active, a.at, a.msisdn, a.employee_name,
             lead(a.at) over (partition by a.msisdn_id order by a.at, a.id) as until
      from msisdn_activity a, bounds b
      where a.company_id = ${companyId} and a.at < b.t1
    ),
    spans as (
      select a.msisdn_id, greatest(a.at, b.t0) as f, least(coalesce(a.until, 'infinity'), b.t1) as t
      from acts a, bounds b
      where a.active and coalesce(a.until, 'infinity') > b.t0
    ),
    days as (
      select d::date as day, d::timestamp at time zone ${timeZone} as ds,
             (d + interval '1 day')::timestamp at time zone ${timeZone} as de
      from generate_series(${start}::date, ${start}::date + interval '1 month' - interval '1 day', interval '1 day') d
    ),
    active as (
      select s.msisdn_id, count(distinct days.day)::int as active_days
      from spans s join days on s.f < days.de and s.t > days.ds and s.f < s.t
      group by s.msisdn_id
    ),
    usage as (
      select u.msisdn_id, count(*) filter (where u.success)::int as successful, count(*)::int as all_locates
      from locate_usage u, bounds b
      where u.company_id = ${companyId} and u.at >= b.t0 and u.at < b.t1
      group by u.msisdn_id
    ),
    names as (
      select distinct on (msisdn_id) msisdn_id, msisdn, employee_name from acts order by msisdn_id, at desc
    )
    select coalesce(a.msisdn_id, u.msisdn_id) as msisdn_id, n.msisdn, n.employee_name, a.active_days,
           u.successful, u.all_locates
    from active a full join usage u on u.msisdn_id = a.msisdn_id
    left join names n on n.msisdn_id = coalesce(a.msisdn_id, u.msisdn_id)`.execute(db);
  return rows.map((r) => ({
    msisdnId: r.msisdn_id,
    msisdn: r.msisdn ?? `#${r.msisdn_id}`,
    employeeName: r.employee_name ?? '',
    activeDays: r.active_days ?? 0,
    successfulLocates: r.successful ?? 0,
    allLocates: r.all_locates ?? 0,
  }));
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The month before the one `at` falls in, in the time zone: the period a run on the 1st bills. */
export function previousPeriod(at: Date, timeZone: string): string {
  const [y, m] = localDate(at, timeZone).split('-').map(Number) as [number, number];
  const prev = new Date(Date.UTC(y, m - 2, 1));
  return `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An instant as local ISO 8601 in a time zone, with its offset (2026-01-01T00:30:00+03:00): the date it shows is local. */
export function localIsoDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const offset = parts['timeZoneName']!.replace('GMT', '') || '+00:00';
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}${offset}`;
}
