import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeHttpRedirect, httpsLocation, listenHttpRedirect } from '../src/lib/http-redirect';
import { lanNames, NoAuthorityError, rotateAuthority, selfSignedTls } from '../src/lib/tls';
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

const privateRanges = new BlockList();
for (const [address, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const) {
  privateRanges.addSubnet(address, prefix, type);
}
const isPrivateAddress = (address: string) => privateRanges.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

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

    // A name the certificate lacks, which the authority permits, gets a new server certificate under the same
    // authority: nothing to do on the tablets.
    const third = await start(dataDir, { HTTPS_HOSTNAMES: 'pos.local, 10.9.8.7' });
    expect(third.app.localAuthority?.fingerprint256).toBe(fingerprint(authority));
    const renewed = new X509Certificate(readFileSync(tlsFile(dataDir, 'cert.pem'), 'utf8'));
    expect(renewed.fingerprint256).not.toBe(fingerprint(server));
    expect(renewed.checkHost('pos.local')).toBe('pos.local');
    expect(renewed.checkIP('10.9.8.7')).toBe('10.9.8.7');
    // Every name of the machine, except its addresses outside the private networks, which the authority may
    // not sign.
    for (const name of lanNames()) {
      const named = isIP(name) ? renewed.checkIP(name) : renewed.checkHost(name);
      expect(Boolean(named), name).toBe(isIP(name) === 0 || isPrivateAddress(name));
    }
    expect((await httpsGet(`${third.url}/healthz`, authority)).status).toBe(200);
  });

  it('issues the server certificate again before it expires, keeping the authority', async () => {
    const dir = join(tempDir(), 'tls');
    const names = { machine: ['localhost', '127.0.0.1'], configured: [] };
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

/** `openssl` with these arguments: its exit status and everything it printed. */
function openssl(args: string[]): { status: number | null; output: string } {
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * A server certificate for `altName` (`DNS:…` or `IP:…`) signed with the authority's key in `tls`, as anyone who
 * copied DATA_DIR could sign one. Its common name is no host name, so that only the alternative name counts.
 */
function signWithAuthorityKey(tls: string, altName: string): string {
  const dir = tempDir();
  const [request, leaf, extensions] = ['leaf.csr', 'leaf.pem', 'extensions.cnf'].map((name) => join(dir, name));
  writeFileSync(
    extensions!,
    `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${altName}\n`,
  );
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', join(dir, 'key.pem')];
  expect(openssl(['req', '-new', ...key, '-subj', '/CN=Test leaf', '-out', request!]).status).toBe(0);
  const ca = ['-CA', join(tls, 'ca.pem'), '-CAkey', join(tls, 'ca-key.pem'), '-set_serial', '7', '-days', '30'];
  expect(openssl(['x509', '-req', '-in', request!, ...ca, '-extfile', extensions!, '-out', leaf!]).status).toBe(0);
  return leaf!;
}

/** What a TLS client checks of a server's certificate, by OpenSSL rather than by the code that made it. */
const verifyServer = (tls: string, cert: string) =>
  openssl(['verify', '-CAfile', join(tls, 'ca.pem'), '-purpose', 'sslserver', cert]);

describe("the local certificate authority signs only the restaurant's names, for three years", slow, () => {
  const machine = lanNames();

  it('refuses a certificate for a bank or a public address signed with its key; its own certificate verifies', async () => {
    const tls = join(tempDir(), 'tls');
    await selfSignedTls(tls, { machine, configured: ['pos.quan.lan'] });
    expect(verifyServer(tls, join(tls, 'cert.pem'))).toMatchObject({ status: 0 });

    for (const outside of ['DNS:www.vietcombank.com.vn', 'IP:203.0.113.7', 'DNS:notlocal', 'IP:::ffff:10.0.0.1']) {
      const refused = verifyServer(tls, signWithAuthorityKey(tls, outside));
      expect(refused.status, outside).not.toBe(0);
      expect(refused.output, outside).toMatch(/permitted subtree violation/);
    }
    // Signed the same way, the restaurant's own names pass: the refusals above are the constraints'.
    for (const inside of [
      'DNS:till.local',
      'DNS:pos.quan.lan',
      'DNS:a.pos.quan.lan',
      'IP:192.168.1.50',
      'IP:fd12::7',
    ]) {
      expect(verifyServer(tls, signWithAuthorityKey(tls, inside)), inside).toMatchObject({ status: 0 });
    }

    const authority = new X509Certificate(readFileSync(join(tls, 'ca.pem'), 'utf8'));
    const server = new X509Certificate(readFileSync(join(tls, 'cert.pem'), 'utf8'));
    const lifetime = (certificate: X509Certificate) =>
      (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / 86_400_000;
    expect(lifetime(authority)).toBeLessThanOrEqual(3 * 365 + 1);
    expect(lifetime(server)).toBeLessThanOrEqual(801);
    expect(Date.parse(server.validTo)).toBeLessThanOrEqual(Date.parse(authority.validTo));
  });

  it('replaces an authority without name constraints, or one whose constraints miss a name of HTTPS_HOSTNAMES', async () => {
    const tls = join(tempDir(), 'tls');
    mkdirSync(tls);
    // As the version before made it: ten years, and any name.
    const old = openssl([
      ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 -subj /CN=Quan-local-CA'.split(' '),
      ...'-addext basicConstraints=critical,CA:TRUE,pathlen:0 -addext keyUsage=critical,keyCertSign,cRLSign'.split(' '),
      ...['-keyout', join(tls, 'ca-key.pem'), '-out', join(tls, 'ca.pem')],
    ]);
    expect(old.status, old.output).toBe(0);
    const oldAuthority = readFileSync(join(tls, 'ca.pem'), 'utf8');
    expect(verifyServer(tls, signWithAuthorityKey(tls, 'DNS:www.vietcombank.com.vn'))).toMatchObject({ status: 0 });

    const replaced = await selfSignedTls(tls, { machine, configured: ['pos.quan.lan'] });
    expect(replaced.authority?.fingerprint256).not.toBe(fingerprint(oldAuthority));
    expect(replaced.notes[0]).toEqual({
      level: 'warn',
      message: expect.stringMatching(/new local certificate authority .*\(it has no name constraints\)/),
    });
    expect(verifyServer(tls, signWithAuthorityKey(tls, 'DNS:www.vietcombank.com.vn')).status).not.toBe(0);

    // Names it permits keep it: a name under .local, an address of a private network.
    const kept = await selfSignedTls(tls, { machine, configured: ['pos.quan.lan', 'till.local', '10.1.2.3'] });
    expect(kept.authority?.fingerprint256).toBe(replaced.authority?.fingerprint256);
    expect(kept.notes.filter((note) => note.message.startsWith('Made'))).toEqual([]);

    const widened = await selfSignedTls(tls, { machine, configured: ['pos.quan.lan', 'quan.example', '203.0.113.7'] });
    expect(widened.authority?.fingerprint256).not.toBe(replaced.authority?.fingerprint256);
    expect(widened.notes[0]).toEqual({
      level: 'warn',
      message: expect.stringContaining('(its name constraints do not cover quan.example, 203.0.113.7)'),
    });
    const server = new X509Certificate(widened.cert);
    expect(server.checkHost('quan.example')).toBe('quan.example');
    expect(server.checkIP('203.0.113.7')).toBe('203.0.113.7');
    expect(verifyServer(tls, join(tls, 'cert.pem'))).toMatchObject({ status: 0 });
    // Exactly that address, not its neighbours.
    expect(verifyServer(tls, signWithAuthorityKey(tls, 'IP:203.0.113.8')).output).toMatch(/permitted subtree/);
  });

  it('makes a new authority with npm run tls:rotate', async () => {
    const dataDir = tempDir();
    await expect(rotateAuthority(dataDir, [])).rejects.toThrow(NoAuthorityError);
    const tls = join(dataDir, 'tls');
    const first = await selfSignedTls(tls, { machine, configured: [] });

    const rotated = await rotateAuthority(dataDir, ['pos.quan.lan']);
    expect(rotated.authority?.fingerprint256).not.toBe(first.authority?.fingerprint256);
    expect(fingerprint(readFileSync(join(tls, 'ca.pem'), 'utf8'))).toBe(rotated.authority?.fingerprint256);
    expect(rotated.notes[0]).toMatchObject({ level: 'warn', message: expect.stringMatching(/^Made a new local/) });
    expect(new X509Certificate(rotated.cert).checkHost('pos.quan.lan')).toBe('pos.quan.lan');
    expect(verifyServer(tls, join(tls, 'cert.pem'))).toMatchObject({ status: 0 });

    // The command itself, as an operator runs it: it prints the new fingerprint.
    const command = spawnSync(process.execPath, ['--import', 'tsx', 'src/lib/tls-cli.ts'], {
      cwd: resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, HTTPS: 'self-signed', HTTPS_HOSTNAMES: 'pos.quan.lan' },
      encoding: 'utf8',
    });
    expect(command.status, command.stderr).toBe(0);
    const now = fingerprint(readFileSync(join(tls, 'ca.pem'), 'utf8'));
    expect(now).not.toBe(rotated.authority?.fingerprint256);
    expect(command.stdout).toContain(`SHA-256 fingerprint of the new authority: ${now}`);
    expect(statSync(join(tls, 'ca-key.pem')).mode & 0o777).toBe(0o600);
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
