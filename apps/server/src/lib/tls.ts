import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { isCertificateName, type HttpsConfig } from '../config';
import { issueAuthority, permits, usableAuthority, type TlsNames } from './tls-authority';
import { readPair, writeKept } from './tls-files';
import { day, expiry } from './tls-keys';
import { issueServerCertificate, usableServerCertificate } from './tls-server-certificate';

export type { TlsNames } from './tls-authority';

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
