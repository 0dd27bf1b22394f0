import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Connections to PostgreSQL when DATABASE_POOL_SIZE is unset: twice this machine's cores, the
 * PostgreSQL wiki's "cores × 2" for a database that runs beside the app (decision 0019). More
 * connections than the database has cores to run them make each statement dearer: at 10 on two
 * cores the exercise page cost PostgreSQL 0.21 ms of CPU, at 4 it cost 0.18 (docs/benchmarks.md).
 */
export const defaultPoolSize = () => 2 * availableParallelism();

const bool = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');
const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be greater than 0')
    .default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
/** `10.0.0.1`, `10.0.0.0/8`, `2001:db8::/32`: what TRUST_PROXY may list (a typo stops start-up here). */
function isAddressOrCidr(part: string): boolean {
  const [address, prefix, ...rest] = part.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  // A /0 would be everyone: that is TRUST_PROXY=true, and Fastify refuses it in a list.
  const bits = Number(prefix);
  return (
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128))
  );
}
const url = (what: string) =>
  optionalText.refine((v) => v === undefined || URL.canParse(v), `must be a URL (${what})`);

export const DEFAULT_WRITES_PER_USER = 600;

const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: optionalText.default('127.0.0.1'),
  // Not URL.canParse: libpq's socket form (postgres://user@/db?host=/var/run/postgresql) is valid for pg
  // but not a WHATWG URL.
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\/\S*$/.test(v),
    'must be a PostgreSQL URL (postgres://user:password@host:5432/database)',
  ),
  DATABASE_POOL_SIZE: positiveInt(defaultPoolSize()).pipe(z.number().max(1000, 'must be at most 1000')),
  DATA_DIR: optionalText.default('./data'),
  APP_URL: url('http://localhost:3000'),
  COOKIE_SECURE: bool,
  SMTP_URL: url('smtp://user:password@host:587'),
  MAIL_FROM: optionalText.default('Workout Log <no-reply@localhost>'),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_VERIFY_URL: url('https://…/siteverify').default(
    'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  ),
  CONTACT_EMAIL: optionalText.default('hello@example.com'),
  PORTFOLIO_URL: optionalText.default('https://example.com'),
  // docs/api.md §9: unset trusts no proxy; `true`, a hop count, or addresses/CIDRs.
  TRUST_PROXY: optionalText.refine(
    (v) => v === undefined || /^(true|false|\d+)$/.test(v) || v.split(',').every(isAddressOrCidr),
    'must be true, a number of proxies, or comma-separated addresses/CIDRs',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // docs/api.md §13: who may create an account with a password.
  REGISTRATION: z
    .enum(['open', 'closed', 'oidc-only'], { error: 'must be open, closed or oidc-only' })
    .default('open'),
  // Sign in with your identity provider (docs/api.md §13): on when OIDC_ISSUER is set.
  OIDC_ISSUER: url('https://auth.example.com'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(100),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(20),
  RATE_LIMIT_FORGOT_PER_IP: positiveInt(20),
  RATE_LIMIT_FORGOT_PER_EMAIL: positiveInt(5),
  RATE_LIMIT_RESET_PER_IP: positiveInt(20),
  RATE_LIMIT_EMAIL_CHANGES_PER_USER: positiveInt(5),
  RATE_LIMIT_WRITES_PER_USER: positiveInt(DEFAULT_WRITES_PER_USER),
});

export interface RateLimits {
  loginFailuresPerEmail: number;
  loginPerIp: number;
  registerPerIp: number;
  forgotPerIp: number;
  forgotPerEmail: number;
  resetPerIp: number;
  emailChangesPerUser: number;
  /**
   * Creates, edits and deletes per account a minute, an import counting one (docs/api.md §12).
   * Always set by loadConfig; a Config built by hand without it gets DEFAULT_WRITES_PER_USER.
   */
  writesPerUser?: number;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; undefined = embedded PGlite in `dataDir` (':memory:' keeps it in memory). */
  databaseUrl?: string;
  /** Connections to `databaseUrl` (decision 0019). */
  databasePoolSize: number;
  dataDir: string;
  appUrl: string;
  cookieSecure: boolean;
  smtpUrl?: string;
  mailFrom: string;
  turnstileSiteKey?: string;
  turnstileSecretKey?: string;
  turnstileVerifyUrl: string;
  contactEmail: string;
  portfolioUrl: string;
  logLevel: string;
  rateLimits: RateLimits;
  /** Which proxies' X-Forwarded-For is believed for the client address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** REGISTRATION (docs/api.md §13): `closed` refuses sign-ups, `oidc-only` every password sign-in too. */
  registration: 'open' | 'closed' | 'oidc-only';
  /** The OpenID provider people may sign in with (OIDC_*), if any. */
  oidc?: OidcConfig;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset for a public client (PKCE alone). */
  clientSecret?: string;
  /** The button's `Sign in with {name}`: OIDC_NAME, else the issuer's host. */
  name: string;
}

export class ConfigError extends Error {}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** Fastify's `trustProxy`: false, true, the trusted addresses, or the nearest N hops. */
function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

/** Reads docs/api.md §8's environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID)
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: must be set when OIDC_ISSUER is set');
  // Reset links must never go to a production log, nor point at localhost (docs/api.md §9).
  // Every missing one is named at once, so a deploy is not fixed one variable per attempt.
  if (e.NODE_ENV === 'production') {
    const missing = (
      [
        ['SMTP_URL', e.SMTP_URL],
        ['APP_URL', e.APP_URL],
      ] as const
    ).filter(([, value]) => !value);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing
          .map(([name]) => `  ${name}: must be set when NODE_ENV=production (password-reset emails need it)`)
          .join('\n')}`,
      );
  }
  // Without a provider, oidc-only would let nobody in.
  const oidcMissing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID'].filter((name) => !env[name]?.trim());
  if (e.REGISTRATION === 'oidc-only' && oidcMissing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n  REGISTRATION: oidc-only needs ${oidcMissing.join(', ')} (an OpenID Connect provider)`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    cookieSecure: e.COOKIE_SECURE || e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    turnstileSiteKey: e.TURNSTILE_SITE_KEY,
    turnstileSecretKey: e.TURNSTILE_SECRET_KEY,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    contactEmail: e.CONTACT_EMAIL,
    portfolioUrl: e.PORTFOLIO_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    registration: e.REGISTRATION,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).host,
          }
        : undefined,
    rateLimits: {
      loginFailuresPerEmail: e.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      forgotPerEmail: e.RATE_LIMIT_FORGOT_PER_EMAIL,
      resetPerIp: e.RATE_LIMIT_RESET_PER_IP,
      emailChangesPerUser: e.RATE_LIMIT_EMAIL_CHANGES_PER_USER,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
    },
  };
}

/** The widget shows only when the server can also verify its tokens (both keys set). */
export function turnstileWidgetKey(config: Config): string | null {
  return config.turnstileSecretKey && config.turnstileSiteKey ? config.turnstileSiteKey : null;
}
