import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { runCommandLine, say, UsageError } from './command-line';
import { describeMadePrivate, makePrivate } from './private-files';
import { NoAuthorityError, rotateAuthority } from './tls';

/**
 * The certificate command for operators, run with tsx from the repository's root (package.json):
 *
 *   npm run tls:rotate     a new local certificate authority (HTTPS=self-signed) and server certificate in
 *                          DATA_DIR/tls, in place of the old ones
 *
 * For when the authority's key may have been copied (DATA_DIR copied off the machine, a lost backup disk), or
 * to choose the moment of a change the server would otherwise make at a start. It reads DATA_DIR and
 * HTTPS_HOSTNAMES as the server does, so run it with the server's settings.
 */

const USAGE = `Usage:
  HTTPS=self-signed npm run tls:rotate     (with the server's DATA_DIR and HTTPS_HOSTNAMES)`;

async function run(argv: string[]): Promise<void> {
  // Keys: its user's alone, as all of DATA_DIR.
  process.umask(0o077);
  parseArgs({ args: argv, strict: true });
  const config = loadConfig();
  if (config.https?.certificate !== 'self-signed') {
    throw new UsageError('tls:rotate is for the certificates the server makes itself: set HTTPS=self-signed');
  }
  const dataDir = config.dataDir ?? './data';
  const wasOpen = describeMadePrivate(dataDir, makePrivate(dataDir));
  if (wasOpen) say(wasOpen);

  const tls = await rotateAuthority(dataDir, config.https.extraNames);
  for (const note of tls.notes) say(note.message);
  say(`
SHA-256 fingerprint of the new authority: ${tls.authority?.fingerprint256 ?? ''}

Then:
  1. Restart the server: until then it serves the old certificate.
  2. On each tablet, remove the old "Quan local CA" (Android: Settings → Security → Encryption & credentials →
     Trusted credentials → User; iPad: Settings → General → VPN & Device Management, its profile), then trust
     the new one as the first time (docs/operations.md, "HTTPS on the restaurant's network"): open
     https://<this server>/api/tls/ca.crt and compare the fingerprint above.`);
}

runCommandLine(run, USAGE, (error) => error instanceof ConfigError || error instanceof NoAuthorityError);
