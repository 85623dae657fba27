import type { LocaleCode, ReportColumn } from '@lbs/contracts';
import ar from '@lbs/contracts/report-texts/ar-SA';
import en from '@lbs/contracts/report-texts/en-US';
import es from '@lbs/contracts/report-texts/es';
import fr from '@lbs/contracts/report-texts/fr-FR';
import it from '@lbs/contracts/report-texts/it-IT';
import zh from '@lbs/contracts/report-texts/zh-Hans-CN';
import listAr from '@lbs/contracts/report-texts/lists/ar-SA';
import listEn from '@lbs/contracts/report-texts/lists/en-US';
import listEs from '@lbs/contracts/report-texts/lists/es';
import listFr from '@lbs/contracts/report-texts/lists/fr-FR';
import listIt from '@lbs/contracts/report-texts/lists/it-IT';
import listZh from '@lbs/contracts/report-texts/lists/zh-Hans-CN';

/** The reports' texts and the list exports' of each language (a report's own key wins). */
const TEXTS: Record<LocaleCode, Record<string, string>> = {
  'en-US': { ...listEn, ...en },
  'zh-Hans-CN': { ...listZh, ...zh },
  'ar-SA': { ...listAr, ...ar },
  'it-IT': { ...listIt, ...it },
  es: { ...listEs, ...es },
  'fr-FR': { ...listFr, ...fr },
};

/** The report texts of one language (the web app shows the same ones), with `{{name}}` values filled in. */
export function reportTexts(locale: LocaleCode) {
  const texts = TEXTS[locale];
  const english = TEXTS['en-US'];
  const text = (key: string, values: Record<string, string | number> = {}): string =>
    (texts[key] ?? english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
      String(values[name] ?? ''),
    );
  const has = (key: string) => key in texts || key in english;
  return {
    locale,
    rtl: locale === 'ar-SA',
    text,
    /** A report's (or a list's, `list.msisdns`) title. */
    title: (report: string) => text(`reports.${report}.title`),
    /** A column's header: the report's own title for it, else the shared one (`msisdn`, `employee` …). */
    column: (report: string, column: ReportColumn) =>
      has(`reports.column.${report}.${column.key}`)
        ? text(`reports.column.${report}.${column.key}`)
        : text(`reports.column.${column.key}`),
    enumValue: (enumOf: string, value: string) =>
      has(`reports.enum.${enumOf}.${value}`) ? text(`reports.enum.${enumOf}.${value}`) : value,
  };
}
export type ReportTextsOf = ReturnType<typeof reportTexts>;
