import { createPrivateKey, KeyObject, webcrypto, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  id_ce_nameConstraints,
  NameConstraints,
} from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { isCertificateName, type HttpsConfig } from '../config';

const DAY = 86_400_000;
/**
 * Trusting it is a manual step on every tablet, so not short; but whoever copies its key (with DATA_DIR) can
 * pass for this server to the tablets until it ends, so a few years rather than ten.
 */
const AUTHORITY_DAYS = 3 * 365;
/** Apple devices refuse server certificates valid for more than 825 days, even under a CA installed by hand. */
const SERVER_DAYS = 800;
/** Renewed this long before it lapses, so that it does not lapse in the middle of a service. */
const RENEW_DAYS = 30;

/** Loopback and the private networks' ranges (RFC 1918 and link-local), for IPv4 and IPv6. */
const PRIVATE_RANGES = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  'fc00::/7',
  'fe80::/10',
];

// Keys and signatures by Node's WebCrypto, which each @peculiar/x509 call below is given (rather than made that
// library's default for the whole process).
const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' };

/**
 * The certificate authority this server makes for itself with HTTPS=self-signed: what a tablet trusts, once.
 * It signs the server's certificate, which is issued again whenever the machine's addresses change, without
 * anything to do on the tablets. Only the certificate is here, never its key.
 */
export interface LocalAuthority {
  certificate: string;
  /** SHA-256 as AA:BB:…, for staff to compare with what the tablet shows before trusting it. */
  fingerprint256: string;
  /** The file it is kept in; null when nothing is kept on disk (no DATA_DIR, as in the tests). */
  file: string | null;
}

export interface TlsNote {
  level: 'info' | 'warn';
  message: string;
}

export interface ServerTls {
  key: string;
  cert: string;
  authority: LocalAuthority | null;
  /** What happened to the certificates, for the log once there is one: which file was made, and why. */
  notes: TlsNote[];
}

/**
 * The names the server certificate is for: the machine's own (`lanNames`), and the operator's HTTPS_HOSTNAMES,
 * which the authority must permit.
 */
export interface TlsNames {
  machine: string[];
  configured: string[];
}

/**
 * What the authority may sign, as its name constraints (RFC 5280 §4.2.1.10) say: DNS names, each with every
 * name under it ("local" permits "pos.local", not "nolocal"), and address ranges as CIDR.
 */
interface Scope {
  dns: string[];
  ip: string[];
}

/** A certificate and its key as PEM, the certificate parsed. */
interface Pair {
  cert: string;
  key: string;
  x509: X509Certificate;
}

interface Authority extends Pair {
  scope: Scope;
}

/**
 * The names a browser on the restaurant's network may open this machine by: loopback, its host name (and
 * its mDNS .local name), and every address it has on a network.
 */
export function lanNames(): string[] {
  // A host name a certificate cannot hold (an underscore, an accent) is left out rather than failing the start.
  const host = hostname().toLowerCase();
  const hostNames = isCertificateName(host) ? [host, ...(host.includes('.') ? [] : [`${host}.local`])] : [];
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((address) => !address.internal)
    .map((address) => address.address.toLowerCase());
  return [...new Set(['localhost', '127.0.0.1', '::1', ...hostNames, ...addresses])];
}

/** An address as a certificate holds it: 4 bytes for IPv4, 16 for IPv6. */
function addressBytes(address: string): number[] {
  if (isIP(address) === 4) return address.split('.').map(Number);
  // Groups of 16 bits either side of "::", the last possibly a dotted IPv4 address (::ffff:10.0.0.1).
  const words = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const left = words(head);
  const right = tail === undefined ? [] : words(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right].flatMap((word) => [word >> 8, word & 0xff]);
}

/** Whether the authority may sign `name`, matched as clients match it; an IPv4 range holds no IPv6 address. */
function permits(scope: Scope, name: string): boolean {
  if (isIP(name) === 0) return scope.dns.some((base) => name === base || name.endsWith(`.${base}`));
  const address = addressBytes(name);
  return scope.ip.some((range) => {
    const [base = '', prefix = ''] = range.split('/');
    const start = addressBytes(base);
    if (start.length !== address.length) return false;
    for (let bits = Number(prefix), i = 0; bits > 0; bits -= 8, i++) {
      const mask = (0xff << (8 - Math.min(bits, 8))) & 0xff;
      if (((address[i] ?? 0) & mask) !== ((start[i] ?? 0) & mask)) return false;
    }
    return true;
  });
}

