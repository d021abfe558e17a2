import type { Order } from '@quan/contract/order';
import type { Shift } from '@quan/contract/shifts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { apiClient, type Person } from './seed';
import { scan, tlv } from './vietqr-scan';

const owner: Person = {
  name: 'Phạm Thị Hạnh',
  email: 'hanh.owner@example.test',
  phone: '0905111222',
  password: 'com-tam-sai-gon',
};
const waiter: Person = {
  name: 'Đỗ Văn Nam',
  email: 'nam.waiter@example.test',
  phone: '0905333444',
  password: 'tra-da-via-he',
};
const bank = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };
const tablet = { width: 1024, height: 768 };

/** The text the page sent to the printer last: `window.print` is recorded instead of opening a dialog. */
async function recordPrints(page: Page): Promise<() => Promise<string>> {
  await page.addInitScript(() => {
    const printed: string[] = [];
    Object.assign(window, { printed });
    window.print = () => void printed.push(document.querySelector('.print-sheet')?.textContent ?? '');
  });
  return async () => {
    await page.waitForFunction(() => (window as unknown as { printed: string[] }).printed.length > 0);
    return plain(await page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1)!));
  };
}

/**
 * A new restaurant's evening in Vietnamese on a tablet: menu prices hold the VAT and cash is rounded to
 * 1.000 ₫ (a new restaurant's settings), so every amount the guests pay in cash is one they can pay in notes.
 */
