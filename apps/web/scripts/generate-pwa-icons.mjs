// Draws the installable app's icons (public/pwa-*.png, public/maskable-icon-512x512.png,
// public/apple-touch-icon-180x180.png) from the favicon, public/favicon.svg, so that they never drift from it.
// The PNGs are committed; run this again after changing the favicon:
//
//   node apps/web/scripts/generate-pwa-icons.mjs
//
// The SVG is drawn by Debian's Chromium through playwright-core (both already used by the browser journeys;
// set CHROME_PATH for another Chromium), then checked with pngjs.
//
// The plain icons are the favicon as it is: its amber rounded square on a transparent ground. The maskable one
// fills the whole square with the favicon's amber, since the launcher cuts its own shape: the bowl and the steam
// sit within 34 % of the size from the centre, inside the 40 % circle a mask always keeps.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const faviconSvg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const amber = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(faviconSvg)?.[1];
if (!amber) throw new Error('favicon.svg has no filled <rect> to take the background colour from');
const print = (line) => process.stdout.write(`${line}\n`);

const icons = [
  { file: 'pwa-192x192.png', size: 192, background: 'transparent' },
  { file: 'pwa-512x512.png', size: 512, background: 'transparent' },
  { file: 'maskable-icon-512x512.png', size: 512, background: amber },
  // iOS ignores the manifest's icons for the home screen and takes this one, which it rounds itself.
  { file: 'apple-touch-icon-180x180.png', size: 180, background: amber },
];

const svgUrl = `data:image/svg+xml;base64,${Buffer.from(faviconSvg).toString('base64')}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, background } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><body style="margin:0;background:${background}">` +
        `<img src="${svgUrl}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const bytes = await page.screenshot({ type: 'png', omitBackground: background === 'transparent' });
    await page.close();

    const png = PNG.sync.read(bytes);
    if (png.width !== size || png.height !== size) {
      throw new Error(`${file}: drew ${png.width}×${png.height}, expected ${size}×${size}`);
    }
    // The centre is the bowl's cream and a corner is either see-through or amber, as the icon says.
    const alphaAt = (x, y) => png.data[(y * size + x) * 4 + 3];
    const cornerAlpha = alphaAt(0, 0);
    if (alphaAt(size >> 1, Math.round(size * 0.6)) !== 255 || (background === 'transparent') !== (cornerAlpha === 0)) {
      throw new Error(`${file}: the drawing does not look like the favicon`);
    }
    writeFileSync(join(publicDir, file), PNG.sync.write(png, { colorType: 6 }));
    print(`${file}  ${size}×${size}`);
  }
} finally {
  await browser.close();
}