/**
 * What a new authority may sign: `localhost`, every name under `local` (mDNS), this machine's host name,
 * loopback and the private ranges, and the operator's HTTPS_HOSTNAMES (an address alone as /32 or /128). An
 * address of this machine outside the private ranges is not in it unless the operator names it: such
 * addresses change (an IPv6 address from the provider, every day or so), and an authority bound to them
 * would have to be trusted again on every tablet each time. The server certificate leaves them out instead.
 */
function authorityScope(names: TlsNames): Scope {
  const base: Scope = { dns: ['localhost', 'local'], ip: PRIVATE_RANGES };
  const beyond = [...new Set([...names.machine.filter((name) => isIP(name) === 0), ...names.configured])].filter(
    (name) => !permits(base, name),
  );
  return {
    dns: [...base.dns, ...beyond.filter((name) => isIP(name) === 0)],
    ip: [
      ...base.ip,
      ...beyond.filter((name) => isIP(name) !== 0).map((name) => `${name}/${isIP(name) === 4 ? 32 : 128}`),
    ],
  };
}

function nameConstraints(scope: Scope): x509.Extension {
  const permitted = new GeneralSubtrees([
    ...scope.dns.map((dNSName) => new GeneralSubtree({ base: new GeneralName({ dNSName }) })),
    ...scope.ip.map((iPAddress) => new GeneralSubtree({ base: new GeneralName({ iPAddress }) })),
  ]);
  // Critical, as RFC 5280 requires: a client that cannot read the limits must refuse the authority.
  return new x509.Extension(
    id_ce_nameConstraints,
    true,
    AsnConvert.serialize(new NameConstraints({ permittedSubtrees: permitted })),
  );
}

/** The authority's name constraints; null when it has none (it was made by an older version). */
function scopeOf(cert: string): Scope | null {
  const extension = new x509.X509Certificate(cert).getExtension(id_ce_nameConstraints);
  if (!extension) return null;
  const permitted = AsnConvert.parse(extension.value, NameConstraints).permittedSubtrees ?? [];
  return {
    dns: permitted.flatMap(({ base }) => (base.dNSName ? [base.dNSName.toLowerCase()] : [])),
    ip: permitted.flatMap(({ base }) => (base.iPAddress ? [base.iPAddress] : [])),
  };
}

const covers = (x509: X509Certificate, name: string) =>
  isIP(name) ? x509.checkIP(name) !== undefined : x509.checkHost(name, { subject: 'never' }) !== undefined;

const expiry = (x509: X509Certificate) => new Date(x509.validTo);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The pair kept in these files; null when neither file is there, or why it cannot be used. */
function readPair(certFile: string, keyFile: string): Pair | { problem: string } | null {
  if (!existsSync(certFile) && !existsSync(keyFile)) return null;
  try {
    const pair = { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    const x509 = new X509Certificate(pair.cert);
    if (!x509.checkPrivateKey(createPrivateKey(pair.key))) return { problem: `${keyFile} is not its key` };
    return { ...pair, x509 };
  } catch (error) {
    return { problem: `it cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * Written to a temporary file and renamed, so that a crash never leaves half a key; readable by the server's
 * user only, as everything in DATA_DIR (the certificates are no secret, but nothing there is for others).
 */
function writeKept(file: string, content: string): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  // The mode above applies only when the file is created.
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function validity(now: Date, days: number, notAfter?: Date) {
  const end = new Date(now.getTime() + days * DAY);
  return {
    // A day back: a tablet whose clock runs late must not find the certificate not yet valid.
    notBefore: new Date(now.getTime() - DAY),
    notAfter: notAfter && notAfter < end ? notAfter : end,
  };
}

async function newKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
}

const pkcs8 = (key: webcrypto.CryptoKey) => KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();

async function issueAuthority(names: TlsNames, now: Date): Promise<Authority> {
  // ASCII, no commas: the server certificate repeats this name as its issuer, and clients compare the two;
  // the host name tells a tablet's list of trusted authorities which machine this one is, and the day which
  // of its authorities is the current one.
  const host = hostname().replace(/[^A-Za-z0-9.-]/g, '');
  const name = `Quan local CA (${host.slice(0, 30)}) ${day(now)}`;
  const keys = await newKeys();
  const scope = authorityScope(names);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: `CN=${name}`,
      keys,
      signingAlgorithm: SIGNATURE,
      ...validity(now, AUTHORITY_DAYS),
      extensions: [
        // It signs this server's certificates and nothing below them, only for the restaurant's own names.
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        nameConstraints(scope),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, webcrypto),
      ],
    },
    webcrypto,
  );
  const cert = certificate.toString('pem');
  return { cert, key: pkcs8(keys.privateKey), x509: new X509Certificate(cert), scope };
}

async function issueServerCertificate(authority: Pair, names: string[], now: Date): Promise<Pair> {
  const issuer = new x509.X509Certificate(authority.cert);
  const keys = await newKeys();
  const certificate = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${names[0] ?? 'localhost'}`,
      issuer: issuer.subject,
      publicKey: keys.publicKey,
      signingKey: createPrivateKey(authority.key).toCryptoKey(EC_KEY, false, ['sign']),
      signingAlgorithm: SIGNATURE,
      ...validity(now, SERVER_DAYS, expiry(authority.x509)),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(
          names.map((name) => ({ type: isIP(name) ? ('ip' as const) : ('dns' as const), value: name })),
        ),
        await x509.AuthorityKeyIdentifierExtension.create(issuer.publicKey, false, webcrypto),
      ],
    },
    webcrypto,
  );
  const cert = certificate.toString('pem');
  return { cert, key: pkcs8(keys.privateKey), x509: new X509Certificate(cert) };
}

