import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { type Person } from './seed';

let tableKey: string;

const owner: Person = {
  name: 'Lý Thị Thu',
  email: 'thu.owner@example.test',
  phone: '0907222333',
  password: 'bun-bo-hue-2026',
};

/** Watches what a page downloads and what it complains about. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { scripts, errors };
}

describe.skipIf(!hasBrowser)('diner pages arrive rendered, and the app takes them over on the first tap', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      const { tables } = await api.seedRestaurant(
        token,
        Array.from({ length: 30 }, (_, index) => ({ name: `Bún bò số ${index + 1}`, price: 50_000 + index * 1000 })),
        2,
      );
      tableKey = tables[0]!.qrKey;
    },
  });

  it('a table page shows every dish with no script loaded, and its first tap adds to the cart', async () => {
    const diner = await pages.phone();
    const seen = watch(diner);
    await diner.goto(`${server.url}/table/1?key=${encodeURIComponent(tableKey)}`);
    await diner.waitForLoadState('networkidle');
    // The whole menu is on the page, the last dish too, before any JavaScript has come.
    await diner.getByRole('heading', { level: 1, name: 'Table 1' }).waitFor();
    await diner.getByRole('heading', { level: 3, name: 'Bún bò số 30' }).waitFor();
    expect(seen.scripts).toEqual([]);

    // The diner scrolls down and taps "Add" on the last dish: the app loads, takes the page over where it is,
    // and the tap counts.
    const lastAdd = diner.getByRole('button', { name: 'Add Bún bò số 30' });
    await lastAdd.scrollIntoViewIfNeeded();
    const scrolled = await diner.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await lastAdd.tap();
    await diner.getByRole('button', { name: 'Add one more Bún bò số 30' }).waitFor();
    await diner.getByRole('button', { name: /^View your order/ }).waitFor();
    expect(seen.scripts.length).toBeGreaterThan(0);
    // Taken over, not drawn again: the page stayed where the diner was, and React found nothing to correct.
    expect(Math.abs((await diner.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
    expect(seen.errors).toEqual([]);
  });

  it('renders in the language the diner chose, from the next page on', async () => {
    const diner = await pages.phone();
    const seen = watch(diner);
    await diner.goto(`${server.url}/public-menu`);
    await diner.getByRole('heading', { level: 1, name: 'Our menu' }).waitFor();
    await diner.getByRole('button', { name: 'VI, Tiếng Việt' }).tap();
    await diner.getByRole('heading', { level: 1, name: 'Thực đơn của quán' }).waitFor();

    const reload = await diner.reload();
    const html = (await reload?.text()) ?? '';
    expect(html).toMatch(/<html lang="vi"/);
    expect(html).toContain('Thực đơn của quán</h1>');
    await diner.getByRole('heading', { level: 1, name: 'Thực đơn của quán' }).waitFor();
    expect(seen.errors).toEqual([]);
  });
});
