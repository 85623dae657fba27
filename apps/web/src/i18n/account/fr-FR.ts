import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français (fr-FR). */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'account.oldPassword': 'Ancien mot de passe',
  'account.newPassword': 'Nouveau mot de passe',
  'account.confirmPassword': 'Confirmer le nouveau mot de passe',
  'account.changePassword': 'Changer le mot de passe',
  'account.passwordChanged': 'Votre mot de passe a été modifié.',
  'account.showPassword': 'Afficher le mot de passe',
  'account.hidePassword': 'Masquer le mot de passe',
};

export default strings;
