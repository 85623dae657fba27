import type { Db, Executor } from '../../db/database.ts';
import type { EventProcessor } from '../../events/processors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { attendanceMembers, computeDays, datesTouching, type Member } from './days.ts';

export const ATTENDANCE_REFRESH_JOB = 'attendance.refresh';
export const ATTENDANCE_RECOMPUTE_JOB = 'attendance.recompute';
/** How often today's days are brought up to date and closed windows finalised. */
export const ATTENDANCE_REFRESH_EVERY_MS = 5 * 60_000;
/** The refresh looks this far back: a night shift's window and its settling half hour. */
const REFRESH_LOOKBACK_MS = 36 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Today's (and a night shift's yesterday's) days of every member: PROVISIONAL and live while the window is open,
 * FINAL from its end + 30 minutes. Idempotent per (MSISDN, date): any number of runs, or two workers, store the same.
 */
export async function refreshAttendance(db: Executor, now: Date, companyId?: number): Promise<number> {
  const members = await attendanceMembers(db, companyId === undefined ? {} : { companyId });
  const t = now.getTime();
  const { days } = await computeDays(db, {
    members,
    dates: (m, book) => datesTouching(book, m.shiftId, t - REFRESH_LOOKBACK_MS, t),
    now: t,
    cause: 'refresh',
  });
  return days;
}

/** Recomputes the days of a span (a shift's new terms, late data, the demo history): corrections where FINAL ones change. */
export async function recomputeAttendance(
  db: Executor,
  options: {
    from: Date;
    to: Date;
    now: Date;
    cause: string;
    companyId?: number;
    shiftId?: number;
    msisdnIds?: number[];
  },
): Promise<{ days: number; changed: number }> {
  let members: Member[] = await attendanceMembers(db, {
    ...(options.companyId !== undefined ? { companyId: options.companyId } : {}),
    ...(options.msisdnIds ? { msisdnIds: options.msisdnIds } : {}),
  });
  if (options.shiftId !== undefined) members = members.filter((m) => m.shiftId === options.shiftId);
  const to = Math.min(options.to.getTime(), options.now.getTime());
  return computeDays(db, {
    members,
    dates: (m, book) => datesTouching(book, m.shiftId, options.from.getTime(), to),
    now: options.now.getTime(),
    cause: options.cause,
  });
}

/** attendance.refresh (every 5 minutes) and attendance.recompute (a span, on request). */
export function registerAttendanceJobs(runner: JobRunner, { db }: { db: Db }): void {
  runner
    .register(ATTENDANCE_REFRESH_JOB, async (job) => {
      const days = await refreshAttendance(db, job.now());
      if (days) job.log.debug({ days }, 'attendance refreshed');
    })
    .schedule({
      name: ATTENDANCE_REFRESH_JOB,
      kind: ATTENDANCE_REFRESH_JOB,
      every: ATTENDANCE_REFRESH_EVERY_MS,
      maxAttempts: 1,
    });
  runner.register(
    ATTENDANCE_RECOMPUTE_JOB,
    async (job) => {
      const p = job.payload as {
        from: string;
        to: string;
        shiftId?: number;
        companyId?: number;
        cause: string;
      };
      const result = await recomputeAttendance(db, {
        from: new Date(p.from),
        to: new Date(p.to),
        now: job.now(),
        cause: p.cause,
        ...(p.shiftId !== undefined ? { shiftId: p.shiftId } : {}),
        ...(p.companyId !== undefined ? { companyId: p.companyId } : {}),
      });
      job.log.info(result, 'attendance recomputed');
    },
    { concurrency: 1 },
  );
}

type VisitEventType = 'GEOFENCE_ENTER' | 'VISIT_CLOSED' | 'VISIT_CORRECTED';

/**
 * A visit at an attendance site that opens, closes or is corrected (late data replayed) recomputes the days it
 * touches at once: today's row turns PRESENT when the entry is confirmed, and a FINAL day changed by a replay keeps a
 * correction. In the processor's transaction: exactly once per event.
 */
export function attendanceVisitProcessor(now: () => Date = () => new Date()): EventProcessor<VisitEventType> {
  return {
    name: 'attendance.fromVisits',
    types: ['GEOFENCE_ENTER', 'VISIT_CLOSED', 'VISIT_CORRECTED'],
    async handle(event, tx) {
      if (event.msisdnId === null) return;
      const members = await attendanceMembers(tx, { msisdnIds: [event.msisdnId] });
      const member = members[0];
      const p = event.payload;
      if (!member || !member.sites.some((s) => s.poiId === p.poiId)) return;
      const from = Date.parse(p.enteredAt);
      const to = p.exitedAt ? Date.parse(p.exitedAt) : now().getTime();
      const t = now().getTime();
      await computeDays(tx, {
        members: [member],
        dates: (m, book) => datesTouching(book, m.shiftId, from - DAY_MS / 2, Math.min(to, t)),
        now: t,
        cause: event.type === 'VISIT_CORRECTED' ? 'visitCorrected' : 'visit',
      });
    },
  };
}
