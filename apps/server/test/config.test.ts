import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults: PGlite in ./data on port 3000, 12 h tokens, no Redis', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { driver: 'pglite' },
      redis: null,
      jwt: { secret: null, ttlSeconds: 12 * 3600 },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('switches to PostgreSQL and Redis when their URLs are set, and reads durations', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/quan',
      REDIS_URL: 'redis://cache:6379',
      JWT_TTL: '30m',
      PORT: '8080',
      COOKIE_SECURE: 'true',
    });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://app@db:5432/quan' });
    expect(config.redis).toEqual({ url: 'redis://cache:6379', keyPrefix: 'quan:' });
    expect(config.jwt.ttlSeconds).toBe(1800);
    expect(config.port).toBe(8080);
    expect(config.cookieSecure).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.driver).toBe('pglite');
  });

  it('fails fast with one line per bad variable', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', JWT_TTL: 'forever' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /PORT: .*\n\s+DATABASE_URL: Must start with postgres:\/\/ or postgresql:\/\/\n\s+JWT_SECRET: Must be at least 32 characters\n\s+JWT_TTL: Use a number of seconds/,
    );
  });
});
