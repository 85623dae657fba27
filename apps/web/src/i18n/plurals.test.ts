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
      'لا يتم عرض ٣ أخطاء أخرى.',
      'لا يتم عرض ١١ خطأً آخر.',
      'لا يتم عرض ١٠٠ خطأ آخر.',
    ]);
    // Arabic counts by the last two digits: 365 takes the form of 65.
    expect([1, 2, 7, 30, 100, 365].map((count) => t('org.unit.daysCount', { count }))).toEqual([
      'يوم واحد',
      'يومان',
      '٧ أيام',
      '٣٠ يومًا',
      '١٠٠ يوم',
      '٣٦٥ يومًا',
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

  it('write the number in the language’s digits, as the dates and counts around it (Arabic-Indic in Arabic)', async () => {
    await loadAreas(['msisdn', 'org'], 'fr-FR');
    const ar = i18n.getFixedT('ar-SA');
    expect(ar('org.unit.everyMinutes', { count: 5 })).toBe('كل ٥ دقائق');
    expect(ar('org.unit.daysCount', { count: 90 })).toBe('٩٠ يومًا');
    expect(ar('msisdns.location.recentCount', { count: 97 })).toBe('المواقع خلال آخر ٢٤ ساعة: ٩٧');
    // Any number, not only a count; a string (a phone number, a code) is left as it is.
    expect(ar('msisdns.import.completed', { succeeded: 2, count: 4 })).toMatch(/٢.*٤/);
    expect(ar('msisdns.location.mapLabel', { number: '+966501791900' })).toContain('+966501791900');
    // Neither grouped nor rounded; a formatted value ({{count, number}}) is i18next's as before.
    const en = i18n.getFixedT('en-US');
    expect(en('org.unit.everyMinutes', { count: 1440 })).toBe('Every 1440 min.');
    expect(i18n.getFixedT('fr-FR')('org.unit.daysCount', { count: 2.5 })).toMatch(/2,5/);
  });
});
