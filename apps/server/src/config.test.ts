import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: './data',
      databaseUrl: undefined,
      externalIssuer: undefined,
      issuer: 'http://localhost:8080/realms/lbs',
      clientId: 'lbs-public',
      smtpUrl: undefined,
      mailFrom: 'LBS Portal <no-reply@lbs.local>',
      invitationTtlHours: 24,
      smsWebhookToken: undefined,
      logLevel: 'info',
      demo: true,
      demoPassword: 'Demo!2345',
      loginMaxFailures: 5,
      loginLockoutMinutes: 15,
      trustProxy: false,
      bodyLimit: 1_048_576,
      webDistDir: undefined,
      reports: { attachMaxBytes: 5_242_880, linkTtlHours: 168 },
      reportExports: { ttlHours: 24, leaseMs: 60_000 },
      metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
      notifications: { mailPerMinute: 120, smsPerMinute: 30 },
      billing: {
        sellerName: 'LBS Mobile Operator',
        sellerAddress: 'King Fahd Road, Riyadh 12211',
        sellerCountry: 'SA',
        sellerVatNumber: '310122393500003',
        paymentInstructions:
          'Bank transfer to IBAN SA03 8000 0000 6080 1016 7519, quoting the invoice number. Questions: billing@lbs.local',
      },
      location: {
        mlpUrl: undefined,
        mlpUser: undefined,
        mlpPassword: undefined,
        mlpServiceId: undefined,
        mlpTimeoutMs: 10_000,
        mlpConcurrency: 8,
        mlpBatchSize: 50,
        monitorRenderMs: 1000,
        positionPartitionDays: 1,
        simulatorPort: 9210,
        simulatorLatencyMs: [50, 300],
        simulatorAbsentRate: 0.03,
        simulatorUnknownRate: 0.01,
        worker: true,
        locateRateLimitPerMinute: 10,
      },
    });
  });

  it('derives the issuer from PUBLIC_URL and turns the demo off for PostgreSQL', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://lbs.example.com/',
      DATABASE_URL: 'postgres://u@db:5432/lbs',
      TRUST_PROXY: 'yes',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://lbs.example.com');
    expect(config.issuer).toBe('https://lbs.example.com/realms/lbs');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/lbs');
    expect(config.demo).toBe(false);
    expect(config.trustProxy).toBe(true);
  });

  it('serves metrics behind a token of at least 16 characters and/or on a port of its own', () => {
    const config = loadConfig({
      METRICS_TOKEN: 'a'.repeat(16),
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(config.metrics).toEqual({ token: 'a'.repeat(16), port: 9464, host: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('limits each company’s notifications per minute and channel, at least one', () => {
    expect(loadConfig({ NOTIFY_MAIL_PER_MINUTE: '600', NOTIFY_SMS_PER_MINUTE: '5' }).notifications).toEqual({
      mailPerMinute: 600,
      smsPerMinute: 5,
    });
    expect(() => loadConfig({ NOTIFY_SMS_PER_MINUTE: '0' })).toThrow(
      /NOTIFY_SMS_PER_MINUTE: must be a whole number from 1 to 100000 \(got "0"\)/,
    );
    expect(() => loadConfig({ NOTIFY_MAIL_PER_MINUTE: 'lots' })).toThrow(/NOTIFY_MAIL_PER_MINUTE/);
  });

  it('uses an external issuer as given, and LBS_DEMO overrides the default', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://sso.example.com/realms/lbs/',
      DATABASE_URL: 'postgresql://x/y',
      LBS_DEMO: 'on',
    });
    expect(config.externalIssuer).toBe('https://sso.example.com/realms/lbs');
    expect(config.issuer).toBe('https://sso.example.com/realms/lbs');
    expect(config.demo).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('rejects a bad PORT with a message naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /PORT: must be a port number \(0-65535\) \(got "eighty"\)/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      /PORT: must be a port number \(0-65535\) \(got "70000"\)/,
    );
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@db/lbs' })).toThrow(
      /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/ \(got "mysql:\/\/root@db\/lbs"\)/,
    );
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '-1', TRUST_PROXY: 'maybe', PUBLIC_URL: 'not a url', LBS_DEMO_PASSWORD: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('TRUST_PROXY: must be true or false (got "maybe")');
    expect(message).toContain('PUBLIC_URL: must be a URL');
    expect(message).toContain('LBS_DEMO_PASSWORD: must be at least 8 characters');
  });
});
