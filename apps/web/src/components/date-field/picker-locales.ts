/**
 * The date pickers in each interface language: MUI X's own texts (buttons, labels, section placeholders) and the
 * dayjs locale that gives the field its order and separators (en-US MM/DD/YYYY, ar-SA DD/MM/YYYY, zh-CN
 * YYYY/MM/DD…). MUI X ships no Arabic texts, so they are written here.
 */
import dayjs from 'dayjs';
import arSaLocale from 'dayjs/locale/ar-sa';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/zh-cn';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { enUS, esES, frFR, itIT, zhCN } from '@mui/x-date-pickers/locales';
import type { LocaleCode } from '@lbs/contracts';

type LocaleText = Partial<PickersLocaleText>;
type TimeView = Parameters<NonNullable<PickersLocaleText['selectViewText']>>[0];

/**
 * Arabic as the rest of the portal writes it (Intl's ar-SA: Arabic-Indic digits): dayjs's ar-sa has Latin digits,
 * so the pickers use ar-sa with its digits written (postformat) and read (preparse) as Arabic-Indic. MUI X takes the
 * field's digits from the adapter's formatting; a Latin digit typed becomes the Arabic-Indic one. Values handed on
 * are formatted in English (Latin digits), never in this locale.
 */
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const ARABIC_DIGITS_LOCALE = 'ar-sa-arab';
const latinDigits = (text: string) => text.replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d)));
dayjs.extend(preParsePostFormat);
dayjs.locale(
  {
    ...arSaLocale,
    name: ARABIC_DIGITS_LOCALE,
    preparse: latinDigits,
    postformat: (text: string) => text.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)]!),
  } as ILocale,
  undefined,
  true,
);

/**
 * MUI X's dayjs adapter, reading Arabic-Indic digits too. Its strict parse compares the text with the date formatted
 * again, which in a locale that writes other digits never matches: a text in that locale is read with its digits made
 * Latin, in ar-sa (the same formats), and the date is then given the locale back.
 */
export class PickerAdapter extends AdapterDayjs {
  override parse = (value: string, format: string) => {
    if (value === '') return null;
    if (this.locale !== ARABIC_DIGITS_LOCALE) return dayjs(value, format, this.locale, true);
    return dayjs(latinDigits(value), format, 'ar-sa', true).locale(ARABIC_DIGITS_LOCALE);
  };
}

/** A clock view's name in Arabic (what the clock's labels say "choose …" of). */
const arabicView = (view: TimeView): string =>
  ({ hours: 'الساعة', minutes: 'الدقائق', seconds: 'الثواني', meridiem: 'الفترة' })[view as string] ??
  String(view);
const textOf = (pack: typeof enUS): LocaleText =>
  pack.components.MuiLocalizationProvider.defaultProps.localeText as LocaleText;

const arSA: LocaleText = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'فتح العرض السابق',
  openNextView: 'فتح العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year'
      ? 'عرض السنوات مفتوح، التبديل إلى عرض التقويم'
      : 'عرض التقويم مفتوح، التبديل إلى عرض السنوات',
  start: 'البداية',
  end: 'النهاية',
  startDate: 'تاريخ البداية',
  startTime: 'وقت البداية',
  endDate: 'تاريخ النهاية',
  endTime: 'وقت النهاية',
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',
  datePickerToolbarTitle: 'اختر التاريخ',
  dateTimePickerToolbarTitle: 'اختر التاريخ والوقت',
  timePickerToolbarTitle: 'اختر الوقت',
  clockLabelText: (view, formattedTime) =>
    `اختر ${arabicView(view)}. ${formattedTime ? `الوقت المحدد هو ${formattedTime}` : 'لم يُحدَّد وقت'}`,
  hoursClockNumberText: (hours) => `${hours} ساعة`,
  minutesClockNumberText: (minutes) => `${minutes} دقيقة`,
  secondsClockNumberText: (seconds) => `${seconds} ثانية`,
  selectViewText: (view) => `اختر ${arabicView(view)}`,
  calendarWeekNumberHeaderLabel: 'رقم الأسبوع',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (weekNumber) => `الأسبوع ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,
  openDatePickerDialogue: (formattedDate) =>
    formattedDate ? `اختر التاريخ، التاريخ المحدد هو ${formattedDate}` : 'اختر التاريخ',
  openTimePickerDialogue: (formattedTime) =>
    formattedTime ? `اختر الوقت، الوقت المحدد هو ${formattedTime}` : 'اختر الوقت',
  fieldClearLabel: 'مسح',
  timeTableLabel: 'اختر الوقت',
  dateTableLabel: 'اختر التاريخ',
  fieldYearPlaceholder: (params) => 'س'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'الشهر' : 'شش'),
  fieldDayPlaceholder: () => 'يي',
  fieldWeekDayPlaceholder: (params) => (params.contentType === 'letter' ? 'اليوم' : 'يي'),
  fieldHoursPlaceholder: () => 'سا',
  fieldMinutesPlaceholder: () => 'دق',
  fieldSecondsPlaceholder: () => 'ثا',
  fieldMeridiemPlaceholder: () => 'ص/م',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  weekDay: 'يوم الأسبوع',
  hours: 'الساعات',
  minutes: 'الدقائق',
  seconds: 'الثواني',
  meridiem: 'صباحًا/مساءً',
  empty: 'فارغ',
};

/**
 * Per language: the dayjs locale, MUI X's texts, and how a month is written (Chinese puts the year first, as its
 * dates do).
 */
interface PickerLocale {
  dayjs: string;
  text: LocaleText;
  month: string;
}

export const PICKER_LOCALES: Record<LocaleCode, PickerLocale> = {
  'en-US': { dayjs: 'en', text: textOf(enUS), month: 'MM/YYYY' },
  'zh-Hans-CN': { dayjs: 'zh-cn', text: textOf(zhCN), month: 'YYYY/MM' },
  'ar-SA': { dayjs: ARABIC_DIGITS_LOCALE, text: arSA, month: 'MM/YYYY' },
  'it-IT': { dayjs: 'it', text: textOf(itIT), month: 'MM/YYYY' },
  es: { dayjs: 'es', text: textOf(esES), month: 'MM/YYYY' },
  'fr-FR': { dayjs: 'fr', text: textOf(frFR), month: 'MM/YYYY' },
};

export function pickerLocale(locale: string): PickerLocale {
  return PICKER_LOCALES[locale as LocaleCode] ?? PICKER_LOCALES['en-US'];
}
