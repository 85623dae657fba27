/**
 * The date pickers in each interface language: MUI X's own texts (buttons, labels, section placeholders) and the
 * dayjs locale that gives the field its order and separators (en-US MM/DD/YYYY, ar-SA DD/MM/YYYY, zh-CN
 * YYYY/MM/DD…). MUI X ships no Arabic texts, so they are written here.
 */
import 'dayjs/locale/ar-sa';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/zh-cn';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { enUS, esES, frFR, itIT, zhCN } from '@mui/x-date-pickers/locales';
import type { LocaleCode } from '@lbs/contracts';

type LocaleText = Partial<PickersLocaleText>;
type TimeView = Parameters<NonNullable<PickersLocaleText['selectViewText']>>[0];

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

export const PICKER_LOCALES: Record<LocaleCode, { dayjs: string; text: LocaleText }> = {
  'en-US': { dayjs: 'en', text: textOf(enUS) },
  'zh-Hans-CN': { dayjs: 'zh-cn', text: textOf(zhCN) },
  'ar-SA': { dayjs: 'ar-sa', text: arSA },
  'it-IT': { dayjs: 'it', text: textOf(itIT) },
  es: { dayjs: 'es', text: textOf(esES) },
  'fr-FR': { dayjs: 'fr', text: textOf(frFR) },
};

export function pickerLocale(locale: string): { dayjs: string; text: LocaleText } {
  return PICKER_LOCALES[locale as LocaleCode] ?? PICKER_LOCALES['en-US'];
}
