/**
 * A report's values as the screen prints them, per column type (contracts REPORT_COLUMN_TYPES): instants in the
 * company's time zone, durations as h:mm, percentages, money with its currency, enumerated values and yes/no in the
 * interface language. Null prints empty. The exported files print the same columns on the server.
 */
import type { TFunction } from 'i18next';
import type { ReportColumn, ReportKey, ReportRow, ReportValue } from '@lbs/contracts';
import { formatDate, formatPrice } from '../../../lib/format.ts';

/** The column's title: `reports.column.<report>.<column>`, else the shared `reports.column.<column>`. */
export function columnTitle(
  t: TFunction,
  exists: (key: string) => boolean,
  report: ReportKey,
  column: string,
): string {
  const own = `reports.column.${report}.${column}`;
  return exists(own) ? t(own) : t(`reports.column.${column}`);
}

/** Whole seconds → `h:mm` in the locale's digits ("8:05", "٨:٠٥"). */
export function formatDuration(locale: string, seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  const hours = new Intl.NumberFormat(locale, { useGrouping: false }).format(Math.floor(minutes / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(minutes % 60);
  return `${seconds < 0 ? '-' : ''}${hours}:${rest}`;
}

/** An instant in the company's time zone (date and time of day). */
export function formatInstant(locale: string, timeZone: string, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

export interface FormatContext {
  t: TFunction;
  locale: string;
  timeZone: string;
}

/** One cell's text. */
export function formatValue(
  column: ReportColumn,
  value: ReportValue | undefined,
  row: ReportRow,
  { t, locale, timeZone }: FormatContext,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'enum':
      return t(`reports.enum.${column.enumOf ?? column.key}.${String(value)}`, {
        defaultValue: String(value),
      });
    case 'boolean':
      return t(`reports.enum.boolean.${value === true || value === 'true' ? 'true' : 'false'}`);
    case 'integer':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Number(value));
    case 'number':
      return new Intl.NumberFormat(locale, {
        minimumFractionDigits: column.decimals ?? 0,
        maximumFractionDigits: column.decimals ?? 2,
      }).format(Number(value));
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        Number(value) / 100,
      );
    case 'coordinate':
      return new Intl.NumberFormat(locale, {
        minimumFractionDigits: 6,
        maximumFractionDigits: 6,
        useGrouping: false,
      }).format(Number(value));
    case 'datetime':
      return formatInstant(locale, timeZone, String(value));
    case 'date':
      return formatDate(locale, String(value));
    case 'duration':
      return formatDuration(locale, Number(value));
    case 'money': {
      const currency = column.currencyColumn ? row[column.currencyColumn] : null;
      return typeof currency === 'string' && currency
        ? formatPrice(locale, String(value), currency)
        : String(value);
    }
    default:
      return String(value);
  }
}

/** Columns whose values are numbers: aligned to the end of the cell. */
export const NUMERIC_TYPES = new Set(['integer', 'number', 'percent', 'duration', 'money', 'coordinate']);
