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
});
