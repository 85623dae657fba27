import { sql, type Expression, type SqlBool } from 'kysely';
import {
  REPORTS,
  fieldMessage,
  type ReportColumn,
  type ReportContext,
  type ReportKey,
  type ReportMeta,
  type ReportParams,
  type ReportRow,
  type ReportValue,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import { ownCompanyOf, type Scope } from '../../access/scope.ts';
import { scoped } from '../../access/scoped.ts';
import type { Executor } from '../../db/database.ts';
import { fieldErrorFrom, notFound, validationFailed } from '../../lib/errors.ts';
import type { ReportDefinition, ReportRun, SortExpression } from './definition.ts';

/**
 * What the export writers (CSV, XLSX, PDF) take: a report of the catalogue or a list of the portal (`list.msisdns`
 * …), its columns, what it covers, and its rows in batches.
 */
export interface ExportSource {
  /** A report key, or `list.<name>` for a list page's export; texts: `reports.<key>.title`, `reports.column.<key>.<column>`. */
  key: ExportKey;
  columns: readonly ReportColumn[];
  context: ReportContext;
  count(): Promise<number>;
  /** Every row in order, `size` at a time: never the whole result in memory. */
  batches(size?: number): AsyncGenerator<ReportRow[]>;
}

/** A report's key, or a list page's (`list.msisdns`). */
export type ExportKey = ReportKey | `list.${string}`;

/** A report resolved for one caller and set of parameters: what it covers, how many rows, and the rows in batches. */
export interface PreparedReport extends ExportSource {
  key: ReportKey;
  meta: ReportMeta;
  run: ReportRun;
  /** One page of the screen (1-based), in the requested order. */
  page(page: number, size: number): Promise<ReportRow[]>;
  /** Every row in order, `size` at a time, by keyset: each batch a short, index-friendly query. */
  batches(size?: number): AsyncGenerator<ReportRow[]>;
}

const DAY_MS = 86_400_000;

/** Rows per keyset batch of an export (the job's, and the bench's). */
export const EXPORT_BATCH_ROWS = 2000;

/**
 * Resolves a report for a caller: the permission of its data (403), the company (a SuperAdmin names it; anyone
 * else runs their own — another company answers 404), the period in the company's time zone (capped per report),
 * and the filters, each of which must lie in the caller's scope (404 otherwise, like any object).
 */
export async function prepareReport(
  db: Executor,
  definition: ReportDefinition,
  caller: Caller,
  params: ReportParams,
  sort?: string,
): Promise<PreparedReport> {
  const meta = REPORTS[definition.key];
  authorize(caller, 'report', 'run');
  authorize(caller, meta.permission.resource, meta.permission.action as never);
  const scope = caller.scope;
  const tables = scoped(db, scope);

  const days = (Date.parse(`${params.to}T00:00:00Z`) - Date.parse(`${params.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw validationFailed([fieldErrorFrom('query.to', 'validation.periodEndBeforeStart')]);
  if (days > meta.maxPeriodDays)
    throw validationFailed([
      fieldErrorFrom('query.to', fieldMessage('validation.periodTooLong', { max: meta.maxPeriodDays })),
    ]);
  const order = orderOf(definition, sort);
  // The status filter takes the report's status values only (a report without one ignores it).
  if (params.status !== undefined && meta.statusEnum && !meta.statusEnum.values.includes(params.status))
    throw validationFailed([fieldErrorFrom('query.status', 'validation.statusInvalid')]);
  if (!meta.statusEnum && params.status !== undefined) params = { ...params, status: undefined };

  const company = await reportCompany(db, scope, params.companyId);
  const timeZone = company.timeZone;

  const unitName = async (kind: 'departments' | 'zones' | 'designations', id: number | undefined) => {
    if (id === undefined) return undefined;
    const row = await tables
      .orgUnits(kind)
      .select(['u.id', 'u.name'])
      .where('u.id', '=', id)
      .where('u.company_id', '=', company.id)
      .executeTakeFirst();
    if (!row)
      throw notFound(
        kind === 'departments' ? 'The department' : kind === 'zones' ? 'The zone' : 'The designation',
      );
    return row.name;
  };
  const department = await unitName('departments', params.departmentId);
  const zone = await unitName('zones', params.zoneId);
  await unitName('designations', params.designationId);

  const msisdns = () => {
    let q = tables.msisdns().where('msisdns.company_id', '=', company.id);
    if (params.departmentId !== undefined) q = q.where('msisdns.department_id', '=', params.departmentId);
    if (params.zoneId !== undefined) q = q.where('msisdns.zone_id', '=', params.zoneId);
    if (params.designationId !== undefined) q = q.where('msisdns.designation_id', '=', params.designationId);
    if (params.msisdnIds?.length) q = q.where('msisdns.id', 'in', params.msisdnIds);
    return q;
  };
  if (params.msisdnIds?.length) {
    const found = await tables
      .msisdns()
      .select('msisdns.id')
      .where('msisdns.company_id', '=', company.id)
      .where('msisdns.id', 'in', params.msisdnIds)
      .execute();
    if (found.length !== params.msisdnIds.length) throw notFound('The MSISDN');
  }
  const poiIds = () => {
    let q = tables.pois('see').select('pois.id').where('pois.company_id', '=', company.id);
    if (params.poiId !== undefined) q = q.where('pois.id', '=', params.poiId);
    return q;
  };
  if (params.poiId !== undefined && !(await poiIds().executeTakeFirst())) throw notFound('The POI');

  const bounds = await sql<{ start: Date; end: Date }>`select
      ((${params.from}::date)::timestamp at time zone ${timeZone}) as start,
      ((${params.to}::date + 1)::timestamp at time zone ${timeZone}) as "end"`.execute(db);
  const { start, end } = bounds.rows[0]!;

  const run: ReportRun = {
    db,
    scope,
    key: definition.key,
    company,
    params,
    start: new Date(start),
    end: new Date(end),
    msisdns,
    poiIds,
  };
  const context: ReportContext = {
    company: { id: company.id, name: company.name },
    timeZone,
    from: params.from,
    to: params.to,
    department: department ?? (await ownUnitName(db, caller, 'departments')),
    zone: zone ?? (await ownUnitName(db, caller, 'zones')),
  };
  const base = () => definition.query(run);
  const normalise = rowNormaliser(meta.columns);

  return {
    key: definition.key,
    meta,
    columns: meta.columns,
    context,
    run,
    count: () => countRows(db, base()),
    async page(page, size) {
      let q = base();
      for (const o of order) q = q.orderBy(sortRef(o.expression), o.descending ? 'desc' : 'asc');
      const rows = await q
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return rows.map(normalise);
    },
    /**
     * By keyset, in two runs over the first sort key: its non-null values (each batch bounded below — or above, when
     * descending — by the last value seen, so the query walks an index instead of sorting every remaining row), and
     * the rows where it is null (after them ascending, before them descending: PostgreSQL's default null order).
     */
    async *batches(size = EXPORT_BATCH_ROWS) {
      const [first, ...rest] = order;
      const firstRef = sortRef(first!.expression);
      const runs: ('values' | 'nulls')[] = first!.descending ? ['nulls', 'values'] : ['values', 'nulls'];
      const keyNames = order.map((o, i) =>
        o.column !== undefined && definition.keyColumns?.includes(o.column) ? o.column : `__k${i}`,
      );
      const fetch = (run: 'values' | 'nulls', after: unknown[] | undefined) => {
        let q = base();
        // The keys as text: exact (a Date would drop a timestamp's microseconds, and a batch boundary inside one
        // millisecond would repeat rows) and read without a type parser; a parameter takes its column's type back.
        // A key the row carries already as that text (keyColumns) is not selected twice.
        keyNames.forEach((name, i) => {
          if (name === `__k${i}`) q = q.select(sql`(${sortRef(order[i]!.expression)})::text`.as(name));
        });
        if (run === 'values') {
          q = q.where(sql<boolean>`${firstRef} is not null`);
          if (after) q = q.where(keysetAfterValue(first!, after[0], rest, after.slice(1)));
        } else {
          q = q.where(sql<boolean>`${firstRef} is null`);
          if (after) q = q.where(keysetAfter(rest, after.slice(1)));
        }
        for (const o of order) q = q.orderBy(sortRef(o.expression), o.descending ? 'desc' : 'asc');
        return q.limit(size).execute() as Promise<Record<string, unknown>[]>;
      };
      for (const run of runs) {
        // The next batch is asked for as soon as this one is in (its keyset is its last row), so the database
        // reads it while this one is formatted: two batches at most in memory.
        let pending: Promise<Record<string, unknown>[]> | undefined = fetch(run, undefined);
        while (pending) {
          const rows = await pending;
          pending = undefined;
          if (rows.length === size && (run === 'values' || rest.length > 0)) {
            const last = rows[rows.length - 1]!;
            pending = fetch(
              run,
              keyNames.map((name) => last[name]),
            );
            // A batch the consumer never asks for (it stopped early) must not reject unhandled.
            pending.catch(() => {});
          }
          if (rows.length) {
            const batch = rows.map(normalise);
            // The database's rows are not kept while the batch is written (fewer objects outlive the young
            // generation: the export's memory stays flat).
            rows.length = 0;
            yield batch;
          }
        }
      }
    },
  };
}

/**
 * The company a report or the dashboard covers: a SuperAdmin names it (none: 400 on `query.companyId`), anyone else
 * has their own (naming another: 404, like any object outside the scope); with its time zone.
 */
export async function reportCompany(
  db: Executor,
  scope: Scope,
  requested: number | undefined,
): Promise<{ id: number; name: string; timeZone: string }> {
  const own = ownCompanyOf(scope);
  const companyId = own ?? requested;
  if (companyId === undefined) {
    if (scope.tier === 'none') throw notFound('The company');
    throw validationFailed([fieldErrorFrom('query.companyId', 'report.companyRequired')]);
  }
  if (requested !== undefined && requested !== companyId) throw notFound('The company');
  const company = await scoped(db, scope)
    .companies()
    .select([
      'companies.id',
      'companies.name',
      sql<string | null>`companies.config->'trackingWindow'->>'timezone'`.as('tz'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw notFound('The company');
  return { id: company.id, name: company.name, timeZone: company.tz ?? 'UTC' };
}

/** The caller's own department or zone name (a DepartmentAdmin's report is its department's), for the header. */
async function ownUnitName(
  db: Executor,
  caller: Caller,
  kind: 'departments' | 'zones',
): Promise<string | null> {
  const scope = caller.scope;
  const id =
    kind === 'departments' && scope.tier === 'department'
      ? scope.departmentId
      : kind === 'zones' && scope.tier === 'zone'
        ? scope.zoneId
        : undefined;
  if (id === undefined) return null;
  const row = await db
    .selectFrom(kind === 'departments' ? 'departments' : 'zones')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}

interface OrderKey {
  expression: SortExpression;
  descending: boolean;
  /** The sortable column it came from (none for the tie-breaker). */
  column?: string;
}

/** `-due,employee` → order keys over the definition's sortable columns, ending with the tie-breaker (400 if unknown). */
function orderOf(definition: ReportDefinition, sort: string | undefined): OrderKey[] {
  const meta = REPORTS[definition.key];
  const keys: OrderKey[] = [];
  const text = sort?.trim() || meta.defaultSort;
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const descending = part.startsWith('-');
    const column = descending ? part.slice(1) : part;
    const expression = definition.sortBy[column];
    if (!expression) throw validationFailed([fieldErrorFrom('query.sort', 'validation.sortInvalid')]);
    keys.push({ expression, descending, column });
  }
  keys.push({ expression: definition.tieBreaker, descending: false });
  return keys;
}

function sortRef(expression: SortExpression) {
  return typeof expression === 'string' ? sql.ref(expression) : expression;
}

/**
 * The rows after `values` in the order `keys` (PostgreSQL's default: nulls last ascending, first descending):
 * k1 after v1, or k1 = v1 and k2 after v2, … — so each batch is a fresh, short, index-friendly query.
 */
function keysetAfter(keys: OrderKey[], values: unknown[]): Expression<SqlBool> {
  const same = (k: OrderKey, v: unknown) =>
    v === null || v === undefined
      ? sql`${sortRef(k.expression)} is null`
      : sql`${sortRef(k.expression)} = ${v}`;
  const beyond = (k: OrderKey, v: unknown) => {
    const ref = sortRef(k.expression);
    if (v === null || v === undefined) return k.descending ? sql`${ref} is not null` : sql`false`;
    return k.descending ? sql`${ref} < ${v}` : sql`(${ref} > ${v} or ${ref} is null)`;
  };
  const alternatives = keys.map(
    (k, i) =>
      sql`(${sql.join([...keys.slice(0, i).map((p, j) => same(p, values[j])), beyond(k, values[i])], sql` and `)})`,
  );
  return sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The rows after (`first` = `value`, `rest` = `values`) among those whose first key is not null: bounded by the
 * value itself (`first >= value` ascending, `<=` descending: a range an index on it serves in order), then strictly
 * beyond it or equal to it and after on the other keys.
 */
function keysetAfterValue(
  first: OrderKey,
  value: unknown,
  rest: OrderKey[],
  values: unknown[],
): Expression<SqlBool> {
  const ref = sortRef(first.expression);
  const bound = first.descending ? sql`${ref} <= ${value}` : sql`${ref} >= ${value}`;
  const beyond = first.descending ? sql`${ref} < ${value}` : sql`${ref} > ${value}`;
  if (rest.length === 0) return sql<boolean>`(${beyond})`;
  return sql<boolean>`(${bound} and (${beyond} or (${ref} = ${value} and ${keysetAfter(rest, values)})))`;
}

async function countRows(db: Executor, query: ReturnType<ReportDefinition['query']>): Promise<number> {
  const row = await db
    .selectFrom(query.as('r'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A database row → the report's row: exactly its columns, each value in its column type's wire form. */
export function rowNormaliser(columns: readonly ReportColumn[]): (row: Record<string, unknown>) => ReportRow {
  const converters = columns.map((c) => [c.key, converterOf(c)] as const);
  return (row) => {
    const out: ReportRow = {};
    for (const [key, convert] of converters) {
      const value = row[key];
      out[key] = value === null || value === undefined ? null : convert(value);
    }
    return out;
  };
}

/** An instant as PostgreSQL writes it in ISO style (`2026-03-01 00:31:40.123456+03`), or as ISO 8601 in UTC. */
const INSTANT_TEXT =
  /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)$/;

/**
 * An instant's text (catalogue/shared.ts instantText) → `2026-03-01T07:00:00.000Z`, as Date.prototype.toISOString
 * writes it (milliseconds cut), without a Date when the text is in UTC already — a million positions' worth.
 */
export function isoInstant(text: string): string {
  // PostgreSQL's text in UTC to the second (`2026-03-01 00:31:40+00`), the common case, without a regular expression.
  if (text.length === 22 && text.charCodeAt(10) === 32 && text.endsWith('+00'))
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
  const m = INSTANT_TEXT.exec(text);
  if (!m) return new Date(text).toISOString();
  const [, day, time, fraction, sign, hours, minutes, seconds] = m;
  const iso = `${day}T${time}.${`${fraction ?? ''}000`.slice(0, 3)}Z`;
  const offset = sign ? Number(hours) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0) : 0;
  if (offset === 0) return iso;
  return new Date(Date.parse(iso) - (sign === '-' ? -offset : offset) * 1000).toISOString();
}

function converterOf(column: ReportColumn): (value: unknown) => ReportValue {
  switch (column.type) {
    case 'integer':
    case 'duration':
      return (v) => Math.round(Number(v));
    case 'number':
    case 'percent':
    case 'coordinate':
      return (v) => Number(v);
    case 'boolean':
      return (v) => Boolean(v);
    case 'datetime':
      return (v) =>
        typeof v === 'string' ? isoInstant(v) : (v instanceof Date ? v : new Date(String(v))).toISOString();
    case 'date':
      // node-postgres reads a `date` as local midnight; definitions should select `::text`, but either way is right.
      return (v) =>
        v instanceof Date
          ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
          : String(v).slice(0, 10);
    case 'money':
      return (v) => String(v);
    default:
      return (v) => String(v);
  }
}
