import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { trimEndChars } from '../src/domain/text';
import { DEFAULT_SHOP_TIME_ZONE } from '../src/domain/shipBy';

/**
 * Configuration comes from the environment only. `loadConfig(env)` validates it with zod
 * and throws a ConfigError whose message names every bad variable, so a typo fails at start.
 */
/** True for an IANA zone name the runtime's time-zone data knows (Intl throws a RangeError otherwise). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Z][\w+\-/]{0,63}$/i.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty variables are treated as unset (see `loadConfig`), so plain optionals suffice. */
const optionalString = z.string().trim().optional();

const urlWithProtocols = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the server (e.g. 1) or a comma-separated list of their addresses or CIDR ranges ' +
  '(e.g. 10.0.0.0/8,127.0.0.1); "true" would trust any X-Forwarded-For a client sends, so every per-IP limit could be dodged';
/** proxy-addr's names for the usual private ranges, accepted in the list like addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * The shortest prefixes a proxy range may have: a proxy sits in a network of its operator, never
 * in half the Internet. `0.0.0.0/1,128.0.0.0/1` (or `::/0`) would trust every client's own
 * X-Forwarded-For, which is what refusing `true` prevents. An IPv4-mapped IPv6 range
 * (`::ffff:0:0/96`) covers IPv4 addresses, so it is held to the IPv4 rule (/104 = /8).
 */
export const TRUST_PROXY_MIN_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/** Why a TRUST_PROXY entry trusts too much, or null when its range is narrow enough. */
function tooWide(entry: string): string | null {
  const [address, bits] = entry.split('/');
  if (bits === undefined || PROXY_RANGE_NAMES.includes(entry)) return null;
  const n = Number(bits);
  const family = isIP(address);
  const mapped = family === 6 && /^::ffff:/i.test(address);
  const min = family === 4 ? TRUST_PROXY_MIN_PREFIX.ipv4 : mapped ? 96 + TRUST_PROXY_MIN_PREFIX.ipv4 : TRUST_PROXY_MIN_PREFIX.ipv6;
  if (n >= min) return null;
  return `${entry} trusts too many addresses (any client there could name its own address): give the proxies' own addresses or ranges of at least /${TRUST_PROXY_MIN_PREFIX.ipv4} for IPv4 and /${TRUST_PROXY_MIN_PREFIX.ipv6} for IPv6`;
}

