import { syncAuthFromStorage, setSession } from './auth-store.ts';
import { loadClientConfig } from './client-config.ts';
import { refreshGrant, TokenEndpointError } from './oidc.ts';
import { validateIdToken } from './id-token.ts';
import { decodeJwtPayload } from './jwt.ts';
import { withRefreshLock } from './refresh-lock.ts';
import { readAuthData, readRefreshToken, toAuthData, type AuthData } from './token-storage.ts';

/** Refresh this long before the access token (5 minutes) expires. */
export const REFRESH_EARLY_MS = 60_000;

/** The session cannot continue (no tokens, or the provider refused the refresh token): the user is logged out. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

export interface RefreshOptions {
  /** The access token the API just rejected: refresh unless another tab already replaced it. */
  rejectedToken?: string;
}

let inflight: Promise<AuthData> | null = null;

/** The user the session's ID token names (undefined when it cannot be read: then any subject is compared to none). */
function subjectOf(idToken: string): string | undefined {
  try {
    return decodeJwtPayload(idToken).sub;
  } catch {
    return undefined;
  }
}

/** One refresh at a time in this tab, and (through the lock) across tabs. */
export function refreshAccessToken(options: RefreshOptions = {}): Promise<AuthData> {
  inflight ??= withRefreshLock(() => refreshInsideLock(options)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function refreshInsideLock({ rejectedToken }: RefreshOptions): Promise<AuthData> {
  // Re-read inside the lock: another tab may have rotated the tokens while we waited.
  const stored = readAuthData();
  const refreshToken = readRefreshToken();
  if (!stored || !refreshToken) throw new SessionEndedError('no stored session');
  const alreadyRefreshed = rejectedToken
    ? stored.accessToken !== rejectedToken
    : stored.expiresAt - Date.now() > REFRESH_EARLY_MS;
  if (alreadyRefreshed) {
    syncAuthFromStorage();
    return stored;
  }
  const config = await loadClientConfig();
  let response;
  try {
    response = await refreshGrant(config, refreshToken);
  } catch (error) {
    if (error instanceof TokenEndpointError) throw new SessionEndedError(error.message);
    throw error; // network trouble: the caller may retry
  }
  if (response.id_token) {
    // A refreshed ID token must come from the same provider, for this client and the same user (OIDC Core §12.2).
    try {
      validateIdToken(decodeJwtPayload(response.id_token), {
        issuer: config.issuer,
        clientId: config.clientId,
        subject: subjectOf(stored.idToken),
      });
    } catch (error) {
      throw new SessionEndedError(`refreshed ID token refused: ${String(error)}`);
    }
  }
  const next = toAuthData(response, stored);
  setSession(next, response.refresh_token ?? refreshToken);
  return next;
}
