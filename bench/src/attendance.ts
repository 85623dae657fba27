/**
 * Attendance (issue 12), in the same run and database:
 * - finalising one day for `BENCH_ATTENDANCE_MSISDNS` (10,000) MSISDNs from their visits and positions, against a
 *   plain scan of the same rows (the visits and positions of the window, grouped per MSISDN);
 * - the monthly sheet for 1,000 MSISDNs × 30 days, p99 of 16 concurrent callers (in process, no HTTP), against the
 *   same days read by a plain query. Goal: the sheet within 500 ms p99. (The bench analyses what it inserted, as
 *   autovacuum would.)
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { deriveGeometry } from '@lbs/server/internal/location/geofence/index.ts';
import { recomputeAttendance } from '@lbs/server/internal/modules/attendance/jobs.ts';
import { attendanceService } from '@lbs/server/internal/modules/attendance/service.ts';
import { scopeOf } from '@lbs/server/internal/access/scope.ts';
import {
  benchCompany,
  benchDatabase,
  benchMsisdns,
  benchOfficeShift,
  type BenchRow,
} from './location-setup.ts';

const MSISDNS = Number(process.env['BENCH_ATTENDANCE_MSISDNS'] ?? 10_000);
const SHEET_MSISDNS = 1000;
const SHEET_CALLERS = 16;
const SHEET_ROUNDS = Number(process.env['BENCH_ATTENDANCE_SHEET_ROUNDS'] ?? 10);
const DAY = '2026-11-24'; // a Tuesday
const CENTRE = { lat: 24.7136, lon: 46.6753 };

const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+03:00`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchAttendance(): Promise<BenchRow[]> {
  const database = await benchDatabase();
  try {
    const { db } = database.handle;
    const org = await benchCompany(db, 'ATTEND');
    const ids = await benchMsisdns(db, org, MSISDNS, (i) => `+999300${String(i).padStart(6, '0')}`);
    const geometry = { type: 'CIRCLE' as const, center: CENTRE, radiusM: 400 };
    const d = deriveGeometry(geometry);
    const poi = await db
      .insertInto('pois')
      .values({
        company_id: org.companyId,
        name: 'Office',
        active: true,
        geometry: JSON.stringify(geometry),
        bbox: d.bboxSql,
        centroid_lat: d.centroid.lat,
        centroid_lon: d.centroid.lon,
        area_m2: d.areaM2,
        r_eff_m: d.rEffM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { shiftId, versionId } = await benchOfficeShift(db, org.companyId);
    for (let i = 0; i < ids.length; i += 5000)
      await db
        .insertInto('poi_assignments')
        .values(
          ids.slice(i, i + 5000).map((m) => ({
            company_id: org.companyId,
            poi_id: poi.id,
            msisdn_id: m,
            purpose: 'ATTENDANCE_SITE' as const,
            shift_id: shiftId,
            days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
            windows: JSON.stringify([{ start: '00:00', end: '00:00' }]),
            notify_on_enter: false,
            notify_on_exit: false,
          })),
        )
        .execute();
    // A visit per MSISDN (arrivals 07:45–08:45, departures 16:30–17:30) and a network fix every 30 minutes.
    await sql`
      insert into visits (key, company_id, msisdn_id, poi_id, entered_at, entered_earliest, entered_latest, exited_at,
                          exited_earliest, exited_latest, dwell_minutes, confidence, fix_count, sources, closed_by)
      select 'bench:' || m, ${org.companyId}, m, ${poi.id},
             ${at('07:45')}::timestamptz + (m % 60) * interval '1 minute',
             ${at('07:40')}::timestamptz + (m % 60) * interval '1 minute',
             ${at('07:45')}::timestamptz + (m % 60) * interval '1 minute',
             ${at('16:30')}::timestamptz + (m % 60) * interval '1 minute',
             ${at('16:30')}::timestamptz + (m % 60) * interval '1 minute',
             ${at('16:35')}::timestamptz + (m % 60) * interval '1 minute',
             525, 0.9, 18, '["NETWORK"]', 'EXIT'
      from unnest(${ids}::int[]) m`.execute(db);
    await sql`
      insert into positions (msisdn_id, time, lat, lon, accuracy_m, source)
      select m, ${at('07:00')}::timestamptz + k * interval '30 minutes',
             ${CENTRE.lat} + (case when k between 2 and 19 then 0 else 0.03 end), ${CENTRE.lon}, 150, 'NETWORK'
      from unnest(${ids}::int[]) m, generate_series(0, 21) k`.execute(db);
    await sql`analyze`.execute(db);

    // Baseline: the same rows read plainly, grouped per MSISDN.
    let started = performance.now();
    await sql`
      select v.msisdn_id, min(v.entered_at), max(v.exited_at), count(p.*)
      from visits v join positions p on p.msisdn_id = v.msisdn_id
        and p.time >= ${at('07:00')} and p.time < ${at('18:00')}
      group by v.msisdn_id`.execute(db);
    const scanMs = performance.now() - started;
    started = performance.now();
    const now = new Date(at('18:00').getTime() + 3_600_000);
    const finalised = await recomputeAttendance(db, {
      from: at('00:00'),
      to: at('23:00'),
      now,
      cause: 'bench',
    });
    const finaliseMs = performance.now() - started;

    // The sheet: 1,000 MSISDNs × 30 days of stored days.
    const sheetIds = ids.slice(0, SHEET_MSISDNS);
    await sql`
      insert into attendance_days (msisdn_id, date, company_id, shift_id, shift_version_id, status, state, kind,
                                   minutes_inside, visit_keys, reasons)
      select m, d::date, ${org.companyId}, ${shiftId}, ${versionId},
             (array['PRESENT','LATE','EARLY_EXIT','ABSENT','NO_DATA','WEEKLY_OFF'])[1 + (m + extract(day from d)::int) % 6],
             'FINAL', 'WORKING', 480, '[]', '[]'
      from unnest(${sheetIds}::int[]) m, generate_series('2026-10-01'::date, '2026-10-30'::date, '1 day') d
      on conflict do nothing`.execute(db);
    await sql`analyze attendance_days, attendance_months`.execute(db);
    const admin = await db
      .insertInto('users')
      .values({
        username: 'bench.attendance',
        email: 'bench.attendance@example.com',
        full_name: 'Bench Admin',
        company_id: org.companyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = {
      id: admin.id,
      subject: 'bench',
      username: 'bench.attendance',
      email: 'bench.attendance@example.com',
      fullName: 'Bench Admin',
      companyId: org.companyId,
      departmentId: null,
      zoneId: null,
      roles: ['CompanyAdmin' as const],
      role: 'CompanyAdmin' as const,
      active: true,
    };
    const caller = { user, scope: scopeOf(user), requestId: undefined };
    const service = attendanceService({ db });
    const query = { month: '2026-10', page: 1, size: SHEET_MSISDNS };
    await service.sheet(caller, query); // warm-up
    const sheetTimes: number[] = [];
    for (let round = 0; round < SHEET_ROUNDS; round++)
      await Promise.all(
        Array.from({ length: SHEET_CALLERS }, async () => {
          const t0 = performance.now();
          await service.sheet(caller, query);
          sheetTimes.push(performance.now() - t0);
        }),
      );
    started = performance.now();
    await sql`select msisdn_id, date, status from attendance_days where date between '2026-10-01' and '2026-10-31'`.execute(
      db,
    );
    const plainSheetMs = performance.now() - started;
    return [
      {
        bench: 'attendance',
        metric: `plain scan of ${MSISDNS} MSISDNs' visits and positions`,
        value: scanMs,
        unit: 'ms',
      },
      {
        bench: 'attendance',
        metric: `finalise one day for ${MSISDNS} MSISDNs (${finalised.days} days)`,
        value: finaliseMs,
        unit: 'ms',
      },
      { bench: 'attendance', metric: 'finalise / plain scan', value: finaliseMs / scanMs, unit: 'ratio' },
      {
        bench: 'attendance',
        metric: `monthly sheet, ${SHEET_MSISDNS} MSISDNs, p50 of ${SHEET_CALLERS} callers`,
        value: percentile(sheetTimes, 50),
        unit: 'ms',
      },
      {
        bench: 'attendance',
        metric: `monthly sheet, ${SHEET_MSISDNS} MSISDNs, p99 of ${SHEET_CALLERS} callers (goal ≤ 500 ms)`,
        value: percentile(sheetTimes, 99),
        unit: 'ms',
      },
      {
        bench: 'attendance',
        metric: 'sheet p50 / plain read of the same days',
        value: percentile(sheetTimes, 50) / plainSheetMs,
        unit: 'ratio',
      },
    ];
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchAttendance())
    console.log(`${row.metric}: ${row.value.toFixed(row.unit === 'ratio' ? 2 : 0)} ${row.unit}`);
  process.exit(0);
}
