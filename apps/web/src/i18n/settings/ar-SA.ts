import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** العربية (ar-SA), right-to-left. */
const strings: LocaleStrings<typeof en, 'ar-SA'> = {
  'settings.title': 'الإعدادات',
  'settings.themeStyle': 'نمط السمة',
  'settings.themeStyle.standard': 'قياسي',
  'settings.themeStyle.modern': 'عصري',
  'settings.mode': 'الوضع',
  'settings.mode.light': 'فاتح',
  'settings.mode.dark': 'داكن',
  'settings.language': 'اللغة',
  'settings.layout': 'التخطيط',
  'settings.layout.full-width': 'عرض كامل',
  'settings.layout.boxed': 'داخل صندوق',
  'settings.layout.framed': 'بإطار',
  'settings.header': 'الترويسة',
  'settings.footer': 'التذييل',
  'settings.footer.show': 'إظهار التذييل',
  'settings.position.fixed': 'ثابت',
  'settings.position.fluid': 'مرن',
  'settings.menuStyle': 'نمط القائمة الجانبية',
  'settings.menuStyle.default': 'افتراضي',
  'settings.menuStyle.standard': 'قياسي',
  'settings.menuStyle.rounded': 'مستدير',
  'settings.menuStyle.rounded-reverse': 'مستدير معكوس',
  'settings.menuStyle.curved': 'منحني',
  'settings.sidebarColors': 'ألوان القائمة الجانبية',
  'settings.sidebarColors.dark': 'داكن',
  'settings.sidebarColors.light': 'فاتح',
  'settings.sidebarColors.ocean': 'محيط',
  'settings.sidebarColors.midnight': 'منتصف الليل',
  'settings.sidebarColors.forest': 'غابة',
  'settings.sidebarImage': 'صورة خلفية القائمة الجانبية',
  'settings.sidebarImage.show': 'إظهار صورة الخلفية',
  'settings.sidebarImage.waves': 'أمواج',
  'settings.sidebarImage.aurora': 'شفق قطبي',
  'settings.sidebarImage.grid': 'شبكة خرائط',
  'settings.sidebarImage.dunes': 'كثبان رملية',
  'settings.reset': 'استعادة الإعدادات الافتراضية',
};

export default strings;
