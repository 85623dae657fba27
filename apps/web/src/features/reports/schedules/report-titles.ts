import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type LocaleCode, type ReportKey } from '@lbs/contracts';

type Texts = Readonly<Record<string, string>>;

/** The shared report texts (contracts report-texts, the server's files use the same), one chunk per language. */
const LOADERS: Record<LocaleCode, () => Promise<{ default: Texts }>> = {
  'en-US': () => import('@lbs/contracts/report-texts/en-US'),
  'ar-SA': () => import('@lbs/contracts/report-texts/ar-SA'),
  'zh-Hans-CN': () => import('@lbs/contracts/report-texts/zh-Hans-CN'),
  'it-IT': () => import('@lbs/contracts/report-texts/it-IT'),
  es: () => import('@lbs/contracts/report-texts/es'),
  'fr-FR': () => import('@lbs/contracts/report-texts/fr-FR'),
};

/** A report's title in the interface language (its key until the texts are there). */
export function useReportTitle(): (key: ReportKey) => string {
  const { i18n } = useTranslation();
  const locale = (LOADERS[i18n.language as LocaleCode] ? i18n.language : DEFAULT_LOCALE) as LocaleCode;
  const texts = useQuery({
    queryKey: ['report-texts', locale],
    queryFn: async () => (await LOADERS[locale]()).default,
    staleTime: Infinity,
  });
  return (key) => texts.data?.[`reports.${key}.title`] ?? key;
}
