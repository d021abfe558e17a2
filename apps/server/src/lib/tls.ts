import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { isCertificateName, type HttpsConfig } from '../config';

const DAY = 86_400_000;
/** Long: trusting it is a manual step on every tablet. */
const AUTHORITY_DAYS = 10 * 365;
/** Apple devices refuse server certificates valid for more than 825 days, even under a CA installed by hand. */
const SERVER_DAYS = 800;
/** Renewed this long before it lapses, so that it does not lapse in the middle of a service. */
const RENEW_DAYS = 30;

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

/** A certificate and its key as PEM, the certificate parsed. */
interface Pair {
  cert: string;
  key: string;
  x509: X509Certificate;
}

/**
 * The names a browser on the restaurant's network may open this machine by: loopback, its host name (and
 * its mDNS .local name), every address it has on a network, and the operator's HTTPS_HOSTNAMES.
 */
export function lanNames(extra: readonly string[] = []): string[] {
  // A host name a certificate cannot hold (an underscore, an accent) is left out rather than failing the start.
  const host = hostname().toLowerCase();
  const hostNames = isCertificateName(host) ? [host, ...(host.includes('.') ? [] : [`${host}.local`])] : [];
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((address) => !address.internal)
    .map((address) => address.address.toLowerCase());
  return [...new Set(['localhost', '127.0.0.1', '::1', ...hostNames, ...addresses, ...extra])];
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

/** Written to a temporary file and renamed, so that a crash never leaves half a key; keys readable by the owner only. */
function writeKept(file: string, content: string, secret: boolean): void {
  const mode = secret ? 0o600 : 0o644;
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, content, { mode });
  // The mode above applies only when the file is created.
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

function validity(now: Date, days: number, notAfter?: Date) {
  const end = new Date(now.getTime() + days * DAY);
  return {
    // A day back: a tablet whose clock runs late must not find the certificate not yet valid.
    notBeforeDate: new Date(now.getTime() - DAY),
    notAfterDate: notAfter && notAfter < end ? notAfter : end,
  };
}

async function issueAuthority(now: Date): Promise<Pair> {
  // ASCII, no commas: the server certificate repeats this name as its issuer, and clients compare the two;
  // the host name tells a tablet's list of trusted authorities which machine this one is.
  const host = hostname().replace(/[^A-Za-z0-9.-]/g, '');
  const name = `Quan local CA (${host})`.slice(0, 64);
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ...validity(now, AUTHORITY_DAYS),
    extensions: [
      // It signs this server's certificates and nothing below them.
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private, x509: new X509Certificate(pems.cert) };
}

async function issueServerCertificate(authority: Pair, names: string[], now: Date): Promise<Pair> {
  const pems = await generate([{ name: 'commonName', value: names[0] ?? 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ...validity(now, SERVER_DAYS, expiry(authority.x509)),
    ca: { cert: authority.cert, key: authority.key },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
      },
    ],
  });
  return { cert: pems.cert, key: pems.private, x509: new X509Certificate(pems.cert) };
}

const renewBy = (now: Date) => new Date(now.getTime() + RENEW_DAYS * DAY);

type Kept = Pair | { problem: string } | null;

/** The kept authority if it can stay, else why it must be replaced. */
function usableAuthority(kept: Kept, now: Date): Pair | string {
  if (!kept) return 'there was none';
  if ('problem' in kept) return kept.problem;
  if (!kept.x509.ca) return 'it is not a certificate authority';
  if (expiry(kept.x509) < renewBy(now)) return `it expires on ${day(expiry(kept.x509))}`;
  return kept;
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
 * HTTPS=self-signed: a local certificate authority and a server certificate it signs for `names`, kept in
 * `dir` (ca.pem, ca-key.pem, cert.pem, key.pem) and reused on later starts. The authority is replaced only
 * when it is unusable or about to expire (every tablet must then trust the new one); the server certificate
 * whenever it no longer names every address or nears its end, which the tablets do not notice.
 */
export async function selfSignedTls(dir: string | null, names: string[], now = new Date()): Promise<ServerTls> {
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

  let authority = usableAuthority(files && readPair(files.authority, files.authorityKey), now);
  if (typeof authority === 'string') {
    const why = authority;
    authority = await issueAuthority(now);
    if (files) {
      writeKept(files.authorityKey, authority.key, true);
      writeKept(files.authority, authority.cert, false);
      notes.push(
        why === 'there was none'
          ? {
              level: 'info',
              message: `Made a local certificate authority in ${files.authority}: trust it once on each tablet`,
            }
          : {
              level: 'warn',
              message: `Made a new local certificate authority in ${files.authority}, since the old one could not stay (${why}): every tablet must trust the new one`,
            },
      );
    }
  }

  let server = usableServerCertificate(files && readPair(files.cert, files.key), authority, names, now);
  if (typeof server === 'string') {
    const why = server;
    server = await issueServerCertificate(authority, names, now);
    if (files) {
      writeKept(files.key, server.key, true);
      writeKept(files.cert, server.cert, false);
      notes.push({
        level: 'info',
        message:
          why === 'there was none'
            ? `Issued a server certificate in ${files.cert} for ${names.join(', ')}`
            : `Issued a new server certificate in ${files.cert}, since the old one could not stay (${why}), for ${names.join(', ')}`,
      });
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

/** The key and certificate the HTTPS server answers with; self-signed ones are kept in DATA_DIR/tls. */
export async function loadServerTls(https: HttpsConfig, dataDir: string | null, now = new Date()): Promise<ServerTls> {
  if (https.certificate === 'files') return operatorTls(https.certFile, https.keyFile, now);
  return selfSignedTls(dataDir && join(dataDir, 'tls'), lanNames(https.extraNames), now);
}
