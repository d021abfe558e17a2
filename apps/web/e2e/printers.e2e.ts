import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Order } from '@quan/contract/order';
import type { QueuedPrintJob } from '@quan/contract/printers';
import type { Station } from '@quan/contract/stations';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line quan/import-boundaries -- the printer the server's tests print to; a journey spans both apps
import { startFakePrinter, type FakePrinter, type ReceivedJob } from '../../server/test/support/fake-printer';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { apiClient, type Person } from './seed';

const owner: Person = {
  name: 'Lê Thị Mai',
  email: 'mai.owner@example.test',
  phone: '0907111222',
  password: 'bun-bo-hue-2026',
};
const manager: Person = {
  name: 'Hoàng Văn Sơn',
  email: 'son.manager@example.test',
  phone: '0907333444',
  password: 'may-in-bep-80mm',
};
const waiter: Person = {
  name: 'Ngô Thị Hoa',
  email: 'hoa.waiter@example.test',
  phone: '0907555666',
  password: 'goi-mon-ban-hai',
};
const tablet = { width: 1024, height: 768 };
/** The waits on the printer: a ticket comes within seconds, but a busy two-core machine may take many. */
const PRINTED_WITHIN_MS = 30_000;

/**
 * Where the journey leaves screenshots of what it checks, when E2E_SHOTS_DIR names a folder: a person reads them
 * to see that the screens look right, which no assertion says.
 */
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** A paper as an 80 mm printer prints it: a raster image 576 dots wide (tone marks and all), then a cut. */
function expectRasterTicket(job: ReceivedJob) {
  const rasters = job.commands.filter((command) => command.kind === 'raster');
  expect(rasters.length).toBeGreaterThan(0);
  expect(rasters.every((raster) => raster.width === 576 && raster.height > 0)).toBe(true);
  expect(job.commands.some((command) => command.kind === 'cut')).toBe(true);
}

/**
 * Records `window.print` instead of opening the browser's print dialog, on every page the device loads, and says
 * how often it was called.
 */
async function countPrintDialogs(page: Page): Promise<() => number> {
  let dialogs = 0;
  await page.exposeFunction('recordPrintDialog', () => {
    dialogs += 1;
  });
  await page.addInitScript(() => {
    window.print = () => void (window as unknown as { recordPrintDialog: () => Promise<void> }).recordPrintDialog();
  });
  return () => dialogs;
}

/**
 * The kitchen's thermal printer, from the manager's screen to the paper: a manager adds it on More → Máy in and
 * prints a test page; a round placed on the POS comes out of it by itself, with no print dialog; while it is off,
 * the kitchen's screen and the order's card mark the ticket not printed, and once it is on again the ticket
 * prints, once, and the marks go.
 */
