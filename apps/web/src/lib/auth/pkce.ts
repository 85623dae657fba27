import {
  CODE_CHALLENGE_METHOD,
  CODE_VERIFIER_DEFAULT_LENGTH,
  CODE_VERIFIER_MAX_LENGTH,
  CODE_VERIFIER_MIN_LENGTH,
} from '@lbs/contracts';

/** RFC 7636 §4.1 unreserved characters. */
export const PKCE_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** Uniformly random string over `charset` (rejection sampling, no modulo bias). */
export function randomString(length: number, charset = PKCE_CHARSET): string {
  const limit = 256 - (256 % charset.length);
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit) out += charset[byte % charset.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export function createCodeVerifier(length: number = CODE_VERIFIER_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < CODE_VERIFIER_MIN_LENGTH || length > CODE_VERIFIER_MAX_LENGTH) {
    throw new RangeError(
      `code verifier length must be an integer from ${CODE_VERIFIER_MIN_LENGTH} to ${CODE_VERIFIER_MAX_LENGTH}`,
    );
  }
  return randomString(length);
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** S256: BASE64URL(SHA-256(ASCII(code_verifier))). */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: typeof CODE_CHALLENGE_METHOD;
}

export async function createPkcePair(length: number = CODE_VERIFIER_DEFAULT_LENGTH): Promise<PkcePair> {
  const verifier = createCodeVerifier(length);
  return { verifier, challenge: await createCodeChallenge(verifier), method: CODE_CHALLENGE_METHOD };
}
