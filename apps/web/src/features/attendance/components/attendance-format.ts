import type { AttendanceStatus } from '@lbs/contracts';

export { timeIn } from '../../../lib/format.ts';

/** Date and time of an instant in the shift's zone. */
export function dateTimeIn(locale: string, timeZone: string, iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A number of minutes as hours and minutes in the interface language ("8 h 5 min", "٨ س ٥ د"). */
export function duration(locale: string, total: number): string {
  const rounded = Math.round(total);
  const unit = (unit: 'hour' | 'minute', value: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value);
  const hours = Math.floor(rounded / 60);
  return hours ? `${unit('hour', hours)} ${unit('minute', rounded % 60)}` : unit('minute', rounded);
}

export type StatusTone = 'success' | 'warning' | 'info' | 'error' | 'default';

/** The colour family of a status (chips and sheet cells). */
export const STATUS_TONE: Record<AttendanceStatus, StatusTone> = {
  PRESENT: 'success',
  LATE: 'warning',
  EARLY_EXIT: 'warning',
  LATE_AND_EARLY_EXIT: 'warning',
  HALF_DAY: 'info',
  ABSENT: 'error',
  NO_DATA: 'default',
  HOLIDAY: 'default',
  WEEKLY_OFF: 'default',
};
