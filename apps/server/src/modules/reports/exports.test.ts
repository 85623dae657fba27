import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ReportExport } from '@lbs/contracts';
import { until } from '../../../test/capture-log.ts';
import { listJobs } from '../../jobs/queue.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { REPORT_EXPORT_JOB, reportExports } from './exports.ts';
import { reportsService } from './service.ts';

const CHILD = fileURLToPath(new URL('./testing/export-crash-runner.ts', import.meta.url));
const f = useOrgFixtures();

/** The stored file (in the database: any replica serves it) an export names now: its id, or null. */
async function fileIdOf(exportId: number): Promise<number | null> {
  const row = await f.db
    .selectFrom('report_exports')
    .select('file_id')
    .where('id', '=', exportId)
    .executeTakeFirstOrThrow();
  return row.file_id === null ? null : Number(row.file_id);
}

/** A stored file's completeness and size (undefined once it is deleted). */
async function storedFile(fileId: number) {
  const row = await f.db
    .selectFrom('stored_files')
    .select(['complete', 'bytes'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row && { complete: row.complete, bytes: Number(row.bytes) };
}

type Body = ReportExport & { code?: string; errors?: { path: string; code: string; params?: object }[] };

/** `count` positions of a fresh Alpha MSISDN, one a minute from 2026-04-01 00:00 Riyadh (21:00Z the day before). */
async function msisdnWithPositions(count: number): Promise<number> {
  const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
  await sql`insert into positions (msisdn_id, time, lat, lon, accuracy_m, source)
    select ${id}, timestamptz '2026-03-31T21:00:00Z' + (i || ' minutes')::interval, 24.7 + i / 100000.0, 46.6, 150, 'NETWORK'
    from generate_series(0, ${count - 1}) i`.execute(f.db);
  return id;
}

async function start(who: 'CA' | 'DA' | 'SA', body: object) {
  const res = await f.call(who, 'POST', '/report-exports', body);
  return { status: res.statusCode, body: res.json() as Body };
}
const get = async (who: 'CA' | 'DA', id: number) => {
  const res = await f.call(who, 'GET', `/report-exports/${id}`);
  return { status: res.statusCode, body: res.json() as Body };
};

const period = (days: string[] = ['2026-04-01', '2026-04-05']) => ({ from: days[0]!, to: days[1]! });

describe.skipIf(!process.env['DATABASE_URL'])('report exports as jobs (PostgreSQL)', () => {
  let big = 0;

  it('queues an export, writes its file with progress, serves it to its owner only, audited', async () => {
    big = await msisdnWithPositions(5001);
    const created = await start('CA', {
      report: 'locationHistory',
      format: 'xlsx',
      locale: 'ar-SA',
      params: { ...period(), msisdnIds: String(big) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      report: 'locationHistory',
      format: 'xlsx',
      status: 'QUEUED',
      rows: 0,
      total: 5001,
      fileName: 'locationHistory-2026-04-01-2026-04-05.xlsx',
      finishedAt: null,
    });
    const id = created.body.id;
    const early = await f.call('CA', 'GET', `/report-exports/${id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'report.exportNotReady' });
    // Another user (of the same company, even) does not see it.
    expect((await get('DA', id)).status).toBe(404);
    expect((await f.call('DA', 'GET', `/report-exports/${id}/file`)).statusCode).toBe(404);
    expect((await f.call('DA', 'DELETE', `/report-exports/${id}`)).statusCode).toBe(404);

    await f.server.jobs.drain();
    const done = await get('CA', id);
    expect(done.body).toMatchObject({ status: 'DONE', rows: 5001, total: 5001, error: null });
    expect(done.body.bytes).toBeGreaterThan(1000);
    const expires = Date.parse(done.body.expiresAt!) - Date.parse(done.body.finishedAt!);
    expect(expires).toBe(24 * 3_600_000);
    const [job] = await listJobs(f.db, { kind: REPORT_EXPORT_JOB, key: String(id) });
    expect(job).toMatchObject({ status: 'DONE', progress: { rows: 5001 } });
    expect(await storedFile((await fileIdOf(id))!)).toEqual({ complete: true, bytes: done.body.bytes });

    const file = await f.call('CA', 'GET', `/report-exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('locationHistory-2026-04-01-2026-04-05.xlsx');
    expect(file.rawPayload.length).toBe(done.body.bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(5002);
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    // The first position: 2026-04-01 00:00 on Riyadh's wall clock.
    expect(sheet.getRow(2).getCell(5).value).toEqual(new Date('2026-04-01T00:00:00.000Z'));

    const audited = await f.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'detail'])
      .where('entity', '=', 'report')
      .where(sql<boolean>`detail->>'export' = ${String(id)}`)
      .execute();
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'location.view',
        entity_id: 'locationHistory',
        detail: expect.objectContaining({ format: 'xlsx', rows: 5001 }),
      }),
    ]);
  });

  it('checks the parameters as the screen does, with body paths, and caps a PDF at 5,000 rows', async () => {
    const long = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { from: '2026-01-01', to: '2026-03-01' },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      expect.objectContaining({ path: 'params.to', code: 'validation.periodTooLong', params: { max: 31 } }),
    ]);
    const bad = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { from: '2026-02-30', to: '2026-03-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'params.from' })]);
    const sort = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: period(),
      sort: 'latitude',
    });
    expect(sort.body.errors).toEqual([
      expect.objectContaining({ path: 'sort', code: 'validation.sortInvalid' }),
    ]);
    const company = await start('SA', { report: 'locationHistory', format: 'csv', params: period() });
    expect(company.body.errors).toEqual([
      expect.objectContaining({ path: 'params.companyId', code: 'report.companyRequired' }),
    ]);
    const other = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { ...period(), companyId: String(await f.companyId('BETA')) },
    });
    expect(other.status).toBe(404);

    const pdf = await start('CA', {
      report: 'locationHistory',
      format: 'pdf',
      params: { ...period(), msisdnIds: String(big) },
    });
    expect(pdf.status).toBe(400);
    expect(pdf.body.code).toBe('report.tooManyRows');
    expect(pdf.body.errors).toEqual([
      expect.objectContaining({
        path: 'format',
        code: 'report.tooManyRows',
        params: { rows: 5001, format: 'PDF', max: 5000 },
      }),
    ]);
  });

  it('writes a PDF export of fewer rows', async () => {
    const few = await msisdnWithPositions(30);
    const created = await start('CA', {
      report: 'locationHistory',
      format: 'pdf',
      locale: 'en-US',
      params: { ...period(), msisdnIds: String(few) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await f.server.jobs.drain();
    expect((await get('CA', created.body.id)).body).toMatchObject({ status: 'DONE', rows: 30 });
    const file = await f.call('CA', 'GET', `/report-exports/${created.body.id}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('cancels: a queued export never runs, a running one stops between batches and leaves no file', async () => {
    const queued = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { ...period(), msisdnIds: String(big) },
    });
    const cancelled = await f.call('CA', 'DELETE', `/report-exports/${queued.body.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    await f.server.jobs.drain();
    expect((await get('CA', queued.body.id)).body).toMatchObject({ status: 'CANCELLED', rows: 0 });
    expect(await fileIdOf(queued.body.id)).toBeNull();

    // A running export: the owner cancels while the first batch's progress is saved.
    const running = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { ...period(), msisdnIds: String(big) },
    });
    const id = running.body.id;
    const exports = reportExports({ db: f.db, reports: reportsService({ db: f.db }), ttlHours: 24 });
    const seen: number[] = [];
    let unfinished: number | null = null;
    await exports.runJob({
      id: 0,
      kind: REPORT_EXPORT_JOB,
      key: String(id),
      payload: { exportId: id },
      attempt: 1,
      progress: null,
      signal: new AbortController().signal,
      saveProgress: async (progress) => {
        seen.push((progress as { rows: number }).rows);
        if (seen.length === 1) {
          // The file is there from the start, not complete yet.
          unfinished = await fileIdOf(id);
          expect(await storedFile(unfinished!)).toMatchObject({ complete: false });
          expect((await get('CA', id)).body).toMatchObject({ status: 'RUNNING', rows: 2000, total: 5001 });
          expect((await f.call('CA', 'DELETE', `/report-exports/${id}`)).statusCode).toBe(200);
        }
      },
      now: () => new Date(),
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    });
    expect(seen).toEqual([2000]);
    expect((await get('CA', id)).body).toMatchObject({ status: 'CANCELLED', rows: 2000 });
    expect(await storedFile(unfinished!)).toBeUndefined();
    expect(await fileIdOf(id)).toBeNull();
    expect((await f.call('CA', 'GET', `/report-exports/${id}/file`)).statusCode).toBe(409);
  });

  it('expires: the schedule deletes the file after the time to live, the download answers 410', async () => {
    const created = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { ...period(), msisdnIds: String(big) },
    });
    await f.server.jobs.drain();
    const id = created.body.id;
    const fileId = (await fileIdOf(id))!;
    expect(await storedFile(fileId)).toEqual({ complete: true, bytes: (await get('CA', id)).body.bytes });
    const exports = reportExports({ db: f.db, reports: reportsService({ db: f.db }), ttlHours: 24 });
    expect(await exports.expire(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await storedFile(fileId)).toMatchObject({ complete: true });
    expect(await exports.expire(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await storedFile(fileId)).toBeUndefined();
    expect((await get('CA', id)).body.status).toBe('EXPIRED');
    const gone = await f.call('CA', 'GET', `/report-exports/${id}/file`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'report.exportExpired' });
  });

  it('resumes after a kill -9 mid-file: the export runs again from the start and its file appears once', async () => {
    await f.server.jobs.drain(); // nothing else queued for the child to take
    const created = await start('CA', {
      report: 'locationHistory',
      format: 'csv',
      params: { ...period(), msisdnIds: String(big) },
    });
    const id = created.body.id;
    const url = (await sql<{ db: string }>`select current_database() as db`.execute(f.db)).rows[0]!.db;
    const base = new URL(process.env['DATABASE_URL']!);
    base.pathname = `/${url}`;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: base.toString() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until(() => out.includes('MIDWAY'), 60_000, 'the child to write its first batch');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await get('CA', id)).body).toMatchObject({ status: 'RUNNING', rows: 2000 });
    const left = (await fileIdOf(id))!;
    expect(await storedFile(left)).toMatchObject({ complete: false });

    await until(
      async () =>
        (await listJobs(f.db, { key: String(id), kind: REPORT_EXPORT_JOB }))[0]!.leaseUntil! < new Date(),
      10_000,
      'the child’s lease to lapse',
    );
    await f.server.jobs.drain();
    const done = await get('CA', id);
    expect(done.body).toMatchObject({ status: 'DONE', rows: 5001 });
    // The crashed run's unfinished file is gone; the export names one complete file.
    expect(await storedFile(left)).toBeUndefined();
    const fileId = (await fileIdOf(id))!;
    expect(fileId).not.toBe(left);
    expect(await storedFile(fileId)).toEqual({ complete: true, bytes: done.body.bytes });
    const file = await f.call('CA', 'GET', `/report-exports/${id}/file`);
    const lines = file.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(5002);
    expect(new Set(lines).size).toBe(5002); // every row once
    const [job] = await listJobs(f.db, { key: String(id), kind: REPORT_EXPORT_JOB });
    expect(job).toMatchObject({ status: 'DONE', attempts: 2 });
  });
});
