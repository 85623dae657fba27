import { createHash, timingSafeEqual } from 'node:crypto';

/** The token of an `Authorization: Bearer <token>` header (undefined without one). */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
}

/**
 * Whether a presented secret (a webhook's or the metrics' token) is the expected one, compared in constant time: both
 * are hashed first, so neither their contents nor a difference in length shows in the time taken.
 */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || presented === '') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
