import { sql } from 'kysely';
import { LOCATION_DEFAULTS } from '@lbs/contracts';
import type { Db } from '../db/database.ts';

const CHUNK = 10_000;

export interface RetentionReport {
  positions: number;
  latest: number;
}

/**
 * Deletes positions (and latest positions) older than their company's retention days, in chunks so no transaction
 * grows large, plus locate-now counters older than a day. Idempotent: several workers may run it at once.
 */
export async function runRetention(db: Db, now: Date = new Date()): Promise<RetentionReport> {
  const companies = await db.selectFrom('companies').select(['id', 'config']).execute();
  const report: RetentionReport = { positions: 0, latest: 0 };
  for (const company of companies) {
    const days = Math.max(1, Number(company.config.retentionDays) || LOCATION_DEFAULTS.retentionDays);
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    for (;;) {
      const result = await sql`
        delete from positions where id in (
          select p.id from positions p join msisdns m on m.id = p.msisdn_id
          where m.company_id = ${company.id} and p.time < ${cutoff}::timestamptz
          limit ${CHUNK}
        )
      `.execute(db);
      const n = Number(result.numAffectedRows ?? 0);
      report.positions += n;
      if (n < CHUNK) break;
    }
    const latest = await sql`
      delete from latest_positions lp using msisdns m
      where m.id = lp.msisdn_id and m.company_id = ${company.id} and lp.time < ${cutoff}::timestamptz
    `.execute(db);
    report.latest += Number(latest.numAffectedRows ?? 0);
  }
  await db
    .deleteFrom('locate_rate_counters')
    .where('window_start', '<', new Date(now.getTime() - 86_400_000))
    .execute();
  return report;
}
