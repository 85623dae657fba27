import type { ReportColumn, ReportValue } from '@lbs/contracts';
import type { ReportTextsOf } from './texts.ts';

/** `00` … `59`. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/**
 * Wall-clock time of an instant in a time zone, fast enough for a million rows: the zone's offset is looked up once
 * per quarter hour of the timeline (every offset change of every zone falls on a quarter hour) and cached.
 */
export function zonedClock(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  // Rows come in order more often than not: the last slot's offset and the last hour's text are kept at hand.
  let lastSlot = NaN;
  let lastOffset = 0;
  let lastHour = NaN;
  let lastHourText = '';
  const offsetAt = (ms: number): number => {
    const slot = Math.floor(ms / 900_000);
    if (slot === lastSlot) return lastOffset;
    let offset = offsets.get(slot);
    if (offset === undefined) {
      const parts = Object.fromEntries(
        format.formatToParts(new Date(slot * 900_000)).map((p) => [p.type, p.value]),
      );
      const wall = Date.UTC(
        +parts.year!,
        +parts.month! - 1,
        +parts.day!,
        +parts.hour!,
        +parts.minute!,
        +parts.second!,
      );
      offset = wall - slot * 900_000;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(slot, offset);
    }
    lastSlot = slot;
    lastOffset = offset;
    return offset;
  };
  return {
    /** The instant as a Date whose UTC fields read the wall clock in the zone (for typed spreadsheet cells). */
    wall(iso: string): Date {
      const ms = Date.parse(iso);
      return new Date(ms + offsetAt(ms));
    },
    /** `YYYY-MM-DD HH:mm:ss` on the zone's wall clock. */
    text(iso: string): string {
      const ms = Date.parse(iso);
      const wall = ms + offsetAt(ms);
      // `YYYY-MM-DD HH:` once per hour of the wall clock; minutes and seconds by arithmetic.
      const hour = Math.floor(wall / 3_600_000);
      if (hour !== lastHour) {
        const text = new Date(hour * 3_600_000).toISOString();
        lastHour = hour;
        lastHourText = `${text.slice(0, 10)} ${text.slice(11, 14)}`;
      }
      const rest = wall - hour * 3_600_000;
      return `${lastHourText}${TWO_DIGITS[Math.floor(rest / 60_000)]}:${TWO_DIGITS[Math.floor(rest / 1000) % 60]}`;
    },
  };
}

/** Seconds → `h:mm:ss` (hours may exceed 24: a month's time inside). */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Each column's value as the text a file prints (CSV, PDF): times on the company's wall clock, enumerated values and
 * yes/no in the reader's language, durations as h:mm:ss, numbers with a dot (files are read by programs too).
 */
export function cellTexts(
  columns: readonly ReportColumn[],
  texts: ReportTextsOf,
  timeZone: string,
): ((value: ReportValue) => string)[] {
  const clock = zonedClock(timeZone);
  /** An enumerated value's text, looked up once per value (a set has a handful; a file has a million rows). */
  const translated = (enumOf: string) => {
    const known = new Map<string, string>();
    return (v: ReportValue) => {
      if (v === null) return '';
      const value = String(v);
      let text = known.get(value);
      if (text === undefined) known.set(value, (text = texts.enumValue(enumOf, value)));
      return text;
    };
  };
  return columns.map((column) => {
    switch (column.type) {
      case 'datetime':
        return (v) => (v === null ? '' : clock.text(String(v)));
      case 'enum':
        return translated(column.enumOf ?? '');
      case 'boolean':
        return translated('boolean');
      case 'duration':
        return (v) => (v === null ? '' : durationText(Number(v)));
      case 'coordinate':
        return (v) => (v === null ? '' : Number(v).toFixed(6));
      case 'number':
        return (v) =>
          v === null ? '' : column.decimals === undefined ? String(v) : Number(v).toFixed(column.decimals);
      case 'percent':
        return (v) => (v === null ? '' : `${Number(v).toFixed(1)}`);
      default:
        return (v) => (v === null ? '' : String(v));
    }
  });
}
