import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** العربية (ar-SA), right-to-left. */
const strings: LocaleStrings<typeof en, 'ar-SA'> = {
  'dueInvoice.locked':
    'لدى مؤسستك فاتورة غير مدفوعة. ستبقى البوابة مقفلة حتى يتم سدادها؛ يرجى التواصل مع مدير حسابك.',
  'invoice.number': 'الفاتورة',
  'invoice.client': 'العميل',
  'invoice.issued': 'تاريخ الإصدار',
  'invoice.dueOn': 'تاريخ الاستحقاق',
  'invoice.grandTotal': 'الإجمالي الكلي',
  'invoice.status': 'الحالة',
  'invoice.status.DUE': 'مستحقة',
  'invoice.status.OVERDUE': 'متأخرة',
  'invoice.status.PAID': 'مدفوعة',
};

export default strings;
