import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Español (es). */
const strings: LocaleStrings<typeof en, 'es'> = {
  'account.oldPassword': 'Contraseña anterior',
  'account.newPassword': 'Nueva contraseña',
  'account.confirmPassword': 'Repite la nueva contraseña',
  'account.changePassword': 'Cambiar contraseña',
  'account.passwordChanged': 'Tu contraseña se ha cambiado.',
  'account.showPassword': 'Mostrar contraseña',
  'account.hidePassword': 'Ocultar contraseña',
};

export default strings;