describe.skipIf(!hasBrowser)('an evening in Vietnamese on a tablet, without friction', () => {
  let ownerToken = '';
  const { server, pages } = journey({
    env: { RESTAURANT_LANGUAGE: 'vi' },
    owner,
    seed: async ({ api, ownerToken: token }) => {
      ownerToken = token;
      await api.call('PUT', '/api/settings', { bank }, token);
      const waiterAccount = await api.register(waiter);
      await api.call('PATCH', `/api/user/users/${waiterAccount._id}/status`, { status: 'active' }, token);
      await api.seedRestaurant(
        token,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Bún chả', price: 55_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        3,
      );
    },
  });

  async function order1001(): Promise<Order> {
    const orders = await apiClient(server.url).call<Order[]>('GET', '/api/order?limit=5', undefined, ownerToken);
    return orders.find((order) => order.orderNo === 1001)!;
  }

  it('a table orders, voids, orders again, reads its bill, splits three ways and pays in notes; the Z report counts the rounding', async () => {
    // The counter opens its drawer with 1.000.000 ₫.
    const counter = await pages.signedIn(owner, tablet);
    await counter.goto(`${server.url}/shifts`);
    await counter.getByLabel('Tên két tiền').fill('Quầy 1');
    await counter.getByRole('textbox', { name: 'Tiền đầu ca' }).fill('1000000');
    await counter.getByRole('button', { name: 'Mở ca' }).click();
    await counter.getByRole('button', { name: 'Đóng ca' }).waitFor();

    // The waiter takes table 2's order from the table and the dishes alone: nobody asks the guests' name.
    const pos = await pages.signedIn(waiter, tablet);
    const waiterPrinted = await recordPrints(pos);
    await pos.goto(`${server.url}/menu`);
    const panel = pos.getByRole('complementary', { name: 'Đơn hiện tại' });
    for (const dish of ['Phở bò', 'Phở bò', 'Trà đá', 'Trà đá']) {
      await pos.getByRole('button', { name: new RegExp(`^${dish}`) }).click();
    }
    await panel.getByRole('group', { name: 'Bàn trống' }).getByRole('button', { name: 'Bàn 2, 4 chỗ' }).click();
    await panel.getByRole('button', { name: 'Tạo đơn' }).click();
    await pos.getByRole('heading', { level: 1, name: 'Đã tạo đơn #1001' }).waitFor();

    // One iced tea too many: the kitchen has not started, so the waiter takes it off without a manager.
    await pos.goto(`${server.url}/orders`);
    const card = pos.getByRole('article', { name: /^#1001 · Bàn 2/ });
    await card.getByRole('button', { name: /^Hủy món/ }).click();
    const voiding = pos.getByRole('dialog', { name: 'Hủy món · đơn #1001' });
    await voiding.getByRole('button', { name: /^Thêm Trà đá/ }).click();
    await voiding.getByText('Bếp chưa bắt đầu — hủy không cần quản lý.').waitFor();
    await voiding.locator('label', { hasText: 'Khách đổi ý' }).click();
    expect(await voiding.getByLabel('Email của quản lý').count()).toBe(0);
    await voiding.getByRole('button', { name: /^Hủy 1 món/ }).click();
    await voiding.waitFor({ state: 'detached' });

    // A second round for the same table: the open order is a tap on its table.
    await pos.goto(`${server.url}/menu`);
    await panel.getByRole('button', { name: /^Bàn 2, đơn #1001/ }).click();
    await pos.getByRole('button', { name: /^Bún chả/ }).click();
    await panel.getByRole('button', { name: 'Gửi bếp' }).click();
    await expect.poll(async () => (await order1001()).rounds.length, { timeout: 15_000 }).toBe(2);

    // "Tính tiền": the provisional bill, with the VAT its prices hold and a VietQR code for what is due.
    // 2 × 65.000 + 10.000 + 55.000 = 195.000 ₫, VAT 8 % inside: 14.444 ₫.
    await pos.goto(`${server.url}/orders`);
    await card.getByRole('button', { name: /^Phiếu tạm tính/ }).click();
    const bill = pos.getByRole('dialog', { name: 'Phiếu tạm tính · Đơn #1001' });
    const code = bill.getByRole('img', { name: /^Mã VietQR: chuyển 195\.000/ });
    const fields = tlv(await scan(code));
    expect(fields.get('54')).toBe('195000');
    expect(tlv(fields.get('62')!).get('08')).toBe('QUAN 1001');
    await bill.getByRole('button', { name: 'In' }).click();
    const paper = await waiterPrinted();
    expect(paper).toContain('Phiếu tạm tính');
    expect(paper).toContain('Tổng cộng195.000 ₫');
    expect(paper).toContain('Đã gồm VAT 8%14.444 ₫');
    expect(paper).not.toContain('IN LẠI');

    // The kitchen makes everything; the cashier splits by dishes into three: a phở, a phở, and the rest.
    const ready = await order1001();
    await apiClient(server.url).call('PUT', `/api/order/${ready._id}`, { status: 'ready' }, ownerToken);
    await counter.goto(`${server.url}/orders`);
    const counterCard = counter.getByRole('article', { name: /^#1001 · Bàn 2/ });
    await counterCard.getByRole('button', { name: /^Tách hóa đơn/ }).click();
    const split = counter.getByRole('dialog', { name: 'Tách hóa đơn · đơn #1001' });
    await split.locator('label', { hasText: 'Tách theo món' }).click();
    await split.getByRole('button', { name: /^Thêm Phở bò/ }).click();
    await split.getByRole('button', { name: 'Thêm phần' }).click();
    await split.getByRole('button', { name: /^Thêm Phở bò/ }).click();
    await split.getByText('Các món chưa vào phần nào thành phần 3.').waitFor();
    await split.getByRole('button', { name: 'Tách thành 3 phần' }).click();
    await split.waitFor({ state: 'detached' });
    expect((await order1001()).billParts.map((part) => part.total)).toEqual([65_000, 65_000, 65_000]);

    // The first guest pays a phở by card, to the đồng.
    await counterCard.getByRole('button', { name: /^Thanh toán phần 1/ }).click();
    const byCard = counter.getByRole('dialog', { name: 'Thanh toán phần 1 của đơn #1001' });
    await byCard.locator('label', { hasText: 'Thẻ' }).click();
    await byCard.getByRole('button', { name: 'Thanh toán' }).click();
    await byCard.waitFor({ state: 'detached' });

    // The other three share what is left evenly: 130.000 ₫ in three is 43.334 + 43.333 + 43.333 ₫.
    await counterCard.getByRole('button', { name: /^Tách lại/ }).click();
    const again = counter.getByRole('dialog', { name: 'Tách hóa đơn · đơn #1001' });
    await again.locator('label', { hasText: 'Chia đều' }).click();
    await again.getByLabel('Số khách').fill('3');
    await again.getByRole('button', { name: 'Tách thành 3 phần' }).click();
    await again.waitFor({ state: 'detached' });
    const shares = (await order1001()).billParts.filter((part) => part.paid === 0);
    expect(shares.map((part) => part.total)).toEqual([43_334, 43_333, 43_333]);

    // Each pays cash: 43.000 ₫ in notes, the rounding shown before the cashier takes it.
    for (const share of shares) {
      await counterCard.getByRole('button', { name: new RegExp(`^Thanh toán phần ${share.no}`) }).click();
      const cash = counter.getByRole('dialog', { name: `Thanh toán phần ${share.no} của đơn #1001` });
      await cash.locator('label', { hasText: 'Tiền mặt' }).click();
      await cash.getByRole('button', { name: 'Vừa đủ' }).click();
      expect(await cash.getByLabel('Tiền mặt nhận').inputValue()).toBe('43.000');
      await cash.getByText(/^Làm tròn tiền mặt: khách trả 43\.000\s₫/).waitFor();
      await cash.getByRole('button', { name: 'Thanh toán' }).click();
      await cash.waitFor({ state: 'detached' });
    }
    const paid = await order1001();
    expect(paid).toMatchObject({ status: 'completed', paymentStatus: 'paid', due: 0 });
    expect(paid.payments.map((payment) => [payment.method, payment.amount, payment.rounding])).toEqual([
      ['card', 65_000, 0],
      ['cash', 43_334, -334],
      ['cash', 43_333, -333],
      ['cash', 43_333, -333],
    ]);

    // Closing: the drawer should hold 1.000.000 + 3 × 43.000 = 1.129.000 ₫, notes only; it does.
    await counter.goto(`${server.url}/shifts`);
    await counter.getByRole('button', { name: 'Đóng ca' }).click();
    await counter.locator('label', { hasText: 'Một tổng số' }).click();
    await counter.getByLabel('Tiền mặt đếm được').fill('1129000');
    await counter.getByRole('button', { name: 'Xem lại và đóng ca' }).click();
    await counter.getByRole('button', { name: 'Đóng ca 1' }).click();
    await counter.getByRole('heading', { name: 'Đã đóng ca 1' }).waitFor();
    const report = plain(await counter.getByRole('article', { name: 'Báo cáo cuối ca (Z) của ca 1' }).textContent());
    expect(report).toContain('Phải có1.129.000 ₫');
    expect(report).toMatch(/Làm tròn tiền mặt\s?[−-]1\.000 ₫/);
    expect(report).toContain('Đếm được1.129.000 ₫');

    const [closed] = await apiClient(server.url).call<Shift[]>('GET', '/api/shifts', undefined, ownerToken);
    expect(closed!.report).toMatchObject({ cash: { expected: 1_129_000, counted: 1_129_000, overShort: 0 } });
    expect(closed!.report!.cash.expected % 1_000).toBe(0);
  });
});
