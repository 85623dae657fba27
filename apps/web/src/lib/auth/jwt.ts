import { base64UrlDecode } from './pkce.ts';

export type JwtPayload = Record<string, unknown> & {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  nonce?: string;
};

/**
 * Reads a JWT's payload without verifying the signature: the ID token came straight from the token endpoint over
 * TLS, and the API verifies every access token itself; the client only needs the claims (nonce, exp).
 */
export function decodeJwtPayload(token: string): JwtPayload {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  const json = new TextDecoder().decode(base64UrlDecode(part));
  const payload: unknown = JSON.parse(json);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new Error('JWT payload is not an object');
  return payload as JwtPayload;
}
