/**
 * Reports (issue 16), in the same run and database: the attendance monthly report for 1,000 MSISDNs × 31 stored days
 * — its count and first page as the screen asks, and every row streamed as an export reads them — against a plain
 * aggregate of the same days (count per MSISDN and status). Goal: the report answers within 2 s.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { scopeOf } from '@lbs/server/internal/access/scope.ts';
import { reportsService } from '@lbs/server/internal/modules/reports/service.ts';
import {
  benchCompany,
  benchDatabase,
  benchMsisdns,
  benchOfficeShift,
  type BenchRow,
} from './location-setup.ts';

const MSISDNS = Number(process.env['BENCH_REPORTS_MSISDNS'] ?? 1000);
const ROUNDS = Number(process.env['BENCH_REPORTS_ROUNDS'] ?? 10);
const OTHER_MSISDNS = 9000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchReports(): Promise<BenchRow[]> {
  const database = await benchDatabase();
  try {
    const { db } = database.handle;
    const org = await benchCompany(db, 'REPORTS');
    const ids = await benchMsisdns(db, org, MSISDNS, (i) => `+999400${String(i).padStart(6, '0')}`);
    // Another company's 9,000 numbers and their month, so the report has to find its slice.
    const other = await benchCompany(db, 'REPORTS2');
    const otherIds = await benchMsisdns(
      db,
      other,
      OTHER_MSISDNS,
      (i) => `+999410${String(i).padStart(6, '0')}`,
    );
    for (const [o, list] of [
      [org, ids],
      [other, otherIds],
    ] as const) {
      const { shiftId, versionId } = await benchOfficeShift(db, o.companyId);
      await sql`
        insert into attendance_days (msisdn_id, date, company_id, shift_id, shift_version_id, status, state, kind,
                                     minutes_inside, late_minutes, visit_keys, reasons)
        select m, d::date, ${o.companyId}, ${shiftId}, ${versionId},
               (array['PRESENT','LATE','EARLY_EXIT','LATE_AND_EARLY_EXIT','HALF_DAY','ABSENT','NO_DATA','HOLIDAY',
                      'WEEKLY_OFF'])[1 + (m + extract(day from d)::int) % 9],
               'FINAL', 'WORKING', 420 + m % 120, m % 30, '[]', '[]'
        from unnest(${list}::int[]) m, generate_series('2026-10-01'::date, '2026-10-31'::date, '1 day') d`.execute(
        db,
      );
    }
    await sql`analyze`.execute(db);

    const admin = await db
      .insertInto('users')
      .values({
        username: 'bench.reports',
        email: 'bench.reports@example.com',
        full_name: 'Bench Admin',
        company_id: org.companyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = {
      id: admin.id,
      subject: 'bench',
      username: 'bench.reports',
      email: 'bench.reports@example.com',
      fullName: 'Bench Admin',
      companyId: org.companyId,
      departmentId: null,
      zoneId: null,
      roles: ['CompanyAdmin' as const],
      role: 'CompanyAdmin' as const,
      active: true,
    };
    const caller = { user, scope: scopeOf(user), requestId: undefined };
    const service = reportsService({ db });
    const params = { from: '2026-10-01', to: '2026-10-31' };

    const plain = async () => {
      const t0 = performance.now();
      await sql`select msisdn_id, status, count(*), sum(minutes_inside) from attendance_days
        where company_id = ${org.companyId} and date between '2026-10-01' and '2026-10-31'
        group by msisdn_id, status`.execute(db);
      return performance.now() - t0;
    };
    const screen = async () => {
      const t0 = performance.now();
      const page = await service.rows(caller, 'attendanceMonthly', {
        ...params,
        page: 1,
        size: 100,
        sort: '-attendanceRate',
      });
      if (page.total !== MSISDNS) throw new Error(`the report counted ${page.total} rows, not ${MSISDNS}`);
      return performance.now() - t0;
    };
    const stream = async () => {
      const t0 = performance.now();
      const prepared = await service.prepare(caller, 'attendanceMonthly', params);
      let n = 0;
      for await (const batch of prepared.batches(500)) n += batch.length;
      if (n !== MSISDNS) throw new Error(`the report streamed ${n} rows, not ${MSISDNS}`);
      return performance.now() - t0;
    };
    await plain();
    await screen();
    await stream();
    const plainMs: number[] = [];
    const screenMs: number[] = [];
    const streamMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plainMs.push(await plain());
      screenMs.push(await screen());
      streamMs.push(await stream());
    }
    return [
      {
        bench: 'reports',
        metric: `plain aggregate of ${MSISDNS} MSISDNs × 31 days by status (median)`,
        value: median(plainMs),
        unit: 'ms',
      },
      {
        bench: 'reports',
        metric: `attendance monthly report, ${MSISDNS} MSISDNs: count + first page by rate (median; goal ≤ 2000 ms)`,
        value: median(screenMs),
        unit: 'ms',
      },
      {
        bench: 'reports',
        metric: `attendance monthly report, ${MSISDNS} MSISDNs: every row by keyset, 500 a batch (median)`,
        value: median(streamMs),
        unit: 'ms',
      },
      {
        bench: 'reports',
        metric: 'report page / plain aggregate',
        value: median(screenMs) / median(plainMs),
        unit: 'ratio',
      },
      {
        bench: 'reports',
        metric: 'report stream / plain aggregate',
        value: median(streamMs) / median(plainMs),
        unit: 'ratio',
      },
    ];
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchReports())
    console.log(`${row.metric}: ${row.value.toFixed(row.unit === 'ratio' ? 2 : 0)} ${row.unit}`);
  process.exit(0);
}
