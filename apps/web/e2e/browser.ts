import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

/** Debian's Chromium with the flags this closed network needs; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
