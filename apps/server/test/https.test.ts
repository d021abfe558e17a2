import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeHttpRedirect, httpsLocation, listenHttpRedirect } from '../src/lib/http-redirect';
import { lanNames, selfSignedTls } from '../src/lib/tls';
import { buildTestApp } from './helper';

// Making keys and starting apps is slow on a busy machine.
const slow = { timeout: 120_000 };

const apps: FastifyInstance[] = [];
const redirects: http.Server[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.allSettled(redirects.splice(0).map(closeHttpRedirect));
  await Promise.allSettled(apps.splice(0).map((app) => app.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}, 60_000);

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quan-tls-'));
  dirs.push(dir);
  return dir;
}

/** The app as `npm start` builds it with this environment (the database in memory), listening on a free port. */
async function start(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    HTTPS: 'self-signed',
    ...env,
  });
  const app = await buildApp({ ...config, database: { driver: 'pglite', dataDir: null } });
  apps.push(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

async function stop(app: FastifyInstance): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function collect(resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  return (response: http.IncomingMessage) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    response.on('error', reject);
  };
}

/** GET over HTTPS trusting only `ca`, checking the certificate names `localhost`. */
function httpsGet(url: string, ca?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https.get(url, { ca, servername: 'localhost', agent: false }, collect(resolve, reject)).on('error', reject);
  });
}

function httpGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers, agent: false }, collect(resolve, reject)).on('error', reject);
  });
}

const tlsFile = (dataDir: string, name: string) => join(dataDir, 'tls', name);
const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

