import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano (it-IT). */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'account.oldPassword': 'Vecchia password',
  'account.newPassword': 'Nuova password',
  'account.confirmPassword': 'Reinserisci la nuova password',
  'account.changePassword': 'Cambia password',
  'account.passwordChanged': 'La password è stata modificata.',
  'account.showPassword': 'Mostra password',
  'account.hidePassword': 'Nascondi password',
};

export default strings;
