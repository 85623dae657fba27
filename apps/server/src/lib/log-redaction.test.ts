import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the OsmAnd device token and OAuth codes but keeps the rest', () => {
    expect(redactUrl('/ingest/osmand?id=abc123&lat=1&lon=2')).toBe(
      '/ingest/osmand?id=%5Bredacted%5D&lat=1&lon=2',
    );
    expect(redactUrl('/authenticate?code=xyz&state=s')).toBe('/authenticate?code=%5Bredacted%5D&state=s');
  });
  it('leaves URLs without credentials untouched', () => {
    expect(redactUrl('/api/v1/lbs-backend/msisdns?page=2&q=omar')).toBe(
      '/api/v1/lbs-backend/msisdns?page=2&q=omar',
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('hides every credential-bearing parameter, in any case, and any JWT', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const url = redactUrl(
      `/realms/lbs/protocol/openid-connect/logout?id_token_hint=${jwt}&post_logout_redirect_uri=x&Refresh_Token=r&deviceid=d&device_id=e&client_assertion=c&access_token=a&token=t&code_verifier=v`,
    );
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual({
      id_token_hint: '[redacted]',
      post_logout_redirect_uri: 'x',
      Refresh_Token: '[redacted]',
      deviceid: '[redacted]',
      device_id: '[redacted]',
      client_assertion: '[redacted]',
      access_token: '[redacted]',
      token: '[redacted]',
      code_verifier: '[redacted]',
    });
    expect(redactUrl(`/x/${jwt}?note=${jwt}`)).toBe('/x/[redacted]?note=[redacted]');
    expect(redactUrl('/realms/lbs/login/_I1hSBEciYdXK_IxrisLmEsHskw_wxwIwQk9LS8tINw')).toBe(
      '/realms/lbs/login/[redacted]',
    );
    const importPath = '/api/v1/lbs-backend/msisdns/imports/0b6f3c9e-2f7d-4c1a-9e55-7d1f0f3a2b11';
    expect(redactUrl(importPath)).toBe(importPath);
  });
});
