import type { Order } from '@quan/contract/order';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';

/** Table 1's QR key, which its diner link carries once the tables are made. */
let table1Key = '';
/** What the kitchen journey orders more of: the seeded dishes and tables, and the owner's token. */
let seeded: { items: { _id: string }[]; tables: { _id: string }[]; ownerToken: string };

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
 * A page to check: its path (what a failure names), what its address adds that is only known once the scene
 * is set up (a QR key), and what marks it as loaded beyond its h1 where the seeded rows matter (a table too wide
 * for a phone only shows once its rows are in, and axe only judges what is there).
 */
interface PageToCheck {
  path: string;
  search?: () => string;
  ready?: (page: Page) => Promise<void>;
}

/** Every staff route; a new page is one more line here. */
const staffPages: PageToCheck[] = [
  { path: '/' },
  { path: '/orders', ready: (page) => page.getByText('Chị Lan').first().waitFor() },
  { path: '/orders?view=kitchen', ready: (page) => page.getByText('Cơm tấm sườn bì chả').first().waitFor() },
  { path: '/tables' },
  { path: '/reservations' },
  { path: '/menu', ready: (page) => page.getByText('Cơm tấm sườn bì chả').first().waitFor() },
  { path: '/menu-management' },
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

/**
 * The pages anyone sees without signing in: the diner's (the menu to order from at a table, reached through its
 * QR code; the same link without its key asks to scan the code) and the sign-in form.
 */
const publicPages: PageToCheck[] = [
  { path: '/landing' },
  { path: '/public-menu', ready: (page) => page.getByText('Cơm tấm sườn bì chả').first().waitFor() },
  {
    path: '/table/1 (its QR code)',
    search: () => `/table/1?key=${encodeURIComponent(table1Key)}`,
    ready: (page) => page.getByText('Cơm tấm sườn bì chả').first().waitFor(),
  },
  { path: '/table/1' },
  { path: '/auth' },
];

/**
 * The axe rule sets run: WCAG 2.0, 2.1 and 2.2 at levels A and AA (what the law and most audits ask for; 2.2
 * adds target-size, the 24 px touch targets a phone needs), and Deque's best practices, which catch what makes
 * a page hard to move around with a screen reader without being a WCAG failure on its own (every piece of
 * content inside a landmark, one main, one h1, headings that do not skip levels). Left out: AAA (not a goal:
 * 7:1 contrast everywhere), and the experimental rules, which axe itself does not yet trust.
 */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One axe violation, down to what a reader of a failed run needs to find and fix it. */
interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; why: string }[];
}

/**
 * Runs axe-core over the page as it stands. Its source goes in through the DevTools protocol (evaluate), as
 * @axe-core/playwright does: the app's Content-Security-Policy rightly refuses an inline script tag. Each full
 * navigation drops it, so it goes in again on each page.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map((selector) => (Array.isArray(selector) ? selector.join(' >> ') : selector)).join(' '),
        why: [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; '),
      })),
    }));
  }, axeTags);
}

/** "/orders at 390 px: color-contrast (serious), Elements must meet …: <selector> (why); …" */
function describeViolation(where: string, violation: Violation): string {
  const nodes = violation.nodes.map((node) => `${node.target} (${node.why})`).join('; ');
  return `${where}: ${violation.id} (${violation.impact}), ${violation.help}: ${nodes}`;
}

