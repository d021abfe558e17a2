import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://app@db:5432/quan',
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    });
    expect(config.redis).toEqual({ url: 'redis://cache:6379', keyPrefix: 'quan:' });
    expect(config.jwt.ttlSeconds).toBe(1800);
    expect(config.port).toBe(8080);
    expect(config.cookieSecure).toBe(true);
  });

  it('writes pretty logs for a terminal and JSON lines otherwise, unless LOG_FORMAT says which', () => {
    const atTerminal = process.stdout.isTTY === true;
    expect(loadConfig({}).prettyLogs).toBe(atTerminal);
    expect(loadConfig({ LOG_FORMAT: 'json' }).prettyLogs).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).prettyLogs).toBe(true);
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT/);
  });

  it('drains before stopping only where a balancer needs it: a chain on PostgreSQL in production', () => {
    const chain = { DATABASE_URL: 'postgres://app@db:5432/quan' };
    expect(loadConfig(chain).shutdown).toEqual({ drainMs: 5000, graceMs: 10_000 });
    expect(loadConfig({}).shutdown.drainMs).toBe(0);
    expect(loadConfig({ ...chain, NODE_ENV: 'development' }).shutdown.drainMs).toBe(0);
    expect(loadConfig({ ...chain, NODE_ENV: 'test' }).shutdown.drainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2500', SHUTDOWN_GRACE_MS: '0' }).shutdown).toEqual({
      drainMs: 2500,
      graceMs: 0,
    });
  });

  it('reads the PostgreSQL timeouts, 0 turning the statement timeout off', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/quan',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(config.database).toMatchObject({ connectTimeoutMs: 2000, statementTimeoutMs: 0 });
  });

  it('refuses times that are not whole milliseconds in range', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(
      /SHUTDOWN_DRAIN_MS: Must be a whole number of milliseconds/,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '1.5' })).toThrow(/SHUTDOWN_GRACE_MS: Must be a whole number/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5s' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS: Must be a whole number of milliseconds \(100 or more\)/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '7200000' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: Must be at most 3600000/,
    );
  });

  it('reads TRUST_PROXY as no, yes, a number of proxies or their addresses, and names what it cannot read', () => {
    const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const no of ['false', 'no', '0']) expect(trustProxy(no)).toBe(false);
    for (const yes of ['true', 'yes']) expect(trustProxy(yes)).toBe(true);
    // A number counts hops, so 1 (which used to mean true) is now the one proxy nearest the server.
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 10.0.0.0/8, 127.0.0.1,fd00::/8,::1,')).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1']);
    const usage =
      'TRUST_PROXY: Use true, false, a number of proxies, or their addresses \\(127\\.0\\.0\\.1, 10\\.0\\.0\\.0/8\\)';
    expect(() => trustProxy('nginx')).toThrow(new RegExp(`${usage}, not "nginx"`));
    expect(() => trustProxy('127.0.0.1, proxy.lan')).toThrow(new RegExp(`${usage}, not "proxy.lan"`));
    for (const wrong of ['10.0.0.0/33', '10.0.0.0/0', 'fd00::/129', '10.0.0.0/8/8', '300.0.0.1', '-1', '1.5', ',']) {
      expect(() => trustProxy(wrong)).toThrow(new RegExp(usage));
    }
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

describe('HTTPS configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quan-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A certificate and its key as the operator would provide them, written to `dir`. */
  async function operatorFiles(name: string): Promise<{ cert: string; key: string }> {
    const pems = await generate([{ name: 'commonName', value: 'quan.lan' }], { keyType: 'ec', algorithm: 'sha256' });
    const files = { cert: join(dir, `${name}-cert.pem`), key: join(dir, `${name}-key.pem`) };
    writeFileSync(files.cert, pems.cert);
    writeFileSync(files.key, pems.private, { mode: 0o600 });
    return files;
  }

  it('is off by default, and self-signed names the extra host names', () => {
    expect(loadConfig({})).toMatchObject({ https: null, httpRedirectPort: null });
    const config = loadConfig({
      HTTPS: 'self-signed',
      HTTPS_HOSTNAMES: 'POS.quan.lan, 10.0.0.5,',
      HTTP_REDIRECT_PORT: '80',
    });
    expect(config.https).toEqual({ certificate: 'self-signed', extraNames: ['pos.quan.lan', '10.0.0.5'] });
    expect(config.httpRedirectPort).toBe(80);
  });

  it("takes the operator's certificate and key files when they belong together", async () => {
    const files = await operatorFiles('good');
    expect(loadConfig({ HTTPS_CERT_FILE: files.cert, HTTPS_KEY_FILE: files.key }).https).toEqual({
      certificate: 'files',
      certFile: files.cert,
      keyFile: files.key,
    });
    const other = await operatorFiles('other');
    expect(() => loadConfig({ HTTPS_CERT_FILE: files.cert, HTTPS_KEY_FILE: other.key })).toThrow(
      /HTTPS_KEY_FILE: .*other-key\.pem is not the key of the certificate in .*good-cert\.pem/,
    );
    expect(() => loadConfig({ HTTPS_CERT_FILE: files.key, HTTPS_KEY_FILE: files.key })).toThrow(
      /HTTPS_CERT_FILE: .*good-key\.pem holds no PEM certificate/,
    );
  });

  it('names the missing file of the pair, and the files it cannot read', () => {
    const load = () => loadConfig({ HTTPS_CERT_FILE: join(dir, 'cert.pem') });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/HTTPS_KEY_FILE: Must be set together with HTTPS_CERT_FILE/);
    expect(() => loadConfig({ HTTPS_KEY_FILE: join(dir, 'key.pem') })).toThrow(
      /HTTPS_CERT_FILE: Must be set together with HTTPS_KEY_FILE/,
    );
    expect(() =>
      loadConfig({ HTTPS_CERT_FILE: join(dir, 'missing.pem'), HTTPS_KEY_FILE: join(dir, 'gone.pem') }),
    ).toThrow(
      /HTTPS_CERT_FILE: Cannot read .*missing\.pem \(ENOENT\)\n\s+HTTPS_KEY_FILE: Cannot read .*gone\.pem \(ENOENT\)/,
    );
  });

  it('refuses settings that do not go together', () => {
    expect(() => loadConfig({ HTTPS: 'yes' })).toThrow(
      /HTTPS: Use self-signed, or set HTTPS_CERT_FILE and HTTPS_KEY_FILE/,
    );
    expect(() => loadConfig({ HTTP_REDIRECT_PORT: '80' })).toThrow(/HTTP_REDIRECT_PORT: Only used with HTTPS/);
    expect(() => loadConfig({ HTTPS: 'self-signed', HTTP_REDIRECT_PORT: '3000' })).toThrow(
      /HTTP_REDIRECT_PORT: Must differ from PORT/,
    );
    expect(() => loadConfig({ HTTPS_HOSTNAMES: 'quan.lan' })).toThrow(
      /HTTPS_HOSTNAMES: Only used with HTTPS=self-signed/,
    );
    expect(() => loadConfig({ HTTPS: 'self-signed', HTTPS_HOSTNAMES: 'quan lan' })).toThrow(
      /HTTPS_HOSTNAMES\.0: Use host names or IP addresses/,
    );
    expect(() => loadConfig({ HTTPS: 'self-signed', HTTPS_CERT_FILE: 'a.pem', HTTPS_KEY_FILE: 'b.pem' })).toThrow(
      /HTTPS: Use self-signed or HTTPS_CERT_FILE and HTTPS_KEY_FILE, not both/,
    );
  });
});
