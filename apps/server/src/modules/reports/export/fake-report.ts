import type { ReportColumn, ReportContext, ReportRow } from '@lbs/contracts';
import type { ExportSource } from '../engine.ts';
import { reportTexts, type ReportTextsOf } from './texts.ts';

/** Every column type of the catalogue, for the writers' tests (one report's key, synthetic columns). */
export const ALL_TYPES: readonly ReportColumn[] = [
  { key: 'msisdn', type: 'msisdn' },
  { key: 'employee', type: 'text' },
  { key: 'source', type: 'enum', enumOf: 'positionSource' },
  { key: 'count', type: 'integer' },
  { key: 'ratio', type: 'number', decimals: 2 },
  { key: 'rate', type: 'percent' },
  { key: 'time', type: 'datetime' },
  { key: 'day', type: 'date' },
  { key: 'spent', type: 'duration' },
  { key: 'amount', type: 'money', currencyColumn: 'currency' },
  { key: 'currency', type: 'text' },
  { key: 'latitude', type: 'coordinate' },
  { key: 'present', type: 'boolean' },
];

/** Row i of a made-up report of ALL_TYPES: every column type, an Arabic and a Chinese name, nulls in row 2. */
export const fakeRow = (i: number): ReportRow =>
  i === 2
    ? {
        msisdn: '+966500000002',
        employee: null,
        source: null,
        count: null,
        ratio: null,
        rate: null,
        time: null,
        day: null,
        spent: null,
        amount: null,
        currency: null,
        latitude: null,
        present: null,
      }
    : {
        msisdn: `+9665${String(i).padStart(8, '0')}`,
        employee: i % 2 ? 'محمد العتيبي' : 'Wang 王伟',
        source: 'NETWORK',
        count: 40 + i,
        ratio: 1.25,
        rate: 87.5,
        // 09:00Z is 12:00 on Riyadh's wall clock.
        time: '2026-03-01T09:00:00.000Z',
        day: '2026-03-02',
        spent: 3725,
        amount: '1234.50',
        currency: 'SAR',
        latitude: 24.712345,
        present: i % 2 === 0,
      };

/**
 * A report over made-up rows (no database): what the writers read — the key, the columns, the context and
 * the rows in batches. `rowAt(i)` makes row i, so a large export never holds its rows.
 */
export function fakeReport(
  rowAt: (i: number) => ReportRow,
  count: number,
  options: { columns?: readonly ReportColumn[]; context?: Partial<ReportContext> } = {},
): ExportSource {
  const context: ReportContext = {
    company: { id: 1, name: 'Alpha Logistics' },
    timeZone: 'Asia/Riyadh',
    from: '2026-03-01',
    to: '2026-03-31',
    department: null,
    zone: null,
    ...options.context,
  };
  return {
    key: 'locationHistory',
    columns: options.columns ?? ALL_TYPES,
    context,
    count: async () => count,
    async *batches(size = 2000) {
      for (let from = 0; from < count; from += size) {
        const batch: ReportRow[] = [];
        for (let i = from; i < Math.min(count, from + size); i++) batch.push(rowAt(i));
        yield batch;
      }
    },
  };
}

/**
 * Headings of the synthetic columns above that no report has (count, ratio …), in the tests' two languages: a real
 * report's columns all have titles, and a PDF sizes its columns by their headings' words too, so the made-up report
 * is laid out as a real one is (not under keys such as `reports.column.count`).
 */
const FAKE_HEADINGS: Record<'en-US' | 'ar-SA', Record<string, string>> = {
  'en-US': {
    count: 'Fixes',
    ratio: 'Ratio',
    rate: 'Rate (%)',
    day: 'Day',
    spent: 'Time spent',
    amount: 'Amount',
    present: 'Present',
  },
  'ar-SA': {
    count: 'المواقع',
    ratio: 'النسبة',
    rate: 'المعدل (%)',
    day: 'اليوم',
    spent: 'المدة',
    amount: 'المبلغ',
    present: 'حاضر',
  },
};

/** The report texts of `locale`, with headings for the synthetic columns. */
export function fakeReportTexts(locale: 'en-US' | 'ar-SA'): ReportTextsOf {
  const texts = reportTexts(locale);
  return {
    ...texts,
    column: (report, column) => FAKE_HEADINGS[locale][column.key] ?? texts.column(report, column),
  };
}
