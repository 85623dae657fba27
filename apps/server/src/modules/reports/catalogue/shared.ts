import { sql, type RawBuilder } from 'kysely';
import { currencyDigits } from '@lbs/contracts';
import type { ReportRun } from '../definition.ts';

/** The run's MSISDNs as a joinable table `m` (every column of msisdns). */
export const msisdnsOf = (run: ReportRun) => run.msisdns().selectAll('msisdns').as('m');

/** Ids of the run's MSISDNs, for `msisdn_id in (…)`. */
export const msisdnIdsOf = (run: ReportRun) => run.msisdns().select('msisdns.id');

/** The employee columns every per-MSISDN report starts with, from `m` joined to `d` (department) and `z` (zone). */
export const EMPLOYEE_COLUMNS = [
  'm.msisdn as msisdn',
  'm.employee_name as employee',
  'd.name as department',
  'z.name as zone',
] as const;

/** Sort expressions of the shared employee columns. */
export const EMPLOYEE_SORT = {
  msisdn: 'm.msisdn',
  employee: sql`lower(m.employee_name)`,
};

/** The calendar day (a `date`) of an instant in the run's company time zone. */
export const localDay = (run: ReportRun, instant: RawBuilder<unknown> | string): RawBuilder<string> =>
  sql<string>`(${typeof instant === 'string' ? sql.ref(instant) : instant} at time zone ${run.company.timeZone})::date`;

/** The same day as `YYYY-MM-DD` text (node-postgres would read a `date` as a local midnight). */
export const localDayText = (run: ReportRun, instant: RawBuilder<unknown> | string): RawBuilder<string> =>
  sql<string>`${localDay(run, instant)}::text`;

/**
 * An instant as PostgreSQL writes it (`2026-03-01 00:31:40.5+00`): exact to the microsecond and read without a type
 * parser; the engine turns it into the row's ISO text. A report of a million positions selects its times so, and
 * names the column in `keyColumns` when it is also a sort key (the keyset then reads it from the row).
 */
export const instantText = (ref: string): RawBuilder<string> => sql<string>`(${sql.ref(ref)})::text`;

/** The run's calendar days `from`…`to`, both included (YYYY-MM-DD). */
export function periodDays(run: ReportRun): string[] {
  const days: string[] = [];
  const end = Date.parse(`${run.params.to}T00:00:00Z`);
  for (let t = Date.parse(`${run.params.from}T00:00:00Z`); t <= end; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Values per day from rows `{ day, … }`, in the order of `days` (days without a row: `missing`). */
export function byDay<R extends { day: string }>(
  days: string[],
  rows: R[],
  value: (row: R) => number | null,
  missing: number | null = 0,
): (number | null)[] {
  const index = new Map(rows.map((r) => [String(r.day).slice(0, 10), r]));
  return days.map((d) => {
    const row = index.get(d);
    return row ? value(row) : missing;
  });
}

/** Currencies whose minor unit is not a hundredth (JPY 0, KWD 3 …), from the runtime's ISO 4217 data. */
const ODD_CURRENCIES = (
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []
).filter((c) => currencyDigits(c) !== 2);

/**
 * Minor units (an integer expression) of a currency (a column) as a decimal text in major units with exactly the
 * currency's decimals: 123450 EUR → "1234.50", 1234 JPY → "1234". Never through a float.
 */
export function moneyText(minor: RawBuilder<unknown>, currency: string): RawBuilder<string> {
  const digits = ODD_CURRENCIES.length
    ? sql`case ${sql.ref(currency)} ${sql.join(
        ODD_CURRENCIES.map((c) => sql`when ${sql.lit(c)} then ${sql.lit(currencyDigits(c))}`),
        sql` `,
      )} else 2 end`
    : sql`2`;
  return sql<string>`round((${minor})::numeric / power(10::numeric, ${digits}), ${digits})::text`;
}

/** Seconds between two instants, whole (null when either is null). */
export const secondsBetween = (from: string, to: string) =>
  sql<number | null>`round(extract(epoch from (${sql.ref(to)} - ${sql.ref(from)})))`;

/** A zero-padded text of an id, so composite tie-breakers sort as their parts do. */
export const padded = (ref: string) => sql`lpad(${sql.ref(ref)}::text, 12, '0')`;
