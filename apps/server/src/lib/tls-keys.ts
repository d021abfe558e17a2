import { KeyObject, webcrypto, type X509Certificate } from 'node:crypto';

// What the local certificate authority and the server certificate share: their keys, their validity, and
// their dates as the notes say them.

const DAY = 86_400_000;
/** Renewed this long before it lapses, so that it does not lapse in the middle of a service. */
const RENEW_DAYS = 30;

// Keys and signatures by Node's WebCrypto, which each @peculiar/x509 call is given (rather than made that
// library's default for the whole process).
export const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' };
export const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' };

export const expiry = (x509: X509Certificate) => new Date(x509.validTo);
export const day = (date: Date) => date.toISOString().slice(0, 10);

export function validity(now: Date, days: number, notAfter?: Date) {
  const end = new Date(now.getTime() + days * DAY);
  return {
    // A day back: a tablet whose clock runs late must not find the certificate not yet valid.
    notBefore: new Date(now.getTime() - DAY),
    notAfter: notAfter && notAfter < end ? notAfter : end,
  };
}

export async function newKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
}

export const pkcs8 = (key: webcrypto.CryptoKey) =>
  KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();

export const renewBy = (now: Date) => new Date(now.getTime() + RENEW_DAYS * DAY);