const renewBy = (now: Date) => new Date(now.getTime() + RENEW_DAYS * DAY);

type Kept = Pair | { problem: string } | null;

/** The kept authority if it can stay, else why it must be replaced. */
function usableAuthority(kept: Kept, configured: string[], now: Date): Authority | string {
  if (!kept) return 'there was none';
  if ('problem' in kept) return kept.problem;
  if (!kept.x509.ca) return 'it is not a certificate authority';
  if (expiry(kept.x509) < renewBy(now)) return `it expires on ${day(expiry(kept.x509))}`;
  const scope = scopeOf(kept.cert);
  if (!scope) return 'it has no name constraints';
  const outside = configured.filter((name) => !permits(scope, name));
  if (outside.length > 0) return `its name constraints do not cover ${outside.join(', ')}`;
  return { ...kept, scope };
}

/** The kept server certificate if it can stay, else why it must be issued again. */
function usableServerCertificate(kept: Kept, authority: Pair, names: string[], now: Date): Pair | string {
  if (!kept) return 'there was none';
  if ('problem' in kept) return kept.problem;
  if (!kept.x509.checkIssued(authority.x509) || !kept.x509.verify(authority.x509.publicKey)) {
    return 'the certificate authority that issued it is gone';
  }
  if (expiry(kept.x509) < renewBy(now)) return `it expires on ${day(expiry(kept.x509))}`;
  const missing = names.filter((name) => !covers(kept.x509, name));
  if (missing.length > 0) return `it does not name ${missing.join(', ')}`;
  return kept;
}

/**
 * HTTPS=self-signed: a local certificate authority and a server certificate it signs, kept in `dir` (ca.pem,
 * ca-key.pem, cert.pem, key.pem) and reused on later starts. The authority is replaced only when it is
 * unusable, about to expire, or does not permit a name of HTTPS_HOSTNAMES (every tablet must then trust the
 * new one), or with `rotate` (`npm run tls:rotate`); the server certificate whenever it no longer names every
 * address or nears its end, which the tablets do not notice. Names the authority does not permit (an address
 * of the machine outside the private networks) are left out of the server certificate, which clients would
 * refuse for any of its names otherwise.
 */
