import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const url = (what: string) =>
  z.url({ error: `must be a URL (${what})` }).transform((v) => v.replace(/\/+$/, ''));

const port = 'must be a port number (0-65535)';

const rate = 'must be a share between 0 and 1';
const intIn = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};

/** Network location (MLP client, bundled simulator, scheduler) and locate-now. */
const locationEnv = {
  LBS_MLP_URL: url('the GMLC MLP endpoint, e.g. http://gmlc.example.net:9210/mlp').optional(),
  LBS_MLP_USER: z.string().optional(),
  LBS_MLP_PASSWORD: z.string().optional(),
  LBS_MLP_SERVICE_ID: z.string().optional(),
  LBS_MLP_TIMEOUT_MS: intIn(100, 120_000).default(10_000),
  LBS_MLP_CONCURRENCY: intIn(1, 256).default(8),
  LBS_MLP_BATCH_SIZE: intIn(1, 1000).default(50),
  LBS_SIMULATOR_PORT: z.coerce
    .number({ error: port })
    .int({ error: port })
    .min(0, { error: port })
    .max(65535, { error: port })
    .default(9210),
  LBS_SIMULATOR_LATENCY_MS: z
    .string()
    .regex(/^\d{1,5}(-\d{1,5})?$/, 'must be milliseconds or a range like 50-300')
    .default('50-300')
    .transform((v) => {
      const [min = 0, max = min] = v.split('-').map(Number);
      return [Math.min(min, max), Math.max(min, max)] as [number, number];
    }),
  LBS_SIMULATOR_ABSENT_RATE: z.coerce
    .number({ error: rate })
    .min(0, { error: rate })
    .max(1, { error: rate })
    .default(0.03),
  LBS_SIMULATOR_UNKNOWN_RATE: z.coerce
    .number({ error: rate })
    .min(0, { error: rate })
    .max(1, { error: rate })
    .default(0.01),
  LBS_WORKER: bool.default(true),
  LOCATE_RATE_LIMIT_PER_MINUTE: intIn(1, 100_000).default(10),
  LBS_MONITOR_RENDER_MS: intIn(0, 60_000).default(1000),
  LBS_POSITION_PARTITION_DAYS: intIn(1, 31).default(1),
};

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: port })
    .int({ error: port })
    .min(0, { error: port })
    .max(65535, { error: port })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url('e.g. https://lbs.example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'must start with postgres:// or postgresql://',
    ),
  OIDC_ISSUER: url('the issuer of an external provider, e.g. https://sso.example.com/realms/lbs').optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('lbs-public'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LBS Portal <no-reply@lbs.local>'),
  BILLING_SELLER_NAME: z.string().default('LBS Mobile Operator'),
  BILLING_SELLER_ADDRESS: z.string().default('King Fahd Road, Riyadh 12211'),
  BILLING_SELLER_COUNTRY: z.string().default('SA'),
  BILLING_SELLER_VAT_NUMBER: z.string().optional(),
  BILLING_PAYMENT_INSTRUCTIONS: z
    .string()
    .default(
      'Bank transfer to IBAN SA03 8000 0000 6080 1016 7519, quoting the invoice number. Questions: billing@lbs.local',
    ),
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  REPORT_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  REPORT_EXPORT_LEASE_MS: intIn(3_000, 3_600_000).default(60_000),
  REPORT_ATTACH_MAX_BYTES: z.coerce.number().int().min(0).max(50_000_000).default(5_242_880),
  REPORT_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(2160).default(168),
  SMS_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LBS_DEMO: bool.optional(),
  LBS_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('Demo!2345'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce
    .number({ error: port })
    .int({ error: port })
    .min(0, { error: port })
    .max(65535, { error: port })
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  NOTIFY_MAIL_PER_MINUTE: intIn(1, 100_000).default(120),
  NOTIFY_SMS_PER_MINUTE: intIn(1, 100_000).default(30),
  ...locationEnv,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** External issuer (Keycloak); undefined → embedded provider at PUBLIC_URL/realms/lbs. */
  externalIssuer: string | undefined;
  issuer: string;
  clientId: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long an invitation code of a new portal user stays valid. */
  invitationTtlHours: number;
  /** Shared secret of the inbound-SMS webhook; undefined → one generated and kept in the database (logged at start). */
  smsWebhookToken: string | undefined;
  logLevel: string;
  demo: boolean;
  demoPassword: string;
  loginMaxFailures: number;
  loginLockoutMinutes: number;
  trustProxy: boolean;
  bodyLimit: number;
  webDistDir: string | undefined;
  location: LocationConfig;
  billing: BillingConfig;
  reports: ReportsConfig;
  /** Report exports run as jobs: their files are kept in the database for `ttlHours`. */
  /**
   * Report export jobs: files kept `ttlHours`; a running export owns its job for `leaseMs` between heartbeats (a
   * replica that died mid-file is replaced after that long).
   */
  reportExports: { ttlHours: number; leaseMs: number };
  metrics: MetricsConfig;
  notifications: NotificationsConfig;
}

/**
 * What one company may send per minute, per channel (the relay defers the rest to the next minute): protects the
 * SMTP server and the SMS gateway from one company's flood.
 */
export interface NotificationsConfig {
  mailPerMinute: number;
  smsPerMinute: number;
}

/**
 * GET /metrics (Prometheus), never public: on the main port only with `Authorization: Bearer <token>`, and/or
 * without a token on a port of its own (bound to `host`, loopback by default). Neither set: no metrics served.
 */
export interface MetricsConfig {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

/** Scheduled reports: a file up to `attachMaxBytes` is attached, a larger one goes as a link valid `linkTtlHours`. */
export interface ReportsConfig {
  attachMaxBytes: number;
  linkTtlHours: number;
}

/** Who issues the invoices (the operator) and how customers pay them. */
export interface BillingConfig {
  sellerName: string;
  sellerAddress: string;
  sellerCountry: string;
  /** With a Saudi seller, the invoices carry the ZATCA phase-1 QR code. */
  sellerVatNumber: string | undefined;
  paymentInstructions: string;
}

export interface LocationConfig {
  /** The operator's GMLC (MLP 3.x over HTTP); undefined → the bundled simulator on 127.0.0.1. */
  mlpUrl: string | undefined;
  mlpUser: string | undefined;
  mlpPassword: string | undefined;
  mlpServiceId: string | undefined;
  mlpTimeoutMs: number;
  /** Requests in flight to one GMLC at a time (per process). */
  mlpConcurrency: number;
  /** MSISDNs per MLP request (msid elements in one slir). */
  mlpBatchSize: number;
  /** Port of the bundled simulator (0 = any free port; a taken port falls back to a free one). */
  simulatorPort: number;
  simulatorLatencyMs: [number, number];
  simulatorAbsentRate: number;
  simulatorUnknownRate: number;
  /** Run the scheduler (polling and retention) in this process. */
  worker: boolean;
  locateRateLimitPerMinute: number;
  /**
   * A Monitor snapshot is serialised again at most this often while positions keep changing it (the live stream
   * carries the changes meanwhile; `since` answers are always current).
   */
  monitorRenderMs: number;
  /** Days per period (partition) of `positions`, for the periods made from now on. */
  positionPartitionDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment → typed config; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got "${String(cleaned[String(i.path[0])])}")`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    externalIssuer: e.OIDC_ISSUER,
    issuer: e.OIDC_ISSUER ?? `${publicUrl}/realms/lbs`,
    clientId: e.OIDC_CLIENT_ID,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    invitationTtlHours: e.INVITATION_TTL_HOURS,
    smsWebhookToken: e.SMS_WEBHOOK_TOKEN,
    logLevel: e.LOG_LEVEL,
    demo: e.LBS_DEMO ?? e.DATABASE_URL === undefined,
    demoPassword: e.LBS_DEMO_PASSWORD,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockoutMinutes: e.LOGIN_LOCKOUT_MINUTES,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    reports: {
      attachMaxBytes: e.REPORT_ATTACH_MAX_BYTES,
      linkTtlHours: e.REPORT_LINK_TTL_HOURS,
    },
    reportExports: { ttlHours: e.REPORT_EXPORT_TTL_HOURS, leaseMs: e.REPORT_EXPORT_LEASE_MS },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    notifications: { mailPerMinute: e.NOTIFY_MAIL_PER_MINUTE, smsPerMinute: e.NOTIFY_SMS_PER_MINUTE },
    location: {
      mlpUrl: e.LBS_MLP_URL,
      mlpUser: e.LBS_MLP_USER,
      mlpPassword: e.LBS_MLP_PASSWORD,
      mlpServiceId: e.LBS_MLP_SERVICE_ID,
      mlpTimeoutMs: e.LBS_MLP_TIMEOUT_MS,
      mlpConcurrency: e.LBS_MLP_CONCURRENCY,
      mlpBatchSize: e.LBS_MLP_BATCH_SIZE,
      simulatorPort: e.LBS_SIMULATOR_PORT,
      simulatorLatencyMs: e.LBS_SIMULATOR_LATENCY_MS,
      simulatorAbsentRate: e.LBS_SIMULATOR_ABSENT_RATE,
      simulatorUnknownRate: e.LBS_SIMULATOR_UNKNOWN_RATE,
      worker: e.LBS_WORKER,
      locateRateLimitPerMinute: e.LOCATE_RATE_LIMIT_PER_MINUTE,
      monitorRenderMs: e.LBS_MONITOR_RENDER_MS,
      positionPartitionDays: e.LBS_POSITION_PARTITION_DAYS,
    },
    billing: {
      sellerName: e.BILLING_SELLER_NAME,
      sellerAddress: e.BILLING_SELLER_ADDRESS,
      sellerCountry: e.BILLING_SELLER_COUNTRY,
      // The demo operator is Saudi: its invoices show the QR code out of the box.
      sellerVatNumber:
        e.BILLING_SELLER_VAT_NUMBER ??
        ((e.LBS_DEMO ?? e.DATABASE_URL === undefined) ? '310122393500003' : undefined),
      paymentInstructions: e.BILLING_PAYMENT_INSTRUCTIONS,
    },
  };
}