describe.skipIf(!hasBrowser)('a kitchen printer on the restaurant network, in Vietnamese on a tablet', () => {
  let kitchen: Station;
  let printer: FakePrinter;
  let ownerToken = '';
  const { server, pages, onStop } = journey({
    env: { RESTAURANT_LANGUAGE: 'vi' },
    owner,
    seed: async ({ api, ownerToken: token }) => {
      ownerToken = token;
      printer = await startFakePrinter();
      onStop(() => printer.close());
      const managerAccount = await api.register(manager);
      await api.call('PATCH', `/api/user/users/${managerAccount._id}/status`, { status: 'active' }, token);
      await api.call('PATCH', `/api/user/users/${managerAccount._id}/role`, { role: 'manager' }, token);
      const waiterAccount = await api.register(waiter);
      await api.call('PATCH', `/api/user/users/${waiterAccount._id}/status`, { status: 'active' }, token);
      kitchen = await api.call<Station>('POST', '/api/station', { name: 'Bếp' }, token);
      const soups = await api.call<{ _id: string }>(
        'POST',
        '/api/category',
        { name: 'Món nước', stationId: kitchen._id },
        token,
      );
      for (const dish of [
        { name: 'Bún bò Huế', price: 60_000 },
        { name: 'Phở gà', price: 55_000 },
      ]) {
        await api.call('POST', '/api/item', { ...dish, categoryId: soups._id }, token);
      }
      for (const tableNo of [1, 2]) await api.call('POST', '/api/table', { tableNo, seats: 4 }, token);
    },
  });

  const printQueue = () =>
    apiClient(server.url).call<QueuedPrintJob[]>('GET', '/api/printers/queue', undefined, ownerToken);

  /** The waiter sends these dishes for a free table from the POS, and the POS says the order is placed. */
  async function placeOrder(pos: Page, dishes: string[], table: string, orderNo: number) {
    await pos.goto(`${server.url}/menu`);
    const panel = pos.getByRole('complementary', { name: 'Đơn hiện tại' });
    for (const dish of dishes) await pos.getByRole('button', { name: new RegExp(`^${dish}`) }).click();
    await panel.getByRole('group', { name: 'Bàn trống' }).getByRole('button', { name: table }).click();
    await panel.getByRole('button', { name: 'Tạo đơn' }).click();
    await pos.getByRole('heading', { level: 1, name: `Đã tạo đơn #${orderNo}` }).waitFor();
  }

  it(
    'a manager adds the kitchen printer and tests it; rounds print by themselves, and wait for it while it is off',
    { timeout: 300_000 },
    async () => {
      const { host, port } = printer.address;

      // More → Máy in: no printer yet; the manager adds the kitchen's at its address, for the Bếp station.
      const admin = await pages.signedIn(manager, tablet);
      await admin.getByRole('link', { name: 'Khác', exact: true }).click();
      await admin.getByRole('link', { name: /^Máy in Máy in mạng của chi nhánh/ }).click();
      await admin.getByRole('heading', { level: 1, name: 'Máy in' }).waitFor();
      await admin.getByText(/^Chưa có máy in nào/).waitFor();
      await admin.getByRole('button', { name: 'Thêm máy in' }).click();
      const adding = admin.getByRole('dialog', { name: 'Thêm máy in' });
      await adding.getByLabel('Tên máy in').fill('Máy in bếp');
      await adding.getByLabel('Địa chỉ IP').fill(host);
      await adding.getByLabel('Cổng').fill(String(port));
      await adding.getByRole('group', { name: 'In phiếu bếp của' }).getByRole('checkbox', { name: 'Bếp' }).check();
      await adding.getByRole('button', { name: 'Thêm máy in' }).click();
      await adding.waitFor({ state: 'detached' });
      await admin.getByText('Đã thêm Máy in bếp').waitFor();

      // Its card: where it is, 80 mm raster, the Bếp tickets, nothing waiting.
      const card = admin.getByRole('article', { name: 'Máy in bếp' });
      await card.getByText(`${host}:${port}`, { exact: true }).waitFor();
      const cardText = plain(await card.textContent());
      expect(cardText).toContain('80 mm · Ảnh (raster)');
      expect(cardText).toContain('phiếu của Bếp');
      expect(cardText).toContain('Không có phiếu chờ in');

      // "In trang thử": the printer gets a page drawn as a raster image, and cuts it.
      await card.getByRole('button', { name: 'In trang thử trên Máy in bếp' }).click();
      await admin.getByText('Đã xếp trang thử vào hàng chờ của Máy in bếp').waitFor();
      const [testPage] = await printer.waitForJobs(1, PRINTED_WITHIN_MS);
      expectRasterTicket(testPage!);
      // The status it read on the way: online.
      await card.getByText('Sẵn sàng', { exact: true }).waitFor({ timeout: PRINTED_WITHIN_MS });
      await shoot(admin, 'printers-list');

      // The waiter places table 1's order on the POS: its kitchen ticket comes out of the printer by itself.
      const pos = await pages.signedIn(waiter, tablet);
      const printDialogs = await countPrintDialogs(pos);
      await placeOrder(pos, ['Bún bò Huế', 'Phở gà'], 'Bàn 1, 4 chỗ', 1001);
      const [, firstTicket] = await printer.waitForJobs(2, PRINTED_WITHIN_MS);
      expectRasterTicket(firstTicket!);
      expect(printDialogs()).toBe(0);
      expect(await printQueue()).toEqual([]);

      // The kitchen's screen, on its own tablet: table 1's ticket has printed, and says nothing of it.
      const kitchenScreen = await pages.signedIn(waiter, tablet);
      await kitchenScreen.goto(`${server.url}/orders?view=kitchen`);
      const firstOnScreen = kitchenScreen.getByRole('article', { name: /^#1001 · Bàn 1/ });
      await firstOnScreen.waitFor();

      // The printer goes off (unplugged, say); table 2 orders. The order is placed all the same, and its ticket
      // waits in the queue, its last try refused.
      await printer.switchOff();
      await placeOrder(pos, ['Phở gà'], 'Bàn 2, 4 chỗ', 1002);
      const orders = await apiClient(server.url).call<Order[]>('GET', '/api/order?limit=5', undefined, ownerToken);
      const second = orders.find((order) => order.orderNo === 1002)!;
      await expect
        .poll(
          async () =>
            (await printQueue()).map((job) => [job.kind, job.orderId, job.roundNo, job.stationId, job.lastError]),
          { timeout: PRINTED_WITHIN_MS },
        )
        .toEqual([['kitchen_ticket', second._id, 1, kitchen._id, 'unreachable']]);

      // The kitchen's screen marks that ticket alone as not printed, and says why.
      const secondOnScreen = kitchenScreen.getByRole('article', { name: /^#1002 · Bàn 2/ });
      const notPrinted = secondOnScreen.getByText(/^Chưa in/);
      await expect
        .poll(async () => plain(await notPrinted.textContent()), { timeout: PRINTED_WITHIN_MS })
        .toBe('Chưa in: máy in không kết nối được');
      expect(plain(await firstOnScreen.textContent())).not.toContain('Chưa in');
      await shoot(kitchenScreen, 'kitchen-not-printed');
      // So does the order's card in the waiter's list of orders, naming the paper.
      await pos.goto(`${server.url}/orders`);
      const unprintedPapers = pos
        .getByRole('article', { name: /^#1002 · Bàn 2/ })
        .getByText('Phiếu chưa in: Bếp lượt 1 (máy in không kết nối được)');
      await unprintedPapers.waitFor();
      await shoot(pos, 'order-card-not-printed');
      // And the manager's card: out of reach, one ticket waiting.
      await card.getByText('Không kết nối được', { exact: true }).waitFor();
      await card.getByText('1 phiếu chờ in', { exact: true }).waitFor();
      await shoot(admin, 'printer-unreachable');
      expect(printer.jobs).toHaveLength(2);

      // Back on: the waiting ticket prints, once, and the marks go from every screen by themselves.
      await printer.switchOn();
      const [, , secondTicket] = await printer.waitForJobs(3, 60_000);
      expectRasterTicket(secondTicket!);
      await notPrinted.waitFor({ state: 'detached' });
      await unprintedPapers.waitFor({ state: 'detached' });
      await card.getByText('Không có phiếu chờ in', { exact: true }).waitFor();
      await card.getByText('Sẵn sàng', { exact: true }).waitFor();
      expect(await printQueue()).toEqual([]);
      expect(printer.jobs).toHaveLength(3);
      expect(printDialogs()).toBe(0);
    },
  );
});
