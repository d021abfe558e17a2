import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@quan/contract/menu';
import type { VatRate } from '@quan/contract/vat';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { ItemManagement } from './ItemManagement';
import { dishGroupOf, makeCategory, makeItem, makeOptionGroup, makeStation } from '../../../test/data/menu';

const noodles = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', itemCount: 1 });
const drinks = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Drinks', itemCount: 1 });
const pho = makeItem(noodles, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01', name: 'Phở bò', price: 65_000 });
const traDa = makeItem(drinks, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02', name: 'Trà đá', price: 5_000 });

const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a01', name: 'Bếp', targetMinutes: 12 });
const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a02', name: 'Bar', sortOrder: 1 });
const size = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01', name: 'Nhỏ', priceDelta: -5_000, recipe: [] },
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03', name: 'Lớn', priceDelta: 10_000, recipe: [] },
  ],
});
const topping = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c02',
  name: 'Topping',
  maxSelected: 3,
  options: [{ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01', name: 'Trứng', priceDelta: 5_000, recipe: [] }],
});
const preferences = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c03',
  name: 'Preferences',
  maxSelected: 30,
  options: [{ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4f01', name: 'không hành', priceDelta: 0, recipe: [] }],
});

function renderItems(defaultVatRate?: VatRate) {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  const ingredients = { status: 'success', ingredients: [] } as const;
  return renderRoutes(
    [{ path: '/', element: <ItemManagement ingredients={ingredients} defaultVatRate={defaultVatRate} /> }],
    {
      path: '/',
    },
  );
}

// Each test is a journey through dialogs; a busy two-core machine needs more than the default 5 s.
const journeyTimeout = 20_000;

