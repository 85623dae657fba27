import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadAreas } from './index.ts';

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn', 'org'], 'en-US');
  await loadAreas(['msisdn', 'org'], 'ar-SA');
});

describe('count-bearing strings', () => {
  it('render the six Arabic plural forms: 0 zero, 1 one, 2 two, 3 few, 11 many, 100 other', () => {
    const t = i18n.getFixedT('ar-SA');
    expect([0, 1, 2, 3, 11, 100].map((count) => t('msisdns.import.moreErrors', { count }))).toEqual([
      'لا توجد أخطاء أخرى غير معروضة.',
      'لا يتم عرض خطأ واحد آخر.',
      'لا يتم عرض خطأين آخرين.',
      'لا يتم عرض 3 أخطاء أخرى.',
      'لا يتم عرض 11 خطأً آخر.',
      'لا يتم عرض 100 خطأ آخر.',
    ]);
    // Arabic counts by the last two digits: 365 takes the form of 65.
    expect([1, 2, 7, 30, 100, 365].map((count) => t('org.unit.daysCount', { count }))).toEqual([
      'يوم واحد',
      'يومان',
      '7 أيام',
      '30 يومًا',
      '100 يوم',
      '365 يومًا',
    ]);
  });

  it('render English one and other', () => {
    const t = i18n.getFixedT('en-US');
    expect(t('msisdns.import.moreErrors', { count: 1 })).toBe('1 more error is not shown.');
    expect(t('msisdns.import.moreErrors', { count: 2 })).toBe('2 more errors are not shown.');
    expect(t('org.unit.daysCount', { count: 1 })).toBe('1 day');
    expect(t('org.unit.daysCount', { count: 90 })).toBe('90 days');
    expect(t('msisdns.import.completed', { succeeded: 2, count: 4 })).toBe(
      'Import finished: 2 of 4 rows imported.',
    );
  });
});
