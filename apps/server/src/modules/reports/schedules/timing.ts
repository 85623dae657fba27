import { Cron } from 'croner';
import type { ReportSchedulePeriod } from '@lbs/contracts';

/** The preset as cron (contracts), and the period a preset covers unless told otherwise. */
export { scheduleCron as compileCron, DEFAULT_SCHEDULE_PERIOD as DEFAULT_PERIOD } from '@lbs/contracts';

export function cronOf(cron: string, timeZone: string): Cron {
  return new Cron(cron, { timezone: timeZone, paused: true });
}

/** The first slot strictly after `after` (croner follows daylight saving: a repeated hour runs once). */
export function nextSlot(cron: string, timeZone: string, after: Date): Date {
  const next = cronOf(cron, timeZone).nextRun(after);
  if (!next) throw new Error(`cron ${cron} has no time after ${after.toISOString()}`);
  return next;
}

/**
 * For a schedule whose stored next slot has come: the latest slot at or before `now` (after a downtime that missed
 * several, only this one runs: the catch-up is the latest missed period) and the first slot after `now`.
 */
export function dueSlot(
  cron: string,
  timeZone: string,
  storedNext: Date,
  now: Date,
): { slot: Date; next: Date } {
  const c = cronOf(cron, timeZone);
  let slot = storedNext;
  for (let i = 0; i < 1000; i++) {
    const next = c.nextRun(slot);
    if (!next) break;
    if (next.getTime() > now.getTime()) return { slot, next };
    slot = next;
  }
  // A gap of more than a thousand slots: jump to the latest one before now.
  const next = nextSlot(cron, timeZone, now);
  const previous = c.previousRuns(1, now)[0] ?? storedNext;
  return { slot: previous, next };
}

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The complete period before the day an instant falls on (company time zone): the day before; the ISO week (Monday
 * to Sunday) before its week; the calendar month before its month.
 */
export function periodBefore(
  rule: ReportSchedulePeriod,
  instant: Date,
  timeZone: string,
): { from: string; to: string } {
  const today = toDay(localDate(instant, timeZone));
  switch (rule) {
    case 'previousDay': {
      const day = fromDay(today - DAY_MS);
      return { from: day, to: day };
    }
    case 'previousWeek': {
      const isoWeekday = ((new Date(today).getUTCDay() + 6) % 7) + 1;
      const monday = today - (isoWeekday - 1) * DAY_MS;
      return { from: fromDay(monday - 7 * DAY_MS), to: fromDay(monday - DAY_MS) };
    }
    case 'previousMonth': {
      const d = new Date(today);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
      const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0);
      return { from: fromDay(first), to: fromDay(last) };
    }
  }
}
