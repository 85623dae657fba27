import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** العربية (ar-SA), right-to-left. */
const strings: LocaleStrings<typeof en, 'ar-SA'> = {
  'dueInvoice.locked':
    'لدى مؤسستك فاتورة غير مدفوعة. ستبقى البوابة مقفلة حتى يتم سدادها؛ يرجى التواصل مع مدير حسابك.',
  'dueInvoice.howToPay.title': 'طريقة الدفع',
  'dueInvoice.howToPay.text':
    'ادفع بالتحويل البنكي واذكر رقم الفاتورة كمرجع للدفعة، حتى يمكن مطابقة دفعتك مع الفاتورة. إذا كان لديك سؤال عن فاتورة، فتواصل مع مدير حسابك.',
  'invoice.number': 'الفاتورة',
  'invoice.client': 'العميل',
  'invoice.period': 'الفترة',
  'invoice.issued': 'تاريخ الإصدار',
  'invoice.dueOn': 'تاريخ الاستحقاق',
  'invoice.grandTotal': 'الإجمالي الكلي',
  'invoice.balance': 'المبلغ المتبقي',
  'invoice.status': 'الحالة',
  'invoice.status.DRAFT': 'مسودة',
  'invoice.status.ISSUED': 'صادرة',
  'invoice.status.PARTIALLY_PAID': 'مدفوعة جزئيًا',
  'invoice.status.PAID': 'مدفوعة',
  'invoice.status.VOID': 'ملغاة',
  'invoice.overdue': 'متأخرة',
  'invoice.downloadPdf': 'تنزيل ملف PDF',
  'invoice.downloadPdfOf': 'تنزيل ملف PDF للفاتورة {{number}}',
  'invoice.downloadFailed': 'تعذر تنزيل ملف PDF. يرجى المحاولة مرة أخرى.',
};

export default strings;
