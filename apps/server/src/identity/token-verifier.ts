import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { API_BASE_PATH } from '@lbs/contracts';
import type { Config } from '../config.ts';

export interface VerifiedToken extends JWTPayload {
  sub: string;
  azp?: string;
  preferred_username?: string;
  email?: string;
  realm_access?: { roles?: string[] };
}

/**
 * What tells an access token apart from the provider's other JWTs (ID tokens, refresh tokens, logout tokens), which
 * are signed with the same keys and name the same client:
 * - `embedded`: oidc-provider's JWT access tokens (RFC 9068): header `typ: at+jwt`, `aud` = the API.
 * - `keycloak`: Keycloak's access tokens: claim `typ: "Bearer"` (its ID tokens say `ID`, refresh tokens `Refresh`,
 *   logout tokens `Logout`).
 * Both must name the portal's client in `azp`.
 */
export type AccessTokenShape = { kind: 'embedded'; audience: string } | { kind: 'keycloak' };

export interface TokenVerifierOptions {
  issuer: string;
  clientId: string;
  /** Embedded provider: its public JWKS. External provider: fetched from the issuer's discovery `jwks_uri`. */
  jwks: { keys: object[] } | URL;
  shape: AccessTokenShape;
}

/** The API as the embedded provider's one resource server: the `aud` of its access tokens. */
export const apiAudience = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl}${API_BASE_PATH}`;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];

/**
 * Verifies an access token: signature (RS/ES/PS algorithms only, never `none` or HMAC), `iss`, `exp`/`nbf`, that it
 * is an access token of the provider's shape (see AccessTokenShape), and that it was issued to our client (`azp`).
 */
export function createTokenVerifier(
  options: TokenVerifierOptions,
): (token: string) => Promise<VerifiedToken> {
  const keys: JWTVerifyGetKey =
    options.jwks instanceof URL
      ? createRemoteJWKSet(options.jwks, { cooldownDuration: 30_000, cacheMaxAge: 600_000 })
      : createLocalJWKSet(options.jwks as Parameters<typeof createLocalJWKSet>[0]);
  const { shape } = options;
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'iat', 'sub', 'iss'],
      clockTolerance: 5,
      ...(shape.kind === 'embedded' ? { typ: 'at+jwt', audience: shape.audience } : {}),
    });
    if (shape.kind === 'keycloak' && payload['typ'] !== 'Bearer') throw new Error('not an access token');
    // A logout token (OIDC Back-Channel Logout) carries `events`; an access token never does.
    if ('events' in payload) throw new Error('not an access token');
    if (payload['azp'] !== options.clientId) throw new Error('token was not issued to this client');
    return payload as VerifiedToken;
  };
}

/** The API's verifier for the configured provider: Keycloak's shape for an external issuer, else the embedded one. */
export function accessTokenVerifier(
  config: Pick<Config, 'issuer' | 'clientId' | 'publicUrl' | 'externalIssuer'>,
  jwks: TokenVerifierOptions['jwks'],
): (token: string) => Promise<VerifiedToken> {
  return createTokenVerifier({
    issuer: config.issuer,
    clientId: config.clientId,
    jwks,
    shape: config.externalIssuer ? { kind: 'keycloak' } : { kind: 'embedded', audience: apiAudience(config) },
  });
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

/**
 * Remembers the tokens `verify` accepted, until each expires or `maxAgeMs` passes (a signing key withdrawn from an
 * external provider's JWKS stops being trusted by then): the signature check is the costliest step of an API request,
 * and a client sends the same token many times. A refused token is checked again each time. Who the token's user is
 * now (active, roles, sessions ended) is looked up on every request all the same.
 */
export function rememberVerified(
  verify: (token: string) => Promise<VerifiedToken>,
  { maxEntries = 10_000, maxAgeMs = 60_000, now = Date.now } = {},
): (token: string) => Promise<VerifiedToken> {
  const verified = new Map<string, { token: VerifiedToken; until: number }>();
  return async (token) => {
    const at = now();
    const known = verified.get(token);
    if (known && known.until > at) return known.token;
    if (known) verified.delete(token);
    const payload = await verify(token);
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
    // exp is required (createTokenVerifier); without it, nothing is remembered.
    const until = Math.min((payload.exp ?? 0) * 1000, at + maxAgeMs);
    if (until > at) verified.set(token, { token: Object.freeze(payload), until });
    return payload;
  };
}
