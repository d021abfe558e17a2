import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { languages, type Language } from '@quan/contract/language';
import { z } from 'zod';
import { serverRoot } from './lib/server-root';

/** How long a token lives: seconds as a number, or a number with s/m/h/d ("12h"). */
const durationSchema = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'Use a number of seconds or a duration such as 30m, 12h or 7d')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.trim().slice(-1);
    const factor = { s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1;
    return amount * factor;
  })
  .pipe(
    z
      .int()
      .min(60, 'Must be at least one minute')
      .max(30 * 86400, 'Must be at most 30 days'),
  );

const flagSchema = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'Use true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An IP address, or a range of them in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxyUsage = 'Use true, false, a number of proxies, or their addresses (127.0.0.1, 10.0.0.0/8)';

/**
 * Whose X-Forwarded-For to believe about a client's address: no one (false, no, 0); whoever connects (true,
 * yes: only right behind a proxy that overwrites the header); that many proxies nearest the server (a number);
 * or the proxies at these addresses and ranges (separated by commas). The last two count the rightmost address
 * not added by a trusted proxy, so that a client's own X-Forwarded-For, which an appending proxy passes on
 * ahead of the address it saw, chooses nothing.
 */
const trustProxySchema = z.string().transform((value, context): boolean | number | string[] => {
  const setting = value.trim();
  if (setting === 'true' || setting === 'yes') return true;
  if (setting === 'false' || setting === 'no') return false;
  if (/^\d+$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  const addresses = setting
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const wrong = addresses.length === 0 ? setting : addresses.find((address) => !isAddressOrRange(address));
  if (wrong === undefined) return addresses;
  context.addIssue({ code: 'custom', message: `${trustProxyUsage}, not "${wrong}"` });
  return z.NEVER;
});

const positiveIntSchema = z.coerce.number().pipe(z.int32().min(1, 'Must be a whole number of 1 or more'));

const portSchema = z.coerce.number().pipe(z.int().min(0).max(65535, 'Must be a port number (0-65535)'));

/** A time in milliseconds, from `min` up to one hour (0 turns a timeout off where that is allowed). */
const millisecondsSchema = (min: number) =>
  z.coerce
    .number()
    .pipe(
      z
        .int(`Must be a whole number of milliseconds (${min} or more)`)
        .min(min, `Must be a whole number of milliseconds (${min} or more)`)
        .max(3_600_000, 'Must be at most 3600000 (one hour)'),
    );

/**
 * The PostgreSQL pool's timeouts when DATABASE_URL is set: how long opening a connection (or waiting for a free
 * one) may take, and how long one statement may run (0: no limit). The slowest request measured, a report on
 * a million orders, takes tens of milliseconds and migrations run without the limit (db/client.ts), so 30 s
 * only ever stops a query that is stuck.
 */
export const DATABASE_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 } as const;

/** The drain when SHUTDOWN_DRAIN_MS is not set, on PostgreSQL in production: a chain behind a balancer. */
export const DEFAULT_CHAIN_DRAIN_MS = 5_000;

/** A DNS name or an IP address: what a certificate's subject alternative names can hold. */
export function isCertificateName(name: string): boolean {
  return isIP(name) !== 0 || /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i.test(name);
}

/** Host names or IP addresses separated by commas ("quan.lan, 10.0.0.5"), as a certificate may name them. */
const hostNamesSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine(isCertificateName, 'Use host names or IP addresses separated by commas')));

/** The environment variables the server reads; .env.example documents each with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: portSchema.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'Must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('quan:'),
  JWT_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
  JWT_TTL: durationSchema.default(12 * 3600),
  BANK_WEBHOOK_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
  RESTAURANT_LANGUAGE: z.enum(languages, 'Must be vi or en').default('vi'),
  COOKIE_SECURE: flagSchema.default(false),
  TRUST_PROXY: trustProxySchema.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: coloured lines for a person at a terminal; json: one object per line, for a log collector. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  HTTPS: z.enum(['self-signed'], 'Use self-signed, or set HTTPS_CERT_FILE and HTTPS_KEY_FILE instead').optional(),
  HTTPS_CERT_FILE: z.string().min(1).optional(),
  HTTPS_KEY_FILE: z.string().min(1).optional(),
  HTTPS_HOSTNAMES: hostNamesSchema.optional(),
  HTTP_REDIRECT_PORT: portSchema.optional(),
  RATE_LIMIT_MAX: positiveIntSchema.default(600),
  LOGIN_RATE_LIMIT_PER_IP: positiveIntSchema.default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveIntSchema.default(10),
  LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY: positiveIntSchema.default(50),
  DINER_ORDER_RATE_LIMIT_PER_IP: positiveIntSchema.default(30),
  DINER_ORDER_RATE_LIMIT_PER_TABLE: positiveIntSchema.default(15),
  BOOKING_RATE_LIMIT_PER_IP: positiveIntSchema.default(5),
  SHUTDOWN_DRAIN_MS: millisecondsSchema(0).optional(),
  SHUTDOWN_GRACE_MS: millisecondsSchema(0).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: millisecondsSchema(100).default(DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: millisecondsSchema(0).default(DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .pipe(z.int('Must be a whole number of hours (0 turns them off)').min(0).max(168, 'Must be at most 168 (a week)'))
    .default(24),
  BACKUP_KEEP_DAYS: positiveIntSchema.default(14),
});

/** Every variable the server reads (for the test that holds .env.example and docs/operations.md to them). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

type Env = z.infer<typeof envSchema>;
/** A variable (or a path inside one) and what is wrong with it: one line of a ConfigError. */
type Issue = { path: string; message: string };

