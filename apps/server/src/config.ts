import { randomBytes } from 'node:crypto';
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

const positiveIntSchema = z.coerce.number().pipe(z.int32().min(1, 'Must be a whole number of 1 or more'));

/** The environment variables the server reads; .env.example documents each with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().pipe(z.int().min(0).max(65535, 'Must be a port number (0-65535)')).default(3000),
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
  TRUST_PROXY: flagSchema.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  RATE_LIMIT_MAX: positiveIntSchema.default(600),
  LOGIN_RATE_LIMIT_PER_IP: positiveIntSchema.default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveIntSchema.default(10),
  DINER_ORDER_RATE_LIMIT_PER_IP: positiveIntSchema.default(30),
  DINER_ORDER_RATE_LIMIT_PER_TABLE: positiveIntSchema.default(15),
});

export type DatabaseConfig = { driver: 'pglite'; dataDir: string | null } | { driver: 'postgres'; url: string };

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
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  rateLimit: {
    /** Requests per minute per IP across the whole API. */
    globalPerMinute: number;
    /** Sign-in attempts per 10 minutes. */
    loginPerIp: number;
    loginPerEmail: number;
    /** Orders from table pages per 10 minutes, per client address and per table. */
    dinerOrdersPerIp: number;
    dinerOrdersPerTable: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty values in a .env file mean "not set", not "set to the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL ? { driver: 'postgres', url: e.DATABASE_URL } : { driver: 'pglite', dataDir },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    jwt: { secret: e.JWT_SECRET ?? null, ttlSeconds: e.JWT_TTL },
    bankWebhookSecret: e.BANK_WEBHOOK_SECRET ?? null,
    restaurantLanguage: e.RESTAURANT_LANGUAGE,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(serverRoot, '../web/dist'),
    rateLimit: {
      globalPerMinute: e.RATE_LIMIT_MAX,
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      dinerOrdersPerIp: e.DINER_ORDER_RATE_LIMIT_PER_IP,
      dinerOrdersPerTable: e.DINER_ORDER_RATE_LIMIT_PER_TABLE,
    },
  };
}

/** A random secret for tests and for first start when JWT_SECRET is not set. */
export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}
