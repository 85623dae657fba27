import { DATE_MAX, DATE_MIN, POSITION_HISTORY_MAX_DAYS } from '@lbs/contracts';

/** The history periods offered as one click; "custom" takes the from–to inputs. */
export const HISTORY_PRESETS = ['hour', 'today', 'day', 'week'] as const;
export type HistoryPreset = (typeof HISTORY_PRESETS)[number];

export type { TimeRange } from '../../../shared-api/msisdns/position-history.ts';
import type { TimeRange } from '../../../shared-api/msisdns/position-history.ts';

/** A preset as an absolute period ending now ("today" starts at local midnight). */
export function presetRange(preset: HistoryPreset, now: Date = new Date()): TimeRange {
  const to = new Date(now.getTime());
  switch (preset) {
    case 'hour':
      return { from: new Date(to.getTime() - 3_600_000), to };
    case 'today':
      return { from: new Date(to.getFullYear(), to.getMonth(), to.getDate()), to };
    case 'day':
      return { from: new Date(to.getTime() - 86_400_000), to };
    case 'week':
      return { from: new Date(to.getTime() - 7 * 86_400_000), to };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `<input type="datetime-local">` value of a date, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) → Date; undefined when empty or malformed. */
export function fromLocalInput(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date : undefined;
}

const MIN_MS = new Date(`${DATE_MIN}T00:00:00`).getTime();
const MAX_MS = new Date(`${DATE_MAX}T23:59:59`).getTime();

/**
 * The message key that refuses a custom period, or null when the server will take it: both ends given and within
 * the portal's date bounds, from before to, at most POSITION_HISTORY_MAX_DAYS long.
 */
export function rangeProblem(
  from: Date | undefined,
  to: Date | undefined,
): 'validation.required' | 'location.rangeInvalid' | null {
  if (!from || !to) return 'validation.required';
  const f = from.getTime();
  const t = to.getTime();
  if (f < MIN_MS || t > MAX_MS || f >= t || t - f > POSITION_HISTORY_MAX_DAYS * 86_400_000)
    return 'location.rangeInvalid';
  return null;
}
