/** Locale-aware display helpers (Intl); the locale is the interface language (i18n.language). */

/** ISO weekday (1 = Monday … 7 = Sunday) → its name; 2024-01-01 was a Monday. */
export function weekdayName(locale: string, isoDay: number, style: 'long' | 'short' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoDay)),
  );
}

/** HH:mm of an instant in a time zone (a shift's), in the interface language's digits. */
export function timeIn(locale: string, timeZone: string, iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function countryName(locale: string, code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function formatMoney(locale: string, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 4 }).format(
      amount,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatDateTime(locale: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar date `YYYY-MM-DD` shown in the locale, without shifting it by the browser's time zone. */
export function formatDate(locale: string, isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** IANA zones the browser knows, with UTC first (some engines leave it out of supportedValuesOf). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

export function currencies(): string[] {
  return typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('currency')
    : ['EUR', 'USD', 'SAR'];
}
