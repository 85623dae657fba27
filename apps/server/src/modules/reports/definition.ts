import type { Expression, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { ReportChartData, ReportKey, ReportParams } from '@lbs/contracts';
import type { Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The company a report runs over: its name and the time zone its days and times are read in. */
export interface ReportCompany {
  id: number;
  name: string;
  timeZone: string;
}

/**
 * One resolved run of a report: the caller's scope, the company, the period as instants and the MSISDNs the scope
 * and the filters leave. Every definition reads only through this, so its rows are the caller's slice.
 */
export interface ReportRun {
  db: Executor;
  scope: Scope;
  key: ReportKey;
  company: ReportCompany;
  params: ReportParams;
  /** The period's first instant (midnight of `from` in the company's time zone). */
  start: Date;
  /** The instant after the period (midnight after `to`). */
  end: Date;
  /**
   * The MSISDNs of the run as a table `m` (every column of msisdns): the caller's tier within the company,
   * narrowed by the department, zone, designation and MSISDN filters. Per-MSISDN reports start from it.
   */
  msisdns(): SelectQueryBuilder<Database, 'msisdns', object>;
  /** POI ids the caller sees in the company (narrowed to `poiId` when given), for reports on POIs. */
  poiIds(): SelectQueryBuilder<Database, 'pois', { id: number }>;
}

/** A sort key: a column reference (`p.time`) or an expression. */
export type SortExpression = string | RawBuilder<unknown> | Expression<unknown>;

/**
 * A report of the catalogue: the query whose output names are its columns (contracts REPORTS[key].columns; other
 * selected names are dropped), how each sortable column sorts, and a unique non-null tie-breaker so the order is
 * total — the engine pages the screen with it and streams exports by keyset on it.
 */
export interface ReportDefinition {
  key: ReportKey;
  // The rows of a report are built from joins the engine does not need to know: any select of the schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(run: ReportRun): SelectQueryBuilder<Database, any, any>;
  /** Sortable column key → its sort expression (columns marked sortable in contracts REPORTS). */
  sortBy: Record<string, SortExpression>;
  /**
   * Sort keys whose column is the key's own text (`instantText(ref)` for a sort key `ref`): a keyset takes the key
   * from the row instead of selecting it again.
   */
  keyColumns?: readonly string[];
  /** Unique and never null (e.g. `p.id`, or a row-number-free composite expression). */
  tieBreaker: SortExpression;
  /** The chart beside the table (contracts REPORTS[key].chart), over the same run. */
  chart?(run: ReportRun): Promise<ReportChartData>;
}
