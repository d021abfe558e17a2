import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(chromePath);

if (!hasBrowser) {
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${chromePath}: apt-get install -y chromium`);
  }
  console.warn(
    `\n${'!'.repeat(78)}\n!! BROWSER JOURNEYS SKIPPED: no Chromium at ${chromePath}.\n` +
      `!! Install it with "apt-get install -y chromium" or set CHROME_PATH.\n${'!'.repeat(78)}\n`,
  );
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium with the flags this closed network needs; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: chromiumArgs });
}

/**
 * The same Chromium keeping its profile (storage, service workers, caches) in `userDataDir`: closing the
 * context and launching again on the same folder is a browser restart on one device.
 */
export function launchPersistentBrowser(userDataDir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...options, executablePath: chromePath, args: chromiumArgs });
}