/** TRUST_PROXY: off, a hop count, or the proxies' addresses/CIDRs — never "trust every hop". */
const trustProxy = optionalString.transform((v, ctx): false | number | string[] => {
  if (v === undefined || ['false', '0', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 32) return hops;
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length && list.every(isProxyAddress)) {
    const wide = list.map(tooWide).filter((w): w is string => w !== null);
    if (!wide.length) return list;
    for (const message of wide) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(4000),
  HOST: z.string().trim().default('0.0.0.0'),
  DATA_DIR: z.string().trim().default('./.data'),
  DIST_DIR: optionalString,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters long',
  }),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(?:sk|rk)_(?:test|live)_/.test(v), {
    message: 'must start with sk_test_, sk_live_, rk_test_ or rk_live_',
  }),
  PAYMENTS: z.enum(['stripe', 'test'], { message: 'must be stripe or test' }).optional(),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: 'must start with whsec_',
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.com:587'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://shop.example.com'),
  SHOP_NAME: z.string().trim().default('LayerLoft'),
  // The dashboard's days start at midnight here; a zone the time-zone database does not know would
  // put every figure on the wrong day, so it stops the start.
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIME_ZONE)
    .refine((v) => isKnownTimeZone(v), { message: 'is not a time zone this system knows (an IANA name such as America/New_York or Europe/Paris)' }),
  SHOP_EMAIL: z.email({ message: 'must be an e-mail address' }).default('hello@layerloft.shop'),
  STAFF_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  STAFF_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: 'must be at least 8 characters long',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(300),
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0, 'must be 0 or more').default(500),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000, 'must be at least 1000').default(60_000),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000, 'must be at least 1000').default(15 * 60_000),
  LOGIN_FAILURE_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(5),
  LOGIN_ADDRESS_FAILURE_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(50),
  SEED_ON_EMPTY: bool,
  MESSAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(5),
  MESSAGE_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000, 'must be at least 1000').default(10_000),
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1, 'must be at least 1').default(30),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0, 'must be 0 or more').max(60_000, 'must be at most 60000').default(0),
});

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** The built client to serve (absolute path; default dist/ beside server/). Benchmarks build into their own folder. */
  distDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: string;
  /** True when JWT_SECRET came from DATA_DIR/jwt-secret (fine for one instance only). */
  jwtSecretGenerated: boolean;
  stripeSecretKey?: string;
  /**
   * PAYMENTS: 'stripe' takes real payments (needs STRIPE_SECRET_KEY); 'test' is the built-in card
   * page, where nothing is charged and every page shows a test-mode ribbon. Unset: 'stripe' when a
   * key is set, else 'test' outside production; production without either refuses to start.
   */
  payments: 'stripe' | 'test';
  stripeWebhookSecret?: string;
  /**
   * Where the Stripe SDK sends API calls (default api.stripe.com). No environment variable sets it:
   * tests point it at a local stub server through `overrides`.
   */
  stripeApiBase?: string;
  /** How often (ms) unpaid orders past their payment window are cancelled (default 1 minute). */
  paymentSweepIntervalMs?: number;
  /**
   * How often (ms) a request may check the catalog's shared version, the fallback behind the
   * change notifications (default 1000). No environment variable sets it: tests set it through `overrides`.
   */
  catalogCheckIntervalMs?: number;
  smtpUrl?: string;
  publicUrl?: string;
  shopName: string;
  /** The shop's IANA time zone (SHOP_TIMEZONE): the dashboard's days start at its midnight. */
  shopTimeZone: string;
  shopEmail: string;
  staffEmail?: string;
  staffPassword?: string;
  logLevel: LogLevel;
  corsOrigins: string[];
  /**
   * Which hops may set X-Forwarded-For (the client address of every per-IP limit): false (none),
   * a hop count, or the proxies' addresses/CIDRs. Never `true`: any client could then name its own address.
   */
  trustProxy: false | number | string[];
  rateLimit: { max: number; windowMs: number };
  /** Anonymous server renders kept (LRU); 0 renders every page anew (the bench's uncached figures). */
  htmlCacheEntries?: number;
  /** Uncached page renders at once (default: two per core); one that waited 500 ms for a slot gets the client-rendered shell and 503. */
  renderConcurrency?: number;
  /**
   * Login, register, forgot- and reset-password: attempts allowed per window, counted separately
   * per client IP and per e-mail address (in Redis when REDIS_URL is set).
   */
  authRateLimit: { max: number; windowMs: number };
  /** Failed logins allowed per e-mail from one client source per window (AUTH_RATE_LIMIT_WINDOW_MS). */
  loginFailures: { max: number; windowMs: number };
  /**
   * Failed logins allowed from one client address per window, whatever the e-mail: a shared NAT or
   * every shopper behind a proxy without TRUST_PROXY shares it, so only failures count.
   */
  loginAddressFailureMax?: number;
  /**
   * Argon2id cost. 'owasp' (m=19 MiB, t=2, p=1) everywhere; 'test' is a cheap profile that only the
   * test helpers set through `overrides` — no environment variable can lower it.
   */
  passwordHashing: 'owasp' | 'test';
  /** Seed the demo catalog on the first start of an empty database (SEED_ON_EMPTY; default: not in production). */
  seedOnEmpty: boolean;
  /**
   * On SIGTERM, how long (ms) the instance keeps serving while /readyz answers 503, so a load
   * balancer's health checks take it out of rotation before it stops accepting (SHUTDOWN_DRAIN_MS;
   * 0 for a single instance, about three health-check intervals behind a load balancer). Requests
   * still arriving then (a balancer slow to notice) extend it until none came for 0.5 s, at most to
   * three times SHUTDOWN_DRAIN_MS.
   */
  shutdownDrainMs: number;
  /** Support chat: messages a shopper may post per window (staff are not limited; in Redis when REDIS_URL is set). */
  messageRateLimit: { max: number; windowMs: number };
  /**
   * The Redis pub/sub key prefix of the socket.io adapter (default 'layerloft-socket.io'). No
   * environment variable sets it: tests give each run its own so parallel runs never cross.
   */
  realtimeRedisKey?: string;
  /** POST /api/order/stripe: orders a session token may start per minute (default 30; benchmarks raise it). */
  orderRateLimitMax?: number;
}

