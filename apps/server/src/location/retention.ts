import { sql } from 'kysely';
import { LOCATION_DEFAULTS } from '@lbs/contracts';
import type { Db } from '../db/database.ts';
import { isUndefinedTable } from '../lib/db-errors.ts';
import {
  DAY_MS,
  DEFAULT_PARTITION,
  dropPartitionsBefore,
  listPartitions,
  PARTITION_BEHIND_MS,
} from './partitions.ts';

const CHUNK = 10_000;

export interface RetentionReport {
  positions: number;
  latest: number;
  /** Whole periods of `positions` dropped (older than every company's retention). */
  partitions: string[];
}

const daysOf = (config: { retentionDays?: unknown }) =>
  Math.max(1, Number(config.retentionDays) || LOCATION_DEFAULTS.retentionDays);

/** The oldest time any position is kept: the longest retention of any company, and never less than accepted. */
function keptSince(companies: readonly { config: { retentionDays?: unknown } }[], now: Date): Date {
  return new Date(
    now.getTime() - Math.max(PARTITION_BEHIND_MS, ...companies.map((c) => daysOf(c.config) * DAY_MS)),
  );
}

/** keptSince for the companies as they are now. */
export async function positionsKeptSince(db: Db, now: Date): Promise<Date> {
  return keptSince(await db.selectFrom('companies').select('config').execute(), now);
}

/**
 * Positions older than their company's retention go: first every period of `positions` older than the longest
 * retention of any company (and than the oldest time the pipeline accepts) is detached and dropped whole; then, in
 * the periods that reach back past a company's own cutoff, that company's older rows are deleted in chunks (no
 * transaction grows large). Latest positions and locate-now counters older than a day follow. Idempotent: several
 * workers may run it at once.
 */
export async function runRetention(db: Db, now: Date = new Date()): Promise<RetentionReport> {
  const companies = await db.selectFrom('companies').select(['id', 'config']).execute();
  const dropped = await dropPartitionsBefore(db, keptSince(companies, now));
  const report: RetentionReport = { positions: 0, latest: 0, partitions: dropped.map((p) => p.name) };
  const periods = await listPartitions(db);
  for (const company of companies) {
    const cutoff = new Date(now.getTime() - daysOf(company.config) * DAY_MS);
    // Each period that reaches back past the cutoff, by name (a ctid names a row of one table).
    const tables = [...periods.filter((p) => p.from < cutoff).map((p) => p.name), DEFAULT_PARTITION];
    for (const table of tables) report.positions += await deleteOlder(db, table, company.id, cutoff);
    const latest = await sql`
      delete from latest_positions lp using msisdns m
      where m.id = lp.msisdn_id and m.company_id = ${company.id} and lp.time < ${cutoff}
    `.execute(db);
    report.latest += Number(latest.numAffectedRows ?? 0);
  }
  await db
    .deleteFrom('locate_rate_counters')
    .where('window_start', '<', new Date(now.getTime() - 86_400_000))
    .execute();
  return report;
}

/** A company's rows older than `cutoff` in one partition, in chunks. A partition dropped meanwhile has none. */
async function deleteOlder(db: Db, table: string, companyId: number, cutoff: Date): Promise<number> {
  let deleted = 0;
  try {
    for (;;) {
      const result = await sql`
        delete from ${sql.id(table)} where ctid = any(array(
          select p.ctid from ${sql.id(table)} p join msisdns m on m.id = p.msisdn_id
          where m.company_id = ${companyId} and p.time < ${cutoff}
          limit ${CHUNK}
        ))`.execute(db);
      const n = Number(result.numAffectedRows ?? 0);
      deleted += n;
      if (n < CHUNK) return deleted;
    }
  } catch (error) {
    if (isUndefinedTable(error)) return deleted;
    throw error;
  }
}
