import type { LocaleCode } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';

/**
 * PUT /user-management/me/locale: the portal language becomes the one the user's e-mail and SMS notifications are
 * written in (the server writes nothing when it is the same).
 */
export async function saveLocale(locale: LocaleCode): Promise<void> {
  await apiRequest('/user-management/me/locale', { method: 'PUT', body: { locale } });
}
