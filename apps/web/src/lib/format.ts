/** Locale-aware display helpers (Intl); the locale is the interface language (i18n.language). */
import { currencyDigits, minorToDecimal } from '@lbs/contracts';

/** ISO weekday (1 = Monday … 7 = Sunday) → its name; 2024-01-01 was a Monday. */
export function weekdayName(locale: string, isoDay: number, style: 'long' | 'short' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoDay)),
  );
}

/** The text with its spaces made no-break: it stays on one line (a longer one still breaks where its box says). */
export function noBreak(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/**
 * HH:mm of an instant in a time zone (a shift's), in the interface language's digits, on one line: Arabic writes its
 * AM/PM mark after an ordinary space, which let "٠٨:٠٠ ص" wrap with the mark alone on the next line.
 */
export function timeIn(locale: string, timeZone: string, iso: string | null | undefined): string {
  if (!iso) return '';
  return noBreak(
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso)),
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

/** A span of time in the locale, written once where its ends share it ("Nov 26, 2026, 08:00 – 09:00"). */
export function formatDateTimeRange(locale: string, fromIso: string, toIso: string): string {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${fromIso} – ${toIso}`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).formatRange(from, to);
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

/** A decimal string ("123.45", "0.050000") as the locale writes a number: exact, no float on the way. */
function decimalText(value: string): Intl.StringNumericLiteral {
  return value.trim() as Intl.StringNumericLiteral;
}

/**
 * Integer minor units of a currency (12345 EUR → "€123.45", 500 JPY → "¥500"): contracts' minorToDecimal, then the
 * locale's currency format with the currency's own number of decimals.
 */
export function formatMinor(locale: string, minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const decimal = minorToDecimal(minor, currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(decimalText(decimal));
  } catch {
    return `${decimal} ${currency}`;
  }
}

/** A price given as a decimal string of up to 6 decimals (a unit price, a tariff's fee): at least the currency's decimals. */
export function formatPrice(locale: string, decimal: string, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: currencyDigits(currency),
      maximumFractionDigits: 6,
    }).format(decimalText(decimal));
  } catch {
    return `${decimal} ${currency}`;
  }
}

/** A quantity or a count given as a decimal string ("1", "0.500000" → "0.5"). */
export function formatDecimal(locale: string, decimal: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(decimalText(decimal));
}

/** A rate in percent given as a decimal string ("15" → "15%", in the locale's way). */
export function formatPercent(locale: string, percent: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    Number(percent) / 100,
  );
}

/** A billing period `YYYY-MM` as the month's name and year ("November 2026", "نوفمبر ٢٠٢٦"). */
export function formatPeriod(locale: string, period: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period ?? '');
  if (!match) return period ?? '';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

/** The calendar date of an instant in the browser's time zone ("Nov 3, 2026"). */
export function formatInstantDate(locale: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** A date as `YYYY-MM-DD` in the browser's zone (today by default): form defaults, day views, local periods. */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
