import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** العربية (ar-SA), right-to-left. */
const strings: LocaleStrings<typeof en, 'ar-SA'> = {
  'account.oldPassword': 'كلمة المرور القديمة',
  'account.newPassword': 'كلمة المرور الجديدة',
  'account.confirmPassword': 'أعد إدخال كلمة المرور الجديدة',
  'account.changePassword': 'تغيير كلمة المرور',
  'account.passwordChanged': 'تم تغيير كلمة المرور.',
  'account.showPassword': 'إظهار كلمة المرور',
  'account.hidePassword': 'إخفاء كلمة المرور',
};

export default strings;
