const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "now" in the interface language (rounded down to the largest whole unit). */
export function formatRelative(timeMs: number, nowMs: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const diff = timeMs - nowMs;
  const abs = Math.abs(diff);
  for (const [unit, ms] of UNITS) {
    if (abs >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return format.format(0, 'second');
}

/** Date and time in the interface language, to the second (two fixes a minute apart must differ). */
export function formatDateTime(timeMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(timeMs);
}

export function formatTime(timeMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(timeMs);
}

/** "350 m", "1.2 km" with the language's units and digits. */
export function formatDistance(metres: number, locale: string): string {
  if (metres >= 1000)
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilometer',
      maximumFractionDigits: 1,
    }).format(metres / 1000);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
    metres,
  );
}

export function formatCoordinates(lat: number, lon: number, locale: string): string {
  const f = new Intl.NumberFormat(locale, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return `${f.format(lat)}, ${f.format(lon)}`;
}
