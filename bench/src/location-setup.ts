import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Db } from '@lbs/server/internal/db/database.ts';
import { migrate } from '@lbs/server/internal/db/migrate.ts';
import { loadConfig, startServer, type RunningServer } from '@lbs/server';
import { freePort } from '../../e2e/src/server.ts';

export { freePort };

/** One figure of a benchmark. */
export interface BenchRow {
  bench: string;
  metric: string;
  value: number;
  unit: string;
}

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** DATABASE_URL of the fresh database (PostgreSQL), or undefined (PGlite). */
  url: string | undefined;
  dataDir: string | undefined;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: a new PostgreSQL database beside DATABASE_URL's, or PGlite in a temporary directory. */
export async function benchDatabase(poolSize = 10): Promise<BenchDatabase> {
  const base = process.env['DATABASE_URL'];
  if (!base) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lbs-bench-loc-'));
    const handle = await openDatabase({ dataDir });
    await migrate(handle.db);
    return {
      handle,
      url: undefined,
      dataDir,
      dispose: async () => (await handle.close(), await rm(dataDir, { recursive: true, force: true })),
    };
  }
  const name = `lbs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize });
  await migrate(handle.db);
  return {
    handle,
    url: url.toString(),
    dataDir: undefined,
    async dispose() {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface BenchOrg {
  companyId: number;
  departmentId: number;
  designationId: number;
}

/** A company tracked around the clock (every day, start = end) at the given interval, with one department. */
export async function benchCompany(db: Db, code: string, pollIntervalMinutes = 5): Promise<BenchOrg> {
  const config = {
    trackingWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00', timezone: 'Asia/Riyadh' },
    pollIntervalMinutes,
    retentionDays: 90,
  };
  const plan = { currency: 'SAR', monthlyFeePerMsisdn: 1, feePerLocate: 0.01 };
  const company = await db
    .insertInto('companies')
    .values({
      name: `Bench ${code}`,
      code,
      city: 'Riyadh',
      latitude: 24.7136,
      longitude: 46.6753,
      config: JSON.stringify(config),
      price_plan: JSON.stringify(plan),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const department = await db
    .insertInto('departments')
    .values({ company_id: company.id, name: 'Field' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const designation = await db
    .insertInto('designations')
    .values({ company_id: company.id, name: 'Driver' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, departmentId: department.id, designationId: designation.id };
}

/** `count` MSISDNs with consent GRANTED and tracking on, numbered by `numberOf`; returns their ids in order. */
export async function benchMsisdns(
  db: Db,
  org: BenchOrg,
  count: number,
  numberOf: (i: number) => string,
  departmentId = org.departmentId,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 10_000) {
    const n = Math.min(10_000, count - start);
    const numbers = Array.from({ length: n }, (_, k) => numberOf(start + k));
    const result = await sql<{ id: number }>`
      insert into msisdns (company_id, department_id, designation_id, msisdn, employee_name, consent_status, consent_at, tracking_enabled)
      select ${org.companyId}, ${departmentId}, ${org.designationId}, n, 'Employee ' || n, 'GRANTED', now(), true
      from unnest(${numbers}::text[]) with ordinality as u(n, i) order by i
      returning id
    `.execute(db);
    ids.push(...result.rows.map((r) => r.id));
  }
  return ids;
}

export const rate = (count: number, ms: number) => (ms > 0 ? (count * 1000) / ms : 0);

/** The real server on a fresh bench database with the demo data, worker off, on a free port that PUBLIC_URL names. */
export async function benchServer(): Promise<{ server: RunningServer; dispose(): Promise<void> }> {
  const database = await benchDatabase();
  await database.handle.close();
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    LBS_DEMO: 'true',
    LBS_WORKER: 'false',
    LBS_SIMULATOR_PORT: '0',
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir! }),
  });
  const server = await startServer(config, { logger: false });
  return {
    server,
    dispose: async () => {
      await server.close();
      await database.dispose();
    },
  };
}

/**
 * The benches' shift: Sunday–Thursday 08:00–17:00 in Riyadh from 2026-01-01, ten minutes' grace, first in / last out.
 * Answers the shift's id and its version's.
 */
export async function benchOfficeShift(
  db: Db,
  companyId: number,
): Promise<{ shiftId: number; versionId: number }> {
  const shift = await db
    .insertInto('shifts')
    .values({ company_id: companyId, name: 'Office hours' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('shift_versions')
    .values({
      shift_id: shift.id,
      effective_from: '2026-01-01',
      start_time: '08:00',
      end_time: '17:00',
      days: JSON.stringify([7, 1, 2, 3, 4]),
      time_zone: 'Asia/Riyadh',
      check_in_before_min: 60,
      check_out_after_min: 60,
      late_grace_min: 10,
      early_exit_grace_min: 10,
      half_day_threshold_min: 240,
      absent_threshold_min: 60,
      hours_method: 'FIRST_IN_LAST_OUT',
      count_on_holidays: false,
      holiday_list_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shiftId: shift.id, versionId: version.id };
}
