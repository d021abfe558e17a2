import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, launchPersistentBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';

let tablet: BrowserContext | undefined;
let profileDir: string | undefined;
let ownerToken: string;
let waiterToken: string;
let categoryId: string;
let tableKey: string;

const owner: Person = {
  name: 'Võ Thị Mai',
  email: 'mai.owner@example.test',
  phone: '0905666777',
  password: 'com-tam-suon-bi',
};
const waiter: Person = {
  name: 'Đặng Văn Phúc',
  email: 'phuc.waiter@example.test',
  phone: '0906888999',
  password: 'banh-xeo-mien-tay',
};
const tabletViewport = { width: 1280, height: 900 };
const lateDish = 'Cà phê sữa đá';

/** The tablet's Chromium, on its own profile so that a restart keeps what it installed. */
async function startTablet(): Promise<Page> {
  tablet = await launchPersistentBrowser(profileDir!, { viewport: tabletViewport });
  const page = tablet.pages()[0] ?? (await tablet.newPage());
  page.setDefaultTimeout(30_000);
  return page;
}

/**
 * GET /api/user from the page as the app asks it, with a bearer token: the person's name, or what went wrong
 * (without a network and nothing kept for that token, the service worker's fetch fails).
 */
function whoAmI(page: Page, token: string | null): Promise<string> {
  return page.evaluate(async (bearer) => {
    try {
      const response = await fetch('/api/user', { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
      return response.ok ? ((await response.json()) as { data: { name: string } }).data.name : `${response.status}`;
    } catch {
      return 'no answer';
    }
  }, token);
}

/** The POS shows the dishes and the free tables it knew when the network went; nothing added since. */
async function expectLastKnownPos(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Current order' });
  await page.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
  await page.getByRole('button', { name: /^Trà đá/ }).waitFor();
  expect(await page.getByRole('button', { name: new RegExp(`^${lateDish}`) }).count()).toBe(0);
  await panel.getByLabel('Guest name').fill('Anh Tùng');
  await panel.getByLabel('Guests').fill('2');
  await panel.getByRole('button', { name: 'Start order' }).click();
  const freeTables = panel.getByRole('group', { name: 'Free tables' });
  await freeTables.getByRole('button', { name: 'Table 1, 4 seats' }).waitFor();
  await freeTables.getByRole('button', { name: 'Table 2, 4 seats' }).waitFor();
}

describe.skipIf(!hasBrowser)('an installed POS opens without a network', () => {
  const scene = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      profileDir = mkdtempSync(join(tmpdir(), 'quan-e2e-tablet-'));
      ownerToken = token;
      const waiterAccount = await api.register(waiter);
      await api.call('PATCH', `/api/user/users/${waiterAccount._id}/status`, { status: 'active' }, ownerToken);
      waiterToken = await api.signIn(waiter);
      const { items, tables } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Cơm tấm sườn', price: 55_000 },
          { name: 'Trà đá', price: 5_000 },
        ],
        2,
      );
      categoryId = items[0]!.categoryId;
      tableKey = tables[0]!.qrKey;
    },
  });
  const { server } = scene;
  // The tablet's own Chromium closes first, then its profile goes (the last registered stops first).
  scene.onStop(() => profileDir && rmSync(profileDir, { recursive: true, force: true }));
  scene.onStop(() => tablet?.close());

  it("a diner's phone gets no service worker", async () => {
    const phone = await scene.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await phone.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${server.url}/table/1?key=${encodeURIComponent(tableKey)}`);
      await page.getByRole('heading', { level: 1, name: 'Table 1' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
      expect(requested.filter((path) => /sw\.js|workbox|pwa-register/.test(path))).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 90_000);

  it('keeps the menu, the tables and the session through reloads and a browser restart', async () => {
    let page = await startTablet();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Online, the POS once: the service worker installs and takes charge, and keeps what the POS asked for.
    await page.goto(`${server.url}/menu`);
    await page.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const kept = await (await caches.open('quan-staff-data')).keys();
            return kept.map((request) => new URL(request.url).pathname).sort();
          }),
        { timeout: 30_000, interval: 250 },
      )
      .toEqual(expect.arrayContaining(['/api/category', '/api/item', '/api/settings', '/api/table']));
    // The session check, asked online with this tablet's token, is kept for that token alone.
    const tabletToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(await whoAmI(page, tabletToken)).toBe(owner.name);

    // The POS is closed, and the kitchen adds a dish: no open page hears of it, so the tablet keeps the menu it
    // had (an open POS would fetch the new menu at once, and its service worker keep that). Then the Wi-Fi
    // drops. The browser is told it is offline, and the server is out of reach for real (stopped): Chromium's
    // offline emulation does not always hold back a service worker's own requests, and a cache is only proven
    // when the network cannot answer at all.
    const closedPos = page;
    page = await tablet!.newPage();
    page.setDefaultTimeout(30_000);
    await closedPos.close();
    await apiClient(server.url).call('POST', '/api/item', { name: lateDish, price: 25_000, categoryId }, ownerToken);
    await tablet!.setOffline(true);
    await server.crash();
    await page.goto(`${server.url}/menu`);
    await expectLastKnownPos(page);
    await page.reload();
    await expectLastKnownPos(page);
    expect(await whoAmI(page, tabletToken)).toBe(owner.name);
    // Another person's token, or none, never gets the owner's answer from the cache.
    expect(await whoAmI(page, waiterToken)).toBe('no answer');
    expect(await whoAmI(page, null)).toBe('no answer');

    // The browser is closed and opened again, still without a network.
    await tablet!.close();
    page = await startTablet();
    await tablet!.setOffline(true);
    await page.goto(`${server.url}/menu`);
    await expectLastKnownPos(page);

    // The network is back: the POS asks it first, and sees the new dish.
    await server.restart();
    await tablet!.setOffline(false);
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^${lateDish}`) }).waitFor();

    // On the home page the Wi-Fi drops again, and the browser says so; the POS opened then still shows the menu.
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tablet!.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${lateDish}`) }).waitFor();
    await tablet!.setOffline(false);
  }, 240_000);
});
