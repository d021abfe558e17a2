import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { type Person } from './seed';

const owner: Person = {
  name: 'Vũ Thị Lan',
  email: 'lan.owner@example.test',
  phone: '0908777666',
  password: 'pho-bac-quan-1',
};
const tablet = { width: 1024, height: 768 };
/** The first branch: the restaurant as it was, named as a new restaurant is. */
const first = 'Quán Ngon';

/** What a diner's menu says on a dish's card: its name and its price, as the diner reads them. */
async function publicCardOf(diner: Page, dish: string): Promise<string> {
  const card = diner.locator('article', { has: diner.getByRole('heading', { level: 3, name: dish, exact: true }) });
  await card.waitFor();
  return plain(await card.textContent());
}

/**
 * A second shop of the chain, set up from the screens in Vietnamese on a tablet: the owner adds District 3,
 * moves there, gives the phở its District 3 price, and the POS and the diners' menus of each branch show each
 * branch's price.
 */
describe.skipIf(!hasBrowser)('a second branch with its own price for a dish, in Vietnamese on a tablet', () => {
  const { server, pages } = journey({
    env: { RESTAURANT_LANGUAGE: 'vi' },
    owner,
    seed: async ({ api, ownerToken }) => {
      await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        2,
      );
    },
  });

  it(
    'the owner adds Quận 3, switches to it, prices the phở there; each POS and diner menu shows its own price',
    { timeout: 180_000 },
    async () => {
      const admin = await pages.signedIn(owner, tablet);
      const switcher = admin.getByLabel('Chi nhánh đang làm việc');
      const phoTile = admin.getByRole('button', { name: /^Phở bò/ });

      // One shop: the POS sells the phở at the menu's price, and nothing on screen speaks of branches.
      await admin.goto(`${server.url}/menu`);
      await phoTile.getByText(/^65\.000\s₫$/).waitFor();
      expect(await switcher.count()).toBe(0);

      // More → Chi nhánh: the first branch alone, then District 3, added with its link name.
      await admin.getByRole('link', { name: 'Khác', exact: true }).click();
      await admin.getByRole('link', { name: /^Chi nhánh Các cửa hàng của chuỗi/ }).click();
      await admin.getByRole('heading', { level: 1, name: 'Chi nhánh' }).waitFor();
      // A new restaurant's one branch bears its name.
      await admin.getByRole('article', { name: first }).getByText('Chi nhánh đầu tiên').waitFor();
      await admin.getByRole('button', { name: 'Thêm chi nhánh' }).click();
      const adding = admin.getByRole('dialog', { name: 'Thêm chi nhánh' });
      await adding.getByLabel('Tên chi nhánh').fill('Quận 3');
      // Leaving the name suggests the link name from it, without the accents; the owner keeps it.
      await adding.getByLabel('Tên chi nhánh').press('Tab');
      const slug = adding.getByLabel('Tên đường dẫn');
      await expect.poll(() => slug.inputValue()).toBe('quan-3');
      await slug.fill('quan-3');
      await adding.getByLabel('Địa chỉ').fill('12 Võ Văn Tần, Phường 6, Quận 3, TP.HCM');
      await adding.getByRole('button', { name: 'Thêm chi nhánh' }).click();
      await adding.waitFor({ state: 'detached' });
      await admin.getByText('Đã thêm chi nhánh Quận 3').waitFor();
      const district3 = admin.getByRole('article', { name: 'Quận 3' });
      await district3.getByText('/b/quan-3', { exact: true }).waitFor();
      await district3.getByText('12 Võ Văn Tần, Phường 6, Quận 3, TP.HCM').waitFor();

      // Two branches: the header offers the switch, and the owner moves to District 3.
      await switcher.waitFor();
      expect(plain(await switcher.locator('option:checked').textContent())).toBe(first);
      await switcher.selectOption({ label: 'Quận 3' });
      await admin.getByText('Đã chuyển sang Quận 3').waitFor();
      expect(plain(await switcher.locator('option:checked').textContent())).toBe('Quận 3');

      // In the menu editor, the phở's own price in this branch, in the dish's form above its Save.
      await admin.goto(`${server.url}/menu-management`);
      // A page loaded afresh stays in the branch the session moved to.
      await switcher.waitFor();
      expect(plain(await switcher.locator('option:checked').textContent())).toBe('Quận 3');
      await admin.getByRole('article', { name: 'Phở bò' }).getByRole('button', { name: 'Sửa Phở bò' }).click();
      const dishDialog = admin.getByRole('dialog', { name: 'Sửa Phở bò' });
      const here = dishDialog.getByRole('group', { name: 'Tại chi nhánh Quận 3' });
      await here.getByText(/^Để trống: giá thực đơn, 65\.000\s₫$/).waitFor();
      await here.getByLabel('Giá tại chi nhánh này (VND)').fill('75000');
      await dishDialog.getByRole('button', { name: 'Lưu món' }).click();
      await admin.getByText('Đã lưu Phở bò cho chi nhánh này.').waitFor();
      await dishDialog.waitFor({ state: 'detached' });

      // District 3's POS sells the phở at 75.000 ₫; the iced tea keeps the menu's price.
      await admin.getByRole('link', { name: 'Thực đơn', exact: true }).click();
      await admin.waitForURL((url) => url.pathname === '/menu');
      await phoTile.getByText(/^75\.000\s₫$/).waitFor();
      expect(plain(await admin.getByRole('button', { name: /^Trà đá/ }).textContent())).toContain('10.000 ₫');

      // Back in the first branch, the POS sells it at the menu's 65.000 ₫ again.
      await switcher.selectOption({ label: first });
      await admin.getByText(`Đã chuyển sang ${first}`).waitFor();
      expect(plain(await switcher.locator('option:checked').textContent())).toBe(first);
      await phoTile.getByText(/^65\.000\s₫$/).waitFor();
      expect(plain(await phoTile.textContent())).not.toContain('75.000');

      // A diner on District 3's link reads 75.000 ₫; the original link is the first branch's, at 65.000 ₫.
      const diner = await pages.guest(tablet);
      await diner.goto(`${server.url}/b/quan-3/public-menu`);
      expect(await publicCardOf(diner, 'Phở bò')).toBe('Phở bò75.000 ₫');
      expect(await publicCardOf(diner, 'Trà đá')).toBe('Trà đá10.000 ₫');
      await diner.goto(`${server.url}/public-menu`);
      expect(await publicCardOf(diner, 'Phở bò')).toBe('Phở bò65.000 ₫');
      expect(await publicCardOf(diner, 'Trà đá')).toBe('Trà đá10.000 ₫');
    },
  );
});