describe('ItemManagement', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'explains every invalid field, then creates the dish with an empty recipe',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'GET' && url === '/api/item') return ok([pho, traDa]);
        if (method === 'POST' && url === '/api/item') {
          const body = JSON.parse(config.data) as Item;
          return { status: 201, body: { success: true, data: makeItem(drinks, { ...body, _id: 'new' }) } };
        }
        return fail(404, 'Not found');
      });
      renderItems();

      await screen.findByRole('article', { name: 'Phở bò' });
      await user.click(screen.getByRole('button', { name: 'New dish' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New dish' }));
      await user.click(dialog.getByRole('button', { name: 'Create dish' }));

      expect(await dialog.findByText('Name cannot be empty')).toBeInTheDocument();
      expect(dialog.getByText('Price must be a whole number of VND')).toBeInTheDocument();
      expect(dialog.getByText('Choose a category')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('POST'))).toEqual([]);

      await user.type(dialog.getByLabelText('Name'), 'Cà phê sữa đá');
      await user.type(dialog.getByLabelText('Price (VND)'), '-5');
      await user.selectOptions(dialog.getByLabelText('Category'), 'Drinks');
      await user.click(dialog.getByRole('button', { name: 'Create dish' }));
      expect(await dialog.findByText('Price cannot be negative')).toBeInTheDocument();

      await user.clear(dialog.getByLabelText('Price (VND)'));
      await user.type(dialog.getByLabelText('Price (VND)'), '29000');
      await user.click(dialog.getByRole('button', { name: 'Create dish' }));

      expect(await screen.findByText('Cà phê sữa đá is on the menu.')).toBeInTheDocument();
      const posts = fakeApi.configs.filter((config) => config.method === 'post');
      expect(JSON.parse(posts[0]?.data as string)).toEqual({
        name: 'Cà phê sữa đá',
        price: 29_000,
        categoryId: drinks._id,
        description: '',
        // Left empty: the dish has none, and diners reading English see it as typed.
        nameEn: null,
        descriptionEn: null,
        imageUrl: '',
        isAvailable: true,
        recipe: [],
        optionGroupIds: [],
        stationId: null,
        prepMinutes: null,
        // Not chosen: its category's rate.
        vatRate: null,
      });
    },
    journeyTimeout,
  );

  it(
    "shows each dish's billed VAT rate, and gives a dish its own rate or its category's back",
    async () => {
      const user = userEvent.setup();
      // Drinks are at 10 %; beer has its own 10 %, Phở follows the default 8 %.
      const drinksAt10 = { ...drinks, vatRate: 10 as const };
      const beer = makeItem(drinksAt10, {
        _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b03',
        name: 'Bia Hà Nội',
        price: 25_000,
        vatRate: 10,
        billedVatRate: 10,
      });
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinksAt10]);
        if (method === 'GET' && url === '/api/item') return ok([pho, beer]);
        if (method === 'PUT') return ok({ ...pho, ...(JSON.parse(config.data as string) as object) });
        return fail(404, 'Not found');
      });
      renderItems(8);

      expect(await screen.findByRole('article', { name: 'Phở bò' })).toHaveTextContent('VAT 8%');
      expect(screen.getByRole('article', { name: 'Bia Hà Nội' })).toHaveTextContent('VAT 10%');

      await user.click(screen.getByRole('button', { name: 'Edit Phở bò' }));
      let dialog = within(screen.getByRole('dialog', { name: 'Edit Phở bò' }));
      const rate = dialog.getByLabelText('VAT rate');
      expect(rate).toHaveValue('');
      expect(await within(rate).findByRole('option', { name: "Its category's rate (8%)" })).toBeInTheDocument();
      // Moved to Drinks, it would follow the drinks' rate.
      await user.selectOptions(dialog.getByLabelText('Category'), 'Drinks');
      expect(within(rate).getByRole('option', { name: "Its category's rate (10%)" })).toBeInTheDocument();
      await user.selectOptions(dialog.getByLabelText('Category'), 'Noodles');
      expect(
        within(rate)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(["Its category's rate (8%)", '0%', '5%', '8%', '10%', 'Not subject to VAT (KCT)']);
      await user.selectOptions(rate, 'Not subject to VAT (KCT)');
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));
      expect(await screen.findByText('Phở bò saved.')).toBeInTheDocument();
      expect(JSON.parse(fakeApi.configs.find((config) => config.method === 'put')?.data as string)).toMatchObject({
        vatRate: 'KCT',
      });

      // Beer's own rate is shown, and can go back to its category's.
      await user.click(screen.getByRole('button', { name: 'Edit Bia Hà Nội' }));
      dialog = within(screen.getByRole('dialog', { name: 'Edit Bia Hà Nội' }));
      expect(dialog.getByLabelText('VAT rate')).toHaveValue('10');
      await user.selectOptions(dialog.getByLabelText('VAT rate'), "Its category's rate (10%)");
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));
      expect(await screen.findByText('Bia Hà Nội saved.')).toBeInTheDocument();
      const puts = fakeApi.configs.filter((config) => config.method === 'put');
      expect(JSON.parse(puts.at(-1)?.data as string)).toMatchObject({ vatRate: null });
    },
    journeyTimeout,
  );

  it(
    'saves a dish with its option groups in order, its own station and a prep time',
    async () => {
      const user = userEvent.setup();
      // Phở bò offers Topping already; the form keeps it first.
      const phoWithTopping = { ...pho, optionGroups: [dishGroupOf(topping)] };
      let items = [phoWithTopping, { ...traDa, stationId: bar._id }];
      const drinksToBar = { ...drinks, stationId: bar._id };
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinksToBar]);
        if (method === 'GET' && url === '/api/item') return ok(items);
        if (method === 'GET' && url === '/api/station') return ok([bep, bar]);
        if (method === 'GET' && url === '/api/option-group') return ok([preferences, size, topping]);
        if (method === 'PUT' && url === `/api/item/${pho._id}`) {
          const body = JSON.parse(config.data as string) as { optionGroupIds: string[] };
          const groups = [preferences, size, topping];
          const updated = {
            ...phoWithTopping,
            ...body,
            optionGroups: body.optionGroupIds.map((id) => dishGroupOf(groups.find((group) => group._id === id)!)),
          };
          items = [updated, items[1]!];
          return ok(updated);
        }
        return fail(404, 'Not found');
      });
      renderItems();

      expect(await screen.findByRole('article', { name: 'Phở bò' })).toHaveTextContent('Options: Topping');
      await waitFor(() => expect(screen.getByRole('article', { name: 'Trà đá' })).toHaveTextContent('Station: Bar'));

      await user.click(screen.getByRole('button', { name: 'Edit Phở bò' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Phở bò' }));
      const options = within(dialog.getByRole('group', { name: 'Options' }));
      const boxes = await options.findAllByRole('checkbox');
      // The dish's own groups first, then the others as listed.
      expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
        'Topping',
        'Preferences',
        'Size',
      ]);
      expect(options.getByRole('checkbox', { name: 'Topping' })).toBeChecked();
      expect(options.getByRole('checkbox', { name: 'Size' })).toHaveAccessibleDescription(
        expect.stringContaining('Required · Choose 1'),
      );
      // One group chosen: nothing to put in order yet.
      expect(options.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
      await user.click(options.getByRole('checkbox', { name: 'Size' }));

      // A group ticked is asked after those already chosen, and moves up and down; the checkboxes stay put.
      const order = within(options.getByRole('list', { name: 'Asked in this order' }));
      expect(order.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Topping', '2.Size']);
      expect(order.getByRole('button', { name: 'Move Topping up' })).toBeDisabled();
      expect(order.getByRole('button', { name: 'Move Size down' })).toBeDisabled();
      await user.click(order.getByRole('button', { name: 'Move Size up' }));
      expect(order.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Size', '2.Topping']);
      // Size reached the top, where "up" is disabled: the focus stays on its row, on "down".
      expect(order.getByRole('button', { name: 'Move Size down' })).toHaveFocus();
      await user.click(order.getByRole('button', { name: 'Move Size down' }));
      expect(order.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Topping', '2.Size']);
      expect(order.getByRole('button', { name: 'Move Size up' })).toHaveFocus();
      await user.click(order.getByRole('button', { name: 'Move Topping down' }));
      expect(order.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Size', '2.Topping']);
      expect(options.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(
        ['Topping', 'Preferences', 'Size'],
      );

      // Not routed yet: its category has no station, so it goes to the first station.
      expect(dialog.getByLabelText('Station')).toHaveValue('');
      expect(
        within(dialog.getByLabelText('Station')).getByRole('option', { name: 'First station (Bếp)' }),
      ).toBeInTheDocument();
      // In a category with a station, it would follow that station.
      await user.selectOptions(dialog.getByLabelText('Category'), 'Drinks');
      expect(
        within(dialog.getByLabelText('Station')).getByRole('option', { name: 'Category’s station (Bar)' }),
      ).toBeInTheDocument();
      await user.selectOptions(dialog.getByLabelText('Category'), 'Noodles');
      await user.selectOptions(dialog.getByLabelText('Station'), 'Bar');
      await user.type(dialog.getByLabelText('Prep minutes'), '0');
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));
      expect(await dialog.findByText('At least 1 minute')).toBeInTheDocument();

      await user.clear(dialog.getByLabelText('Prep minutes'));
      await user.type(dialog.getByLabelText('Prep minutes'), '8');
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));

      expect(await screen.findByText('Phở bò saved.')).toBeInTheDocument();
      const put = fakeApi.configs.find((config) => config.method === 'put');
      expect(JSON.parse(put?.data as string)).toMatchObject({
        optionGroupIds: [size._id, topping._id],
        categoryId: noodles._id,
        stationId: bar._id,
        prepMinutes: 8,
      });
      await waitFor(() =>
        expect(screen.getByRole('article', { name: 'Phở bò' })).toHaveTextContent(
          'Options: Size, Topping · Station: Bar · 8 min',
        ),
      );
    },
    journeyTimeout,
  );

  it(
    'edits the English name and description, clears one with an empty field and explains one too long',
    async () => {
      const user = userEvent.setup();
      const phoInEnglish = { ...pho, nameEn: 'Beef pho', descriptionEn: 'Rice noodles in beef broth' };
      let items = [phoInEnglish, traDa];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'GET' && url === '/api/item') return ok(items);
        if (method === 'PUT' && url === `/api/item/${pho._id}`) {
          items = [{ ...phoInEnglish, ...(JSON.parse(config.data as string) as Partial<Item>) }, traDa];
          return ok(items[0]);
        }
        return fail(404, 'Not found');
      });
      renderItems();

      // Staff screens name the dish as typed.
      const row = await screen.findByRole('article', { name: 'Phở bò' });
      expect(row).not.toHaveTextContent('Beef pho');
      await user.click(screen.getByRole('button', { name: 'Edit Phở bò' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Phở bò' }));
      const nameEn = dialog.getByLabelText('English name (optional)');
      const descriptionEn = dialog.getByLabelText('English description (optional)');
      expect(nameEn).toHaveValue('Beef pho');
      expect(nameEn).toHaveAccessibleDescription('Phones set to English show it on the menu instead of the name.');
      expect(descriptionEn).toHaveValue('Rice noodles in beef broth');

      await user.clear(nameEn);
      await user.type(nameEn, 'B'.repeat(81));
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));
      expect(await dialog.findByText('English name can be at most 80 characters')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('PUT'))).toEqual([]);

      await user.clear(nameEn);
      await user.type(nameEn, ' Beef noodle soup ');
      await user.clear(descriptionEn);
      await user.click(dialog.getByRole('button', { name: 'Save dish' }));

      expect(await screen.findByText('Phở bò saved.')).toBeInTheDocument();
      const put = fakeApi.configs.find((config) => config.method === 'put');
      expect(JSON.parse(put?.data as string)).toMatchObject({
        name: 'Phở bò',
        nameEn: 'Beef noodle soup',
        descriptionEn: null,
      });
    },
    journeyTimeout,
  );

  it(
    'switches availability with a partial update and says so',
    async () => {
      const user = userEvent.setup();
      let items = [pho, traDa];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'GET' && url === '/api/item') return ok(items);
        if (method === 'PUT' && url === `/api/item/${pho._id}`) {
          items = items.map((item) => (item._id === pho._id ? { ...item, ...JSON.parse(config.data) } : item));
          return ok(items[0]);
        }
        return fail(404, 'Not found');
      });
      renderItems();

      const toggle = await screen.findByRole('switch', { name: 'Phở bò available' });
      expect(toggle).toHaveAttribute('aria-checked', 'true');
      await user.click(toggle);

      expect(await screen.findByText('Phở bò is marked unavailable.')).toBeInTheDocument();
      expect(JSON.parse(fakeApi.configs.find((config) => config.method === 'put')?.data as string)).toEqual({
        isAvailable: false,
      });
      await waitFor(() =>
        expect(screen.getByRole('switch', { name: 'Phở bò available' })).toHaveAttribute('aria-checked', 'false'),
      );
    },
    journeyTimeout,
  );

  it(
    'lists one category on request and deletes a dish only after confirmation',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'GET' && url === '/api/item') {
          const categoryId = (config.params as { categoryId?: string } | undefined)?.categoryId;
          return ok([pho, traDa].filter((item) => !categoryId || item.categoryId === categoryId));
        }
        if (method === 'DELETE') return fail(403, 'Only managers can change the menu');
        return fail(404, 'Not found');
      });
      renderItems();

      await screen.findByRole('article', { name: 'Trà đá' });
      await user.selectOptions(screen.getByLabelText('Show'), 'Noodles');
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Trà đá' })).not.toBeInTheDocument());
      expect(screen.getByRole('article', { name: 'Phở bò' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Delete Phở bò' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this dish?' });
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Delete dish' }));

      expect(await screen.findByText('Only managers can change the menu')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([
        `DELETE /api/item/${pho._id}`,
      ]);
    },
    journeyTimeout,
  );
});

