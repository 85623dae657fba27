import { LOCAL_STORAGE_KEYS } from '@lbs/contracts';
import { clearStoredSession, readAuthData, writeTokens, type AuthData } from './token-storage.ts';

/**
 * In-memory view of the stored tokens, kept in step with localStorage (this tab's writes and, through the
 * `storage` event, other tabs' refreshes and logouts). React reads it with useSyncExternalStore.
 */
let current: AuthData | null = readAuthData();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAuthSnapshot(): AuthData | null {
  return current;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(authData: AuthData, refreshToken: string | undefined): void {
  writeTokens(authData, refreshToken);
  current = authData;
  emit();
}

export function clearSession(): void {
  clearStoredSession();
  current = null;
  emit();
}

/** Re-reads localStorage; notifies only when the access token actually changed. */
export function syncAuthFromStorage(): void {
  const next = readAuthData();
  if (next?.accessToken === current?.accessToken && next?.expiresAt === current?.expiresAt) return;
  current = next;
  emit();
}

/** Follows tokens refreshed (or cleared) by other tabs. Returns the unsubscribe function. */
export function startAuthStorageSync(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === LOCAL_STORAGE_KEYS.authData ||
      event.key === LOCAL_STORAGE_KEYS.refreshToken
    ) {
      syncAuthFromStorage();
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