describe.skipIf(!hasBrowser)('every page fits the screen it is on (phone, tablet, laptop) and passes axe', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken }) => {
      const managerAccount = await api.register(manager);
      await api.call('PATCH', `/api/user/users/${managerAccount._id}/status`, { status: 'active' }, ownerToken);
      await api.call('PATCH', `/api/user/users/${managerAccount._id}/role`, { role: 'manager' }, ownerToken);
      const staffAccount = await api.register(staff);
      await api.call('PATCH', `/api/user/users/${staffAccount._id}/status`, { status: 'active' }, ownerToken);

      const { items, tables } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Cơm tấm sườn bì chả', price: 55_000 },
          { name: 'Bánh xèo miền Tây', price: 70_000 },
          { name: 'Cà phê sữa đá', price: 25_000 },
        ],
        4,
      );
      table1Key = tables[0]!.qrKey;
      seeded = { items, tables, ownerToken };
      // An order open at table 2 and one paid today, so the order cards, the kitchen ticket, a seated table and
      // the day's figures are on the pages axe reads, not only their empty states.
      await api.call(
        'POST',
        '/api/order',
        {
          customerDetails: { name: 'Chị Lan', guests: 2 },
          tableId: tables[1]!._id,
          items: [
            { itemId: items[0]!._id, quantity: 2 },
            { itemId: items[2]!._id, quantity: 1 },
          ],
        },
        ownerToken,
      );
      const paid = await api.call<Order>(
        'POST',
        '/api/order',
        { customerDetails: { name: 'Anh Tuấn', guests: 1 }, items: [{ itemId: items[1]!._id, quantity: 1 }] },
        ownerToken,
      );
      await api.call('PUT', `/api/order/${paid._id}`, { status: 'ready' }, ownerToken);
      await api.call('PUT', `/api/order/${paid._id}`, { status: 'completed', paymentMethod: 'cash' }, ownerToken);
      // A booking in an hour at table 3, with a dish ordered ahead: the book and the tables screen show it (on
      // the next day's page when that hour is past the restaurant's midnight).
      await api.call(
        'POST',
        '/api/reservations',
        {
          name: 'Chị Hoa',
          partySize: 3,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
          tableIds: [tables[2]!._id],
          preorder: [{ itemId: items[1]!._id, quantity: 1 }],
        },
        ownerToken,
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
        {
          code: 'QUAY-20K',
          description: 'Giảm 20.000 ₫',
          discountType: 'fixed',
          discountValue: 20_000,
          spinWeight: 10,
        },
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
    },
  });

  /** Every page at every width on one tab: what is wider than the window, and what axe finds. */
  async function checkPages(page: Page, toCheck: PageToCheck[]) {
    const tooWide: string[] = [];
    const violations: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
      for (const route of toCheck) {
        const where = `${route.path} at ${width} px`;
        const measured = await openSettled(page, route);
        if (measured.scrollWidth > measured.innerWidth) tooWide.push(`${where}: ${measured.scrollWidth} px wide`);
        for (const violation of await axeViolations(page)) violations.push(describeViolation(where, violation));
      }
    }
    // Soft, so a run that finds both shows both lists.
    expect.soft(tooWide, 'pages wider than the window').toEqual([]);
    expect.soft(violations, 'axe violations').toEqual([]);
  }

  /** Opens the page, waits for it to settle, and returns its layout width against the window's. */
  async function openSettled(page: Page, route: PageToCheck) {
    await page.goto(`${server.url}${route.search?.() ?? route.path}`);
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await route.ready?.(page);
    // The live socket keeps a connection open; a page whose requests never settle is measured as it stands.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    // No route-loading spinner and no list still showing its previous rows while new ones load.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-spin'));
    return page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
  }

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

  it(
    'the kitchen board and its all-day count line up with the header, each ticket title on one line',
    { timeout: 180_000 },
    async () => {
      // Two more tables order, so the board has three tickets: a full row and the start of the next.
      for (const table of seeded.tables.slice(2, 4)) {
        await apiClient(server.url).call(
          'POST',
          '/api/order',
          {
            customerDetails: { name: 'Khách', guests: 2 },
            tableId: table._id,
            items: [{ itemId: seeded.items[1]!._id, quantity: 1 }],
          },
          seeded.ownerToken,
        );
      }
      // A laptop keeps the all-day count beside the tickets (two columns of them), a tablet above them.
      for (const [width, columns] of [
        [1366, 2],
        [1024, 2],
      ] as const) {
        const page = await pages.signedIn(manager, { width, height: 900 });
        await page.goto(`${server.url}/orders?view=kitchen`);
        const board = page.locator('ol:has(> li > article)');
        await expect.poll(() => board.locator('> li').count(), { timeout: 30_000 }).toBe(3);
        const layout = await board.evaluate((list) => {
          const header = document.querySelector('header > div')!;
          const padding = parseFloat(getComputedStyle(header).paddingLeft);
          const headerBox = header.getBoundingClientRect();
          // The tickets and the all-day count together fill the width under the header.
          const boardBox = list.parentElement!.getBoundingClientRect();
          const titles = [...list.querySelectorAll('article h2')].map((title) => ({
            text: title.textContent,
            lines: Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
          }));
          return {
            leftGap: Math.round(boardBox.left - (headerBox.left + padding)),
            rightGap: Math.round(headerBox.right - padding - boardBox.right),
            columns: new Set([...list.children].map((item) => Math.round(item.getBoundingClientRect().left))).size,
            titles,
          };
        });
        expect(layout, `the kitchen board at ${width} px`).toMatchObject({ leftGap: 0, rightGap: 0, columns });
        for (const title of layout.titles) expect(title, `at ${width} px`).toMatchObject({ lines: 1 });
      }
    },
  );

  it(
    `nobody signed in: the public pages fit and pass axe at ${widths.join(', ')} px`,
    { timeout: 300_000 },
    async () => {
      await checkPages(await pages.guest({ width: widths[0], height: 844 }), publicPages);
    },
  );

  for (const [role, person] of [
    ['a manager', manager],
    ['a staff member', staff],
  ] as const) {
    it(`${role}: every staff page fits and passes axe at ${widths.join(', ')} px`, { timeout: 600_000 }, async () => {
      await checkPages(await pages.signedIn(person, { width: widths[0], height: 844 }), staffPages);
    });
  }
});