export async function selfSignedTls(
  dir: string | null,
  names: TlsNames,
  now = new Date(),
  rotate = false,
): Promise<ServerTls> {
  const notes: TlsNote[] = [];
  const files = dir
    ? {
        authority: join(dir, 'ca.pem'),
        authorityKey: join(dir, 'ca-key.pem'),
        cert: join(dir, 'cert.pem'),
        key: join(dir, 'key.pem'),
      }
    : null;
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });

  let authority = rotate
    ? null
    : usableAuthority(files && readPair(files.authority, files.authorityKey), names.configured, now);
  if (authority === null || typeof authority === 'string') {
    // Null: replaced on request, not for a fault of its own.
    const why = authority;
    authority = await issueAuthority(names, now);
    if (files) {
      writeKept(files.authorityKey, authority.key);
      writeKept(files.authority, authority.cert);
      notes.push(
        why === 'there was none'
          ? {
              level: 'info',
              message: `Made a local certificate authority in ${files.authority}, valid until ${day(expiry(authority.x509))}: trust it once on each tablet`,
            }
          : {
              level: 'warn',
              message: `Made a new local certificate authority in ${files.authority}${why ? `, since the old one could not stay (${why})` : ''}, valid until ${day(expiry(authority.x509))}: every tablet must trust the new one, and forget the old one`,
            },
      );
    }
  }

  const scope = authority.scope;
  const wanted = [...new Set([...names.machine, ...names.configured])];
  const certified = wanted.filter((name) => permits(scope, name));
  let server = usableServerCertificate(files && readPair(files.cert, files.key), authority, certified, now);
  if (typeof server === 'string') {
    const why = server;
    server = await issueServerCertificate(authority, certified, now);
    if (files) {
      writeKept(files.key, server.key);
      writeKept(files.cert, server.cert);
      notes.push({
        level: 'info',
        message:
          why === 'there was none'
            ? `Issued a server certificate in ${files.cert} for ${certified.join(', ')}`
            : `Issued a new server certificate in ${files.cert}, since the old one could not stay (${why}), for ${certified.join(', ')}`,
      });
      const left = wanted.filter((name) => !certified.includes(name));
      if (left.length > 0) {
        notes.push({
          level: 'warn',
          message: `Left ${left.join(', ')} out of the server certificate: the local certificate authority signs only the restaurant's own names (private networks, this machine's host name, HTTPS_HOSTNAMES). To open the server by one of them, add it to HTTPS_HOSTNAMES: the server then makes a new authority, for every tablet to trust again`,
        });
      }
    }
  }

  return {
    key: server.key,
    cert: server.cert,
    authority: {
      certificate: authority.cert,
      fingerprint256: authority.x509.fingerprint256,
      file: files && files.authority,
    },
    notes,
  };
}

/** The operator's files (config.ts has checked that they can be read and belong together). */
function operatorTls(certFile: string, keyFile: string, now: Date): ServerTls {
  const cert = readFileSync(certFile, 'utf8');
  const notes: TlsNote[] = [];
  const expires = expiry(new X509Certificate(cert));
  if (expires < now) {
    notes.push({ level: 'warn', message: `The certificate in ${certFile} expired on ${day(expires)}` });
  }
  return { key: readFileSync(keyFile, 'utf8'), cert, authority: null, notes };
}

/** Where the self-signed certificates are kept in DATA_DIR. */
const tlsDir = (dataDir: string) => join(dataDir, 'tls');

/** There is nothing for `npm run tls:rotate` to replace: the operator's to fix, said in one line. */
export class NoAuthorityError extends Error {
  override name = 'NoAuthorityError';
}

/**
 * `npm run tls:rotate`: a new authority, and a server certificate it signs, in place of those in DATA_DIR/tls,
 * for when the old key may have been copied (a DATA_DIR copied off the machine) or the old authority came
 * without name constraints. The running server serves the new certificate once restarted.
 */
export async function rotateAuthority(dataDir: string, extraNames: string[], now = new Date()): Promise<ServerTls> {
  const dir = tlsDir(dataDir);
  if (!existsSync(join(dir, 'ca.pem'))) {
    throw new NoAuthorityError(`There is no local certificate authority in ${dir} (is DATA_DIR right?)`);
  }
  return selfSignedTls(dir, { machine: lanNames(), configured: extraNames }, now, true);
}

/** The key and certificate the HTTPS server answers with; self-signed ones are kept in DATA_DIR/tls. */
export async function loadServerTls(https: HttpsConfig, dataDir: string | null, now = new Date()): Promise<ServerTls> {
  if (https.certificate === 'files') return operatorTls(https.certFile, https.keyFile, now);
  return selfSignedTls(dataDir && tlsDir(dataDir), { machine: lanNames(), configured: https.extraNames }, now);
}
