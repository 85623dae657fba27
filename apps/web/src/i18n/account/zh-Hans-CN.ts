import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** 简体中文 (zh-Hans-CN). */
const strings: LocaleStrings<typeof en, 'zh-Hans-CN'> = {
  'account.oldPassword': '旧密码',
  'account.newPassword': '新密码',
  'account.confirmPassword': '再次输入新密码',
  'account.changePassword': '修改密码',
  'account.passwordChanged': '您的密码已修改。',
  'account.showPassword': '显示密码',
  'account.hidePassword': '隐藏密码',
};

export default strings;
