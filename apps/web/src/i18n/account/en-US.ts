/** My account: change password (also the set-password form). English (en-US): the source of the area's keys. */
const strings = {
  'account.oldPassword': 'Old password',
  'account.newPassword': 'New password',
  'account.confirmPassword': 'Re-enter new password',
  'account.changePassword': 'Change password',
  'account.passwordChanged': 'Your password has been changed.',
  'account.showPassword': 'Show password',
  'account.hidePassword': 'Hide password',
};

export default strings;
