import { describe, expect, it } from 'vitest';
import { IdTokenError, validateIdToken, type IdTokenClaim } from './id-token.ts';

const NOW = 1_800_000_000;
const expected = { issuer: 'https://id.example/realms/lbs', clientId: 'lbs-public', nonce: 'n-1', now: NOW };
const good = {
  iss: expected.issuer,
  aud: 'lbs-public',
  sub: 'u1',
  nonce: 'n-1',
  iat: NOW - 5,
  exp: NOW + 300,
};

function failure(
  claims: Record<string, unknown>,
  options: Partial<typeof expected> & { subject?: string } = {},
): IdTokenClaim | 'none' {
  try {
    validateIdToken(claims, { ...expected, ...options });
    return 'none';
  } catch (error) {
    expect(error).toBeInstanceOf(IdTokenError);
    return (error as IdTokenError).claim;
  }
}

describe('ID token validation (OIDC Core §3.1.3.7)', () => {
  it('accepts a token of this issuer, for this client, in time, with the request’s nonce', () => {
    expect(failure(good)).toBe('none');
    expect(failure({ ...good, aud: ['lbs-public', 'account'], azp: 'lbs-public' })).toBe('none');
    expect(failure({ ...good, iat: NOW - 330, exp: NOW - 30 })).toBe('none'); // within the clock skew
  });

  it.each([
    ['nonce', { nonce: 'other' }],
    ['nonce', { nonce: undefined }],
    ['iss', { iss: 'https://id.example/realms/other' }],
    ['iss', { iss: undefined }],
    ['aud', { aud: 'account' }],
    ['aud', { aud: undefined }],
    ['azp', { azp: 'another-client' }],
    ['azp', { aud: ['lbs-public', 'account'] }],
    ['exp', { exp: NOW - 120 }],
    ['exp', { exp: undefined }],
    ['iat', { iat: NOW + 3600 }],
    ['iat', { iat: undefined }],
    ['sub', { sub: '' }],
  ] as const)('refuses a bad %s (%j)', (claim, change) => {
    expect(failure({ ...good, ...change })).toBe(claim);
  });

  it('after a refresh: no nonce needed, but the same user', () => {
    const { nonce: _nonce, ...refreshed } = good;
    expect(failure(refreshed, { nonce: undefined, subject: 'u1' })).toBe('none');
    expect(failure(refreshed, { nonce: undefined, subject: 'u2' })).toBe('sub');
  });
});
