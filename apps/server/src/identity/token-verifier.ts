import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export interface VerifiedToken extends JWTPayload {
  sub: string;
  azp?: string;
  preferred_username?: string;
  email?: string;
  realm_access?: { roles?: string[] };
}

export interface TokenVerifierOptions {
  issuer: string;
  clientId: string;
  /** Embedded provider: its public JWKS. External provider: fetched from the issuer's discovery `jwks_uri`. */
  jwks: { keys: object[] } | URL;
}

/**
 * Verifies an access token: signature (RS/ES/PS algorithms only, never `none` or HMAC), `iss`, `exp`/`nbf`, and
 * that it was issued to our client (`azp`, or `aud` for providers that only set the audience).
 */
export function createTokenVerifier(
  options: TokenVerifierOptions,
): (token: string) => Promise<VerifiedToken> {
  const keys: JWTVerifyGetKey =
    options.jwks instanceof URL
      ? createRemoteJWKSet(options.jwks, { cooldownDuration: 30_000, cacheMaxAge: 600_000 })
      : createLocalJWKSet(options.jwks as Parameters<typeof createLocalJWKSet>[0]);
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'],
      requiredClaims: ['exp', 'sub', 'iss'],
      clockTolerance: 5,
    });
    const audience = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
    const azp = typeof payload['azp'] === 'string' ? payload['azp'] : undefined;
    if (azp !== options.clientId && !(azp === undefined && audience.includes(options.clientId))) {
      throw new Error('token was not issued to this client');
    }
    return payload as VerifiedToken;
  };
}

/** Reads an external issuer's discovery document for its JWKS URI. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
  const doc = (await response.json()) as { issuer?: string; jwks_uri?: string };
  if (doc.issuer !== issuer) throw new Error(`OIDC discovery issuer mismatch: ${doc.issuer} ≠ ${issuer}`);
  if (!doc.jwks_uri) throw new Error('OIDC discovery has no jwks_uri');
  return new URL(doc.jwks_uri);
}
