import { X509Certificate, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  id_ce_nameConstraints,
  NameConstraints,
} from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { Kept, Pair } from './tls-files';
import { day, expiry, newKeys, pkcs8, renewBy, SIGNATURE, validity } from './tls-keys';

// The local certificate authority of HTTPS=self-signed: what it may sign, how it is made, and when a kept one
// must be replaced (which every tablet then notices: it must trust the new one).

/**
 * Trusting it is a manual step on every tablet, so not short; but whoever copies its key (with DATA_DIR) can
 * pass for this server to the tablets until it ends, so a few years rather than ten.
 */
const AUTHORITY_DAYS = 3 * 365;

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
export interface Scope {
  dns: string[];
  ip: string[];
}

export interface Authority extends Pair {
  scope: Scope;
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
export function permits(scope: Scope, name: string): boolean {
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

export async function issueAuthority(names: TlsNames, now: Date): Promise<Authority> {
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

/** The kept authority if it can stay, else why it must be replaced. */
export function usableAuthority(kept: Kept, configured: string[], now: Date): Authority | string {
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
