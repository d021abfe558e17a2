import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser } from './browser';
import { apiClient, type Person } from './seed';
import { pageOpener } from './pages';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: Browser;
const pages = pageOpener(
  () => browser,
  () => server.url,
);

const owner: Person = {
  name: 'Phạm Thị Hạnh',
  email: 'hanh.owner@example.test',
  phone: '0905111333',
  password: 'com-tam-suon-2026',
};
const manager: Person = {
  name: 'Đỗ Văn Quản',
  email: 'quan.manager@example.test',
  phone: '0906222444',
  password: 'banh-xeo-gion-2026',
};
const staff: Person = {
  name: 'Võ Thị Phục',
  email: 'phuc.staff@example.test',
  phone: '0907333555',
  password: 'goi-cuon-tom-2026',
};

/** A phone, a tablet standing up, a laptop. */
const widths = [390, 768, 1366] as const;

/**
 * Every staff route, with what marks it as loaded beyond its h1 where the seeded rows matter: a table too wide
 * for a phone only shows once its rows are in.
 */
const routes: { path: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/' },
  { path: '/orders' },
  { path: '/orders?view=kitchen' },
  { path: '/tables' },
  { path: '/menu' },
  { path: '/dashboard' },
  { path: '/chart' },
  { path: '/more' },
  { path: '/profile' },
  { path: '/shifts' },
  { path: '/audit' },
  { path: '/accounts' },
  {
    path: '/customer-management',
    ready: (page) => page.getByRole('row', { name: 'Trần Thị Mai' }).waitFor(),
  },
  {
    path: '/coupon-management',
    ready: (page) => page.getByRole('row', { name: 'GIAM10' }).waitFor(),
  },
  {
    path: '/ingredient-management',
    ready: (page) => page.getByRole('row', { name: 'Thịt bò' }).waitFor(),
  },
  { path: '/spin-wheel' },
];

/** The page's layout width against the window's, once its h1 shows and its requests have settled. */
async function widthsOf(page: Page, route: (typeof routes)[number]) {
  await page.goto(`${server.url}${route.path}`);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await route.ready?.(page);
  // The live socket keeps a connection open; a page whose requests never settle is measured as it stands.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

describe.skipIf(!hasBrowser)('every staff page fits the screen it is on: phone, tablet, laptop', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const api = apiClient(server.url);
    await api.register(owner);
    const ownerToken = await api.signIn(owner);
    const managerAccount = await api.register(manager);
    await api.call('PATCH', `/api/user/users/${managerAccount._id}/status`, { status: 'active' }, ownerToken);
    await api.call('PATCH', `/api/user/users/${managerAccount._id}/role`, { role: 'manager' }, ownerToken);
    const staffAccount = await api.register(staff);
    await api.call('PATCH', `/api/user/users/${staffAccount._id}/status`, { status: 'active' }, ownerToken);

    await api.seedRestaurant(
      ownerToken,
      [
        { name: 'Cơm tấm sườn bì chả', price: 55_000 },
        { name: 'Bánh xèo miền Tây', price: 70_000 },
        { name: 'Cà phê sữa đá', price: 25_000 },
      ],
      4,
    );
    for (const customer of [
      { name: 'Trần Thị Mai', phone: '0911000111', email: 'mai.tran@example.test' },
      { name: 'Lê Văn Hoàng', phone: '0911000222' },
      { name: 'Nguyễn Ngọc Bảo Châu', phone: '0911000333', email: 'bao.chau.nguyen@example.test' },
    ]) {
      await api.call('POST', '/api/customers', customer, ownerToken);
    }
    await api.call(
      'POST',
      '/api/coupons',
      {
        code: 'GIAM10',
        description: 'Giảm 10 % cho khách mới',
        discountType: 'percent',
        discountValue: 10,
        minOrderValue: 100_000,
        maxDiscount: 50_000,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        usageLimit: 100,
      },
      ownerToken,
    );
    await api.call(
      'POST',
      '/api/coupons',
      { code: 'QUAY-20K', description: 'Giảm 20.000 ₫', discountType: 'fixed', discountValue: 20_000, spinWeight: 10 },
      ownerToken,
    );
    await api.call(
      'POST',
      '/api/ingredient',
      {
        name: 'Thịt bò',
        unit: 'kg',
        quantity: 5,
        lowStockThreshold: 1,
        costPerUnit: 250_000,
        supplier: 'Chợ Bến Thành',
      },
      ownerToken,
    );
    await api.call(
      'POST',
      '/api/ingredient',
      { name: 'Bánh phở', unit: 'g', quantity: 300, lowStockThreshold: 500, costPerUnit: 40 },
      ownerToken,
    );
  }, 180_000);
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.stop();
  });

  it('a keyboard reaches each wide table on a phone and scrolls it sideways', { timeout: 120_000 }, async () => {
    const page = await pages.signedIn(manager, { width: 390, height: 844 });
    for (const [path, regionName] of [
      ['/coupon-management', 'Coupons table, scrolls sideways'],
      ['/customer-management', 'Customers table, scrolls sideways'],
      ['/ingredient-management', 'Ingredients table, scrolls sideways'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      const region = page.getByRole('region', { name: regionName });
      await region.getByRole('row').nth(1).waitFor();
      await region.focus();
      expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    }
  });

  for (const [role, person] of [
    ['a manager', manager],
    ['a staff member', staff],
  ] as const) {
    it(`${role}: no page is wider than the window at ${widths.join(', ')} px`, { timeout: 600_000 }, async () => {
      const page = await pages.signedIn(person, { width: widths[0], height: 844 });
      const tooWide: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
        for (const route of routes) {
          const measured = await widthsOf(page, route);
          if (measured.scrollWidth > measured.innerWidth) {
            tooWide.push(`${route.path} at ${width} px: ${measured.scrollWidth} px wide`);
          }
        }
      }
      expect(tooWide).toEqual([]);
    });
  }
});
