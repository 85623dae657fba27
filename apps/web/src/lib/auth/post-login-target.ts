import { AUTH_CALLBACK_PATH, DEFAULT_POST_LOGIN_PATH } from '@lbs/contracts';
import { readItem, removeItem, writeItem } from '../storage.ts';

const KEY = 'postLoginTarget';

/** Only same-origin app paths: no scheme, no protocol-relative `//host`, not the callback itself. */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/' || value.startsWith(AUTH_CALLBACK_PATH)) return null;
  return value;
}

export function setPostLoginTarget(path: string | null | undefined): void {
  const safe = safeAppPath(path);
  if (safe) writeItem('session', KEY, safe);
}

export function peekPostLoginTarget(): string {
  return safeAppPath(readItem('session', KEY)) ?? DEFAULT_POST_LOGIN_PATH;
}

/** Where to go after login (or from `/`): the kept target once, then the default /monitor. */
export function takePostLoginTarget(): string {
  const target = peekPostLoginTarget();
  removeItem('session', KEY);
  return target;
}
