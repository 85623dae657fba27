import type { JwtPayload } from './jwt.ts';

/** Which rule an ID token broke; `nonce` has its own sign-in message (another request's token). */
export type IdTokenClaim = 'iss' | 'aud' | 'azp' | 'exp' | 'iat' | 'sub' | 'nonce';

export class IdTokenError extends Error {
  override name = 'IdTokenError';
  constructor(readonly claim: IdTokenClaim) {
    super(`ID token: ${claim} is not valid`);
  }
}

export interface IdTokenExpectations {
  /** The provider's issuer, exactly as the client config names it. */
  issuer: string;
  clientId: string;
  /** The nonce of the authorization request (code exchange); undefined after a refresh (OIDC Core §12.2). */
  nonce?: string | null | undefined;
  /** The subject of the session's first ID token: a refreshed one must name the same user (§12.2). */
  subject?: string | undefined;
  /** Epoch seconds (tests). */
  now?: number;
}

/** Clock difference between this device and the provider that is still accepted, in seconds. */
export const ID_TOKEN_CLOCK_SKEW_S = 60;

/**
 * ID token validation of OIDC Core §3.1.3.7: issuer (2), audience contains the client (3), `azp` when present is
 * the client and is present when there are several audiences (4–5), not expired (9), issued at a sane time (10),
 * the request's nonce (11). The signature (6) is not checked here: in the code flow the token comes straight from
 * the token endpoint over TLS, which §3.1.3.7 allows; the API verifies every access token's signature itself.
 */
export function validateIdToken(claims: JwtPayload, expected: IdTokenExpectations): void {
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (expected.nonce !== undefined && (!expected.nonce || claims.nonce !== expected.nonce))
    throw new IdTokenError('nonce');
  if (claims.iss !== expected.issuer) throw new IdTokenError('iss');
  const audience = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
  if (!audience.includes(expected.clientId)) throw new IdTokenError('aud');
  const azp = claims['azp'];
  if (azp !== undefined ? azp !== expected.clientId : audience.length > 1) throw new IdTokenError('azp');
  if (typeof claims.exp !== 'number' || claims.exp + ID_TOKEN_CLOCK_SKEW_S <= now)
    throw new IdTokenError('exp');
  if (typeof claims.iat !== 'number' || claims.iat - ID_TOKEN_CLOCK_SKEW_S > now || claims.iat > claims.exp)
    throw new IdTokenError('iat');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new IdTokenError('sub');
  if (expected.subject !== undefined && claims.sub !== expected.subject) throw new IdTokenError('sub');
}
