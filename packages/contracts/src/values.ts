/**
 * Checks and conversions of plain values shared by the schemas and the web app's first bundle: nothing here imports
 * zod, so the app shell can use them without loading the schema library.
 */

/** IANA time-zone name the platform knows (`Asia/Riyadh`, `UTC`); offsets and abbreviations are refused. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** ISO 4217 currency code the platform knows. */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value);
}

/** Absent stays absent (PATCH: unchanged); '' and null become null (cleared). */
export function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value || null;
}

/** A real calendar date spelled `YYYY-MM-DD` (no 2024-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Ids are PostgreSQL `integer`s. */
export const ID_MAX = 2_147_483_647;
