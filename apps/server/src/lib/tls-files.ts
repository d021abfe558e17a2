import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

// The certificates and keys kept in DATA_DIR/tls, read back at each start.

/** A certificate and its key as PEM, the certificate parsed. */
export interface Pair {
  cert: string;
  key: string;
  x509: X509Certificate;
}

/** What the files hold: a usable pair, why it cannot be used, or nothing. */
export type Kept = Pair | { problem: string } | null;

/** The pair kept in these files; null when neither file is there, or why it cannot be used. */
export function readPair(certFile: string, keyFile: string): Kept {
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
export function writeKept(file: string, content: string): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  // The mode above applies only when the file is created.
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
