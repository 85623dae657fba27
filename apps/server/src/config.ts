import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const url = (what: string) =>
  z.url({ error: `must be a URL (${what})` }).transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url('e.g. https://lbs.example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  OIDC_ISSUER: url('the issuer of an external provider, e.g. https://sso.example.com/realms/lbs').optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('lbs-public'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LBS Portal <no-reply@lbs.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LBS_DEMO: bool.optional(),
  LBS_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('Demo!2345'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
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
  logLevel: string;
  demo: boolean;
  demoPassword: string;
  loginMaxFailures: number;
  loginLockoutMinutes: number;
  trustProxy: boolean;
  bodyLimit: number;
  webDistDir: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment → typed config; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got "${String(cleaned[String(i.path[0])])}")`);
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
    logLevel: e.LOG_LEVEL,
    demo: e.LBS_DEMO ?? e.DATABASE_URL === undefined,
    demoPassword: e.LBS_DEMO_PASSWORD,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockoutMinutes: e.LOGIN_LOCKOUT_MINUTES,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
  };
}
