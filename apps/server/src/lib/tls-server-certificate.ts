import { createPrivateKey, X509Certificate, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';
import type { Kept, Pair } from './tls-files';
import { day, EC_KEY, expiry, newKeys, pkcs8, renewBy, SIGNATURE, validity } from './tls-keys';

// The certificate the HTTPS server answers with, signed by the local authority: issued again whenever it no
// longer names every address of the machine or nears its end, which the tablets do not notice.

/** Apple devices refuse server certificates valid for more than 825 days, even under a CA installed by hand. */
const SERVER_DAYS = 800;

const covers = (x509: X509Certificate, name: string) =>
  isIP(name) ? x509.checkIP(name) !== undefined : x509.checkHost(name, { subject: 'never' }) !== undefined;

export async function issueServerCertificate(authority: Pair, names: string[], now: Date): Promise<Pair> {
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

/** The kept server certificate if it can stay, else why it must be issued again. */
export function usableServerCertificate(kept: Kept, authority: Pair, names: string[], now: Date): Pair | string {
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