export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | null }
  | {
      driver: 'postgres';
      url: string;
      /** Opening a pooled connection, or waiting for a free one; DATABASE_TIMEOUT_DEFAULTS when not given. */
      connectTimeoutMs?: number;
      /** One statement (PostgreSQL's statement_timeout); 0 for none; DATABASE_TIMEOUT_DEFAULTS when not given. */
      statementTimeoutMs?: number;
    };

/**
 * Where the HTTPS certificate comes from: PEM files the operator provides, or one the server issues itself
 * for the restaurant's network (lib/tls.ts), naming this machine and `extraNames`.
 */
export type HttpsConfig =
  { certificate: 'files'; certFile: string; keyFile: string } | { certificate: 'self-signed'; extraNames: string[] };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the embedded database and the generated JWT secret live; null keeps everything in memory. */
  dataDir: string | null;
  database: DatabaseConfig;
  redis: { url: string; keyPrefix: string } | null;
  jwt: { secret: string | null; ttlSeconds: number };
  /** The secret a bank notification service signs its calls with; null turns the endpoint off. */
  bankWebhookSecret: string | null;
  /** The staff screens' language in a new restaurant, until an admin changes it in the settings. */
  restaurantLanguage: Language;
  cookieSecure: boolean;
  /**
   * Whose X-Forwarded-For gives a client's address (the one every per-address limit counts): no one, whoever
   * connects (true), that many proxies nearest the server, or the proxies at these addresses and ranges.
   */
  trustProxy: boolean | number | string[];
  logLevel: Env['LOG_LEVEL'];
  /** Pretty when LOG_FORMAT says so, or when it is not set and the log goes to a terminal; else JSON lines. */
  prettyLogs: boolean;
  webDistDir: string;
  /** null serves plain HTTP. Browsers run the staff app's service worker only over HTTPS (or on localhost). */
  https: HttpsConfig | null;
  /** With HTTPS, a plain-HTTP port that sends every request on to the HTTPS one; null for none. */
  httpRedirectPort: number | null;
  rateLimit: {
    /** Requests per minute per IP across the whole API. */
    globalPerMinute: number;
    /**
     * Failed sign-ins per 10 minutes from one address (every email), and from one address on one email
     * (plugins/rate-limit.ts, `signInThrottle`). A manager's approval typed on another device is a sign-in
     * attempt in the same budget: a wrong one counts as a failed sign-in to the approving email.
     */
    loginPerIp: number;
    loginPerEmail: number;
    /**
     * Failed sign-ins per clock hour on one email, from anywhere: beyond them, only a browser that signed in
     * to that account before may try (so at most twice this in any 60 minutes: OWASP ASVS 2.2.1 allows 100).
     */
    loginPerEmailHourly: number;
    /** Orders from table pages per 10 minutes, per client address and per table. */
    dinerOrdersPerIp: number;
    dinerOrdersPerTable: number;
    /** Bookings asked for online per hour, per client address. */
    bookingsPerIp: number;
  };
  /**
   * Stopping on SIGTERM or SIGINT (plugins/lifecycle.ts): for `drainMs` the instance serves on while /readyz
   * answers 503 so that balancers send new requests elsewhere; then it stops accepting, and requests still
   * running get `graceMs` before their connections are cut and the database closes.
   */
  shutdown: { drainMs: number; graceMs: number };
  /**
   * Backups of the embedded database into DATA_DIR/backups (db/backup.ts): by the running server every
   * `intervalHours` (0: none) and before migrations, removed after `keepDays` (the newest is always kept).
   */
  backups: { intervalHours: number; keepDays: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function invalid(issues: Issue[]): ConfigError {
  const lines = issues.map(({ path, message }) => `  ${path}: ${message}`);
  return new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
}

/**
 * The operator's certificate and key, read once here so that a missing, unreadable or mismatched file stops
 * the start with its variable named, rather than as an OpenSSL error from deep inside the HTTPS server.
 */
function certificateFileIssues(certFile: string, keyFile: string): Issue[] {
  const unreadable: Issue[] = [];
  const read = (path: 'HTTPS_CERT_FILE' | 'HTTPS_KEY_FILE', file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      unreadable.push({ path, message: `Cannot read ${file} (${code})` });
      return '';
    }
  };
  const certPem = read('HTTPS_CERT_FILE', certFile);
  const keyPem = read('HTTPS_KEY_FILE', keyFile);
  if (unreadable.length > 0) return unreadable;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certPem);
  } catch {
    return [{ path: 'HTTPS_CERT_FILE', message: `${certFile} holds no PEM certificate` }];
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(keyPem))) {
      return [{ path: 'HTTPS_KEY_FILE', message: `${keyFile} is not the key of the certificate in ${certFile}` }];
    }
  } catch {
    return [{ path: 'HTTPS_KEY_FILE', message: `${keyFile} holds no unencrypted PEM private key` }];
  }
  return [];
}