export type Env = Record<string, string | undefined>;

/** Reads DATA_DIR/jwt-secret, creating it (mode 0600) with 48 random bytes the first time. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Validates the environment; throws ConfigError listing each bad variable with the reason. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      const raw = env[key];
      return `  ${key}${raw === undefined ? '' : `=${JSON.stringify(key.includes('SECRET') || key.includes('PASSWORD') ? '***' : raw)}`}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Only NODE_ENV decides: a test passes NODE_ENV=test (or the settings it needs) itself, so the
  // configuration a test gets is the one it asked for, whoever runs it.
  const nodeEnv = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const secretFromEnv = overrides.jwtSecret ?? e.JWT_SECRET;
  const base: Config = {
    env: nodeEnv,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    distDir: e.DIST_DIR === undefined ? undefined : path.resolve(e.DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: secretFromEnv ?? readOrCreateSecret(dataDir),
    jwtSecretGenerated: secretFromEnv === undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    payments: 'test',
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL === undefined ? undefined : trimEndChars(e.PUBLIC_URL, '/')),
    shopName: e.SHOP_NAME,
    shopTimeZone: e.SHOP_TIMEZONE,
    shopEmail: e.SHOP_EMAIL,
    staffEmail: e.STAFF_EMAIL,
    staffPassword: e.STAFF_PASSWORD,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    htmlCacheEntries: e.HTML_CACHE_ENTRIES,
    renderConcurrency: e.RENDER_CONCURRENCY,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    loginFailures: { max: e.LOGIN_FAILURE_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    loginAddressFailureMax: e.LOGIN_ADDRESS_FAILURE_MAX,
    passwordHashing: 'owasp',
    seedOnEmpty: e.SEED_ON_EMPTY ?? nodeEnv !== 'production',
    messageRateLimit: { max: e.MESSAGE_RATE_LIMIT_MAX, windowMs: e.MESSAGE_RATE_LIMIT_WINDOW_MS },
    orderRateLimitMax: e.ORDER_RATE_LIMIT_MAX,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
  const config: Config = { ...base, ...overrides, dataDir };
  config.payments = overrides.payments ?? paymentsMode(e.PAYMENTS, config);
  return config;
}

export const PAYMENTS_MESSAGES = {
  noKey: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY (sk_live_… or sk_test_…).',
  unconfigured:
    'Payments are not configured for production: set STRIPE_SECRET_KEY to take real payments through Stripe, ' +
    'or PAYMENTS=test to run the demo store with the built-in test card page (nothing is charged).',
} as const;

/** A production store never falls back to test payments silently. */
function paymentsMode(requested: 'stripe' | 'test' | undefined, config: Config): 'stripe' | 'test' {
  if (requested === 'stripe' && !config.stripeSecretKey) throw new ConfigError(`Invalid configuration:\n  PAYMENTS: ${PAYMENTS_MESSAGES.noKey}`);
  if (requested) return requested;
  if (config.stripeSecretKey) return 'stripe';
  if (config.env === 'production') throw new ConfigError(`Invalid configuration:\n  PAYMENTS: ${PAYMENTS_MESSAGES.unconfigured}`);
  return 'test';
}