describe('ItemManagement in Vietnamese', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'lists the dishes, checks the form and marks a dish unavailable in Vietnamese',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      const routedPho = { ...pho, optionGroups: [dishGroupOf(size)], stationId: bep._id, prepMinutes: 8 };
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'GET' && url === '/api/item') return ok([routedPho, traDa]);
        if (method === 'GET' && url === '/api/station') return ok([bep, bar]);
        if (method === 'GET' && url === '/api/option-group') return ok([size]);
        if (method === 'PUT' && url === `/api/item/${pho._id}`) {
          return ok({ ...routedPho, ...(JSON.parse(config.data) as Partial<Item>) });
        }
        return fail(404, 'Not found');
      });
      renderItems();

      expect(screen.getByRole('heading', { name: 'Món' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Hiện' })).toHaveDisplayValue('Tất cả danh mục');
      const phoRow = await screen.findByRole('article', { name: 'Phở bò' });
      expect(await within(phoRow).findByText('Tùy chọn: Size · Khu bếp: Bếp · 8 phút')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Món mới' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Món mới' }));
      expect(dialog.getByLabelText('Giá (VND)')).toBeInTheDocument();
      expect(dialog.getByLabelText('Tên tiếng Anh (không bắt buộc)')).toHaveAccessibleDescription(
        'Điện thoại dùng tiếng Anh sẽ hiện tên này trên thực đơn thay cho tên món.',
      );
      expect(dialog.getByLabelText('Mô tả tiếng Anh (không bắt buộc)')).toBeInTheDocument();
      expect(dialog.getByRole('group', { name: 'Định lượng' })).toHaveTextContent(
        'Không có nguyên liệu: đơn gọi món này không trừ tồn kho.',
      );
      const sizeBox = await dialog.findByRole('checkbox', { name: 'Size' });
      expect(sizeBox).toHaveAccessibleDescription(/^Bắt buộc · Chọn 1 · Nhỏ /);
      expect(dialog.getByRole('checkbox', { name: 'Cho phép gọi món' })).toBeChecked();
      await user.click(dialog.getByRole('button', { name: 'Tạo món' }));
      expect(await dialog.findByText('Chọn danh mục')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

      await user.click(within(phoRow).getByRole('switch', { name: 'Phở bò đang bán' }));
      expect(await screen.findByText('Phở bò đã chuyển sang tạm ngừng bán.')).toBeInTheDocument();
    },
    journeyTimeout,
  );
});
