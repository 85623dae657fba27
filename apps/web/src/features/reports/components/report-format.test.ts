import { beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportColumn } from '@lbs/contracts';
import { i18n, initI18n, loadAreas } from '../../../i18n/index.ts';
import { columnTitle, formatDuration, formatValue } from './report-format.ts';

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['reports']);
});

const column = (key: string): ReportColumn => {
  const found = Object.values(REPORTS)
    .flatMap((meta) => meta.columns)
    .find((c) => c.key === key);
  if (!found) throw new Error(key);
  return found;
};
const en = () => ({ t: i18n.t, locale: 'en-US', timeZone: 'Europe/Rome' });

describe('report values on the screen', () => {
  it('writes each column type its way', () => {
    const row = { total: '1234.50', currency: 'EUR' };
    expect(formatValue(column('total'), '1234.50', row, en())).toBe('€1,234.50');
    expect(formatValue(column('total'), '1234.50', { total: '1234.50', currency: null }, en())).toBe(
      '1234.50',
    );
    expect(formatValue(column('attendanceRate'), 87.25, {}, en())).toBe('87.3%');
    expect(formatValue(column('latitude'), 41.9, {}, en())).toBe('41.900000');
    expect(formatValue(column('accuracyM'), 1947.4, {}, en())).toBe('1,947');
    expect(formatValue(column('source'), 'NETWORK', {}, en())).toBe('Mobile network');
    // A value the texts do not know yet prints as it is.
    expect(formatValue(column('source'), 'SATELLITE', {}, en())).toBe('SATELLITE');
    expect(formatValue(column('overdue'), true, {}, en())).toBe('Yes');
    expect(formatValue(column('date'), '2026-03-29', {}, en())).toBe('Mar 29, 2026');
    // The company's zone: 01:30Z on the day Rome moves to summer time is 03:30.
    expect(formatValue(column('completedAt'), '2026-03-29T01:30:00.000Z', {}, en())).toBe(
      'Mar 29, 2026, 3:30 AM',
    );
    expect(formatValue(column('completedAt'), null, {}, en())).toBe('');
  });

  it('durations as h:mm, hours beyond a day included', () => {
    expect(formatDuration('en-US', 0)).toBe('0:00');
    expect(formatDuration('en-US', 59 * 60 + 29)).toBe('0:59');
    expect(formatDuration('en-US', 100 * 3600 + 5 * 60)).toBe('100:05');
    expect(formatDuration('ar-SA', 8 * 3600 + 5 * 60)).toBe('٨:٠٥');
  });

  it('titles a column by its report’s own name, else the shared one', () => {
    const exists = (key: string) => i18n.exists(key);
    expect(columnTitle(i18n.t, exists, 'locationHistory', 'time')).toBe('Time');
    expect(columnTitle(i18n.t, exists, 'locationHistory', 'msisdn')).toBe('Mobile number');
  });
});