/** The HTTPS settings that only make sense together, and the operator's files. */
function httpsIssues(e: Env): Issue[] {
  const issues: Issue[] = [];
  const files = e.HTTPS_CERT_FILE !== undefined || e.HTTPS_KEY_FILE !== undefined;
  if (e.HTTPS_CERT_FILE && !e.HTTPS_KEY_FILE) {
    issues.push({ path: 'HTTPS_KEY_FILE', message: 'Must be set together with HTTPS_CERT_FILE' });
  }
  if (e.HTTPS_KEY_FILE && !e.HTTPS_CERT_FILE) {
    issues.push({ path: 'HTTPS_CERT_FILE', message: 'Must be set together with HTTPS_KEY_FILE' });
  }
  if (e.HTTPS && files) {
    issues.push({ path: 'HTTPS', message: 'Use self-signed or HTTPS_CERT_FILE and HTTPS_KEY_FILE, not both' });
  }
  if (e.HTTPS_HOSTNAMES && !e.HTTPS) {
    issues.push({ path: 'HTTPS_HOSTNAMES', message: 'Only used with HTTPS=self-signed' });
  }
  if (e.HTTP_REDIRECT_PORT !== undefined && !e.HTTPS && !files) {
    issues.push({ path: 'HTTP_REDIRECT_PORT', message: 'Only used with HTTPS (HTTPS=self-signed or HTTPS_CERT_FILE)' });
  }
  if (e.HTTP_REDIRECT_PORT !== undefined && e.HTTP_REDIRECT_PORT !== 0 && e.HTTP_REDIRECT_PORT === e.PORT) {
    issues.push({ path: 'HTTP_REDIRECT_PORT', message: 'Must differ from PORT' });
  }
  if (issues.length === 0 && e.HTTPS_CERT_FILE && e.HTTPS_KEY_FILE) {
    issues.push(...certificateFileIssues(resolve(e.HTTPS_CERT_FILE), resolve(e.HTTPS_KEY_FILE)));
  }
  return issues;
}

function httpsConfig(e: Env): HttpsConfig | null {
  if (e.HTTPS === 'self-signed') return { certificate: 'self-signed', extraNames: e.HTTPS_HOSTNAMES ?? [] };
  if (e.HTTPS_CERT_FILE && e.HTTPS_KEY_FILE) {
    return { certificate: 'files', certFile: resolve(e.HTTPS_CERT_FILE), keyFile: resolve(e.HTTPS_KEY_FILE) };
  }
  return null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty values in a .env file mean "not set", not "set to the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  }
  const e = parsed.data;
  const issues = httpsIssues(e);
  if (issues.length > 0) throw invalid(issues);
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? {
          driver: 'postgres',
          url: e.DATABASE_URL,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { driver: 'pglite', dataDir },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    jwt: { secret: e.JWT_SECRET ?? null, ttlSeconds: e.JWT_TTL },
    bankWebhookSecret: e.BANK_WEBHOOK_SECRET ?? null,
    restaurantLanguage: e.RESTAURANT_LANGUAGE,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    prettyLogs: e.LOG_FORMAT ? e.LOG_FORMAT === 'pretty' : process.stdout.isTTY === true,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(serverRoot, '../web/dist'),
    https: httpsConfig(e),
    httpRedirectPort: e.HTTP_REDIRECT_PORT ?? null,
    rateLimit: {
      globalPerMinute: e.RATE_LIMIT_MAX,
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      loginPerEmailHourly: e.LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY,
      dinerOrdersPerIp: e.DINER_ORDER_RATE_LIMIT_PER_IP,
      dinerOrdersPerTable: e.DINER_ORDER_RATE_LIMIT_PER_TABLE,
      bookingsPerIp: e.BOOKING_RATE_LIMIT_PER_IP,
    },
    shutdown: {
      // Only a chain (PostgreSQL) runs behind a balancer that needs time to move away; the embedded database
      // is one instance with nowhere else to send its traffic, and development restarts should be quick.
      drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' && e.DATABASE_URL ? DEFAULT_CHAIN_DRAIN_MS : 0),
      graceMs: e.SHUTDOWN_GRACE_MS,
    },
    backups: { intervalHours: e.BACKUP_INTERVAL_HOURS, keepDays: e.BACKUP_KEEP_DAYS },
  };
}

/** A random secret for tests and for first start when JWT_SECRET is not set. */
export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}
