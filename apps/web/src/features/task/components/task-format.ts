import { noBreak } from '../../../lib/format.ts';

/** A short date and time for grids and cards: "Nov 25, 10:59 PM" (the year only when it is not this year's). */
export function formatShort(locale: string, iso: string): string {
  const d = new Date(iso);
  const sameYear = d.getFullYear() === new Date().getFullYear();
  const parts = new Intl.DateTimeFormat(locale, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(d);
  // A time keeps its AM/PM mark on its line ("٦:٣٠ ص" wrapped with ص alone on the next one).
  return parts
    .map((part, i) =>
      part.type === 'literal' && (parts[i - 1]?.type === 'dayPeriod' || parts[i + 1]?.type === 'dayPeriod')
        ? noBreak(part.value)
        : part.value,
    )
    .join('');
}

/** The due window as one short text: "from – by", "by", or `none`. */
export function dueText(
  locale: string,
  task: { dueStart: string | null; dueEnd: string | null },
  none: string,
): string {
  if (!task.dueEnd) return none;
  // Each end stays on one line: a range too long for its column breaks after its dash, not inside a date or time.
  const whole = (iso: string) => noBreak(formatShort(locale, iso));
  const end = whole(task.dueEnd);
  return task.dueStart ? `${whole(task.dueStart)}\u00a0– ${end}` : end;
}
