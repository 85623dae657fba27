import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** العربية (ar-SA), right-to-left. */
const strings: LocaleStrings<typeof en, 'ar-SA'> = {
  'map.title': 'الخريطة',
  'map.zoomIn': 'تكبير',
  'map.zoomOut': 'تصغير',
  'map.resetNorth': 'إعادة توجيه الخريطة نحو الشمال',
  'map.attribution': 'إظهار حقوق الخريطة أو إخفاؤها',
  'map.feedback': 'الإبلاغ عن مشكلة في الخريطة',
  'map.closePopup': 'إغلاق',
  'map.unavailable.title': 'يتعذّر عرض الخريطة',
  'map.unavailable.body':
    'لا يستطيع هذا المتصفح رسم الخرائط (WebGL 2 غير متاح أو معطّل). باقي محتوى هذه الصفحة يعمل كالمعتاد.',
  'map.mini.label': 'آخر موقع معروف',
  'map.mini.noPosition': 'لا يوجد موقع بعد',
};

export default strings;
