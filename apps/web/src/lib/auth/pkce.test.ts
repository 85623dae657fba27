// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier, createPkcePair, PKCE_CHARSET } from './pkce.ts';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('PKCE (RFC 7636)', () => {
  it('defaults to a 43-character verifier', () => {
    expect(createCodeVerifier()).toHaveLength(43);
  });

  it.each([43, 44, 64, 100, 128])('creates a %i-character verifier', (length) => {
    const verifier = createCodeVerifier(length);
    expect(verifier).toHaveLength(length);
    expect(verifier).toMatch(UNRESERVED);
  });

  it.each([0, 42, 129, 43.5, Number.NaN])('rejects length %s', (length) => {
    expect(() => createCodeVerifier(length)).toThrow(RangeError);
  });

  it('uses only unreserved characters and, over many draws, all 66 of them', () => {
    expect(PKCE_CHARSET).toHaveLength(66);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const c of createCodeVerifier(128)) seen.add(c);
    expect([...seen].every((c) => PKCE_CHARSET.includes(c))).toBe(true);
    expect(seen.size).toBe(66);
  });

  it('does not repeat verifiers', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(50);
  });

  it('matches the RFC 7636 appendix B vector', async () => {
    await expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('pairs a verifier with its S256 challenge (base64url, no padding)', async () => {
    const pair = await createPkcePair();
    expect(pair.method).toBe('S256');
    expect(pair.challenge).toBe(await createCodeChallenge(pair.verifier));
    expect(pair.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