describe('HTTPS with a certificate of its own (HTTPS=self-signed)', slow, () => {
  it('serves the API and the live connection over HTTPS that trusts its certificate authority', async () => {
    const dataDir = tempDir();
    const { app, url } = await start(dataDir);
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = readFileSync(tlsFile(dataDir, 'ca.pem'), 'utf8');

    const health = await httpsGet(`${url}/healthz`, ca);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    // Without the authority, the certificate is refused: the check above is real.
    await expect(httpsGet(`${url}/healthz`)).rejects.toThrow(/certificate/i);

    // The tablets' download is the authority's certificate, never a key.
    const download = await httpsGet(`${url}/api/tls/ca.crt`, ca);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(download.body).toBe(ca);
    expect(download.body).not.toMatch(/PRIVATE KEY/);
    expect(app.localAuthority?.fingerprint256).toBe(fingerprint(ca));

    // socket.io listens on the HTTPS server too.
    const socket = connect(url, { ca, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    } finally {
      socket.disconnect();
    }

    for (const key of ['key.pem', 'ca-key.pem']) {
      expect(statSync(tlsFile(dataDir, key)).mode & 0o777).toBe(0o600);
    }
  });

  it('reuses its certificates on the next start, and names this machine and HTTPS_HOSTNAMES', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const authority = readFileSync(tlsFile(dataDir, 'ca.pem'), 'utf8');
    const server = readFileSync(tlsFile(dataDir, 'cert.pem'), 'utf8');
    await stop(first.app);

    const second = await start(dataDir);
    expect(second.app.localAuthority?.fingerprint256).toBe(fingerprint(authority));
    expect(fingerprint(readFileSync(tlsFile(dataDir, 'cert.pem'), 'utf8'))).toBe(fingerprint(server));
    expect((await httpsGet(`${second.url}/healthz`, authority)).status).toBe(200);
    await stop(second.app);

    // A name the certificate lacks gets a new server certificate under the same authority: nothing to do on
    // the tablets.
    const third = await start(dataDir, { HTTPS_HOSTNAMES: 'pos.quan.lan, 10.9.8.7' });
    expect(third.app.localAuthority?.fingerprint256).toBe(fingerprint(authority));
    const renewed = new X509Certificate(readFileSync(tlsFile(dataDir, 'cert.pem'), 'utf8'));
    expect(renewed.fingerprint256).not.toBe(fingerprint(server));
    expect(renewed.checkHost('pos.quan.lan')).toBe('pos.quan.lan');
    expect(renewed.checkIP('10.9.8.7')).toBe('10.9.8.7');
    for (const name of lanNames()) {
      expect(isIP(name) ? renewed.checkIP(name) : renewed.checkHost(name)).toBeTruthy();
    }
    expect((await httpsGet(`${third.url}/healthz`, authority)).status).toBe(200);
  });

  it('issues the server certificate again before it expires, keeping the authority', async () => {
    const dir = join(tempDir(), 'tls');
    const names = ['localhost', '127.0.0.1'];
    const now = new Date();
    const made = await selfSignedTls(dir, names, now);
    expect(made.notes.map((note) => note.level)).toEqual(['info', 'info']);

    const again = await selfSignedTls(dir, names, now);
    expect(again.notes).toEqual([]);
    expect(again.cert).toBe(made.cert);

    const later = new Date(now.getTime() + 790 * 86_400_000);
    const renewed = await selfSignedTls(dir, names, later);
    expect(renewed.authority?.fingerprint256).toBe(made.authority?.fingerprint256);
    expect(renewed.cert).not.toBe(made.cert);
    expect(renewed.notes).toEqual([
      { level: 'info', message: expect.stringMatching(/could not stay \(it expires on /) },
    ]);
    expect(new Date(new X509Certificate(renewed.cert).validTo).getTime()).toBeGreaterThan(later.getTime());
  });
});

describe('the certificate download without HTTPS=self-signed', slow, () => {
  it('is documented, and answers 404', async () => {
    const t = await buildTestApp();
    try {
      const download = await t.app.inject({ method: 'GET', url: '/api/tls/ca.crt' });
      expect(download.statusCode).toBe(404);
      expect(download.json().message).toMatch(/HTTPS=self-signed is off/);
      const openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(openapi.paths['/api/tls/ca.crt'].get.tags).toEqual(['Operations']);
    } finally {
      await t.close();
    }
  });
});

describe('the plain-HTTP redirect port (HTTP_REDIRECT_PORT)', slow, () => {
  it('sends the browser to the same host on the HTTPS port', () => {
    expect(httpsLocation('192.168.1.10:8080', '/pos?table=3', 3000)).toBe('https://192.168.1.10:3000/pos?table=3');
    expect(httpsLocation('quan.lan', '/', 443)).toBe('https://quan.lan/');
    expect(httpsLocation('[fe80::1]:80', '/a', 3443)).toBe('https://[fe80::1]:3443/a');
    // A path that looks like another host stays a path on this one.
    expect(httpsLocation('192.168.1.10', '//elsewhere.example/x', 3000)).toBe(
      'https://192.168.1.10:3000//elsewhere.example/x',
    );
    expect(httpsLocation('bad host/', '/', 3000)).toBeNull();
  });

  it('answers 308 with the HTTPS address, which then serves the app', async () => {
    const dataDir = tempDir();
    const { url } = await start(dataDir);
    const httpsPort = Number(new URL(url).port);
    const redirect = await listenHttpRedirect({ host: '127.0.0.1', port: 0, httpsPort });
    redirects.push(redirect);
    const redirectPort = (redirect.address() as AddressInfo).port;

    const answer = await httpGet(`http://127.0.0.1:${redirectPort}/healthz`);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`https://127.0.0.1:${httpsPort}/healthz`);
    const onTablet = await httpGet(`http://127.0.0.1:${redirectPort}/pos`, { host: `192.168.1.10:${redirectPort}` });
    expect(onTablet.headers.location).toBe(`https://192.168.1.10:${httpsPort}/pos`);

    const ca = readFileSync(tlsFile(dataDir, 'ca.pem'), 'utf8');
    expect((await httpsGet(answer.headers.location ?? '', ca)).status).toBe(200);
  });
});
