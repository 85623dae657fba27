import { LOCAL_STORAGE_KEYS } from '@lbs/contracts';
import { readJson, readItem, removeItem, writeItem } from '../storage.ts';

/** What the portal keeps under the SPEC `authData` key; the refresh token sits under its own `refreshToken` key. */
export interface AuthData {
  accessToken: string;
  idToken: string;
  /** Epoch milliseconds when the access token stops being accepted. */
  expiresAt: number;
  tokenType: string;
  scope?: string;
}

/** A token endpoint response (RFC 6749 §5.1 plus OIDC's id_token). */
export interface TokenResponse {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
}

function isAuthData(value: unknown): value is AuthData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' && typeof v.idToken === 'string' && typeof v.expiresAt === 'number'
  );
}

export function readAuthData(): AuthData | null {
  const value = readJson<unknown>('local', LOCAL_STORAGE_KEYS.authData);
  return isAuthData(value) ? value : null;
}

export function readRefreshToken(): string | null {
  return readItem('local', LOCAL_STORAGE_KEYS.refreshToken);
}

/** Builds authData from a token response; a refresh response may omit the ID token, so the previous one is kept. */
export function toAuthData(response: TokenResponse, previous: AuthData | null, now = Date.now()): AuthData {
  const idToken = response.id_token ?? previous?.idToken;
  if (!idToken) throw new Error('The token response has no ID token');
  const expiresIn =
    typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : 300;
  return {
    accessToken: response.access_token,
    idToken,
    expiresAt: now + expiresIn * 1000,
    tokenType: response.token_type ?? 'Bearer',
    ...(response.scope ? { scope: response.scope } : {}),
  };
}

export function writeTokens(authData: AuthData, refreshToken: string | undefined): void {
  writeItem('local', LOCAL_STORAGE_KEYS.authData, JSON.stringify(authData));
  if (refreshToken) writeItem('local', LOCAL_STORAGE_KEYS.refreshToken, refreshToken);
}

/** Logout: every per-user value the portal keeps locally. */
export function clearStoredSession(): void {
  removeItem('local', LOCAL_STORAGE_KEYS.authData);
  removeItem('local', LOCAL_STORAGE_KEYS.refreshToken);
  removeItem('local', LOCAL_STORAGE_KEYS.isPiaSigned);
  removeItem('local', LOCAL_STORAGE_KEYS.hierarchyMode);
  removeItem('local', LOCAL_STORAGE_KEYS.canShowHierarchyToggle);
}
