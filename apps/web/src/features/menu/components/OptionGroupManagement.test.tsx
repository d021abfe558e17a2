import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ingredient } from '@quan/contract/ingredient';
import type { CreateOptionGroupBody, OptionGroup } from '@quan/contract/options';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeOptionGroup } from '../../../test/data/menu';
import { OptionGroupManagement } from './OptionGroupManagement';

function ingredient(_id: string, name: string, unit: Ingredient['unit']): Ingredient {
  return {
    _id,
    name,
    unit,
    quantity: 10,
    lowStockThreshold: 2,
    isLowStock: false,
    costPerUnit: 100_000,
    supplier: '',
    createdAt: '2026-03-01T05:00:00.000Z',
    updatedAt: '2026-03-01T05:00:00.000Z',
  };
}
const beef = ingredient('0190a1b2-c3d4-7e5f-8a9b-1a0000000001', 'Thịt bò', 'kg');
const egg = ingredient('0190a1b2-c3d4-7e5f-8a9b-1a0000000002', 'Trứng gà', 'pcs');

const nhoId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01';
const vuaId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02';
const lonId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03';
const size = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: nhoId, name: 'Nhỏ', priceDelta: -5_000, recipe: [] },
    { _id: vuaId, name: 'Vừa', isDefault: true, priceDelta: 0, recipe: [] },
    {
      _id: lonId,
      name: 'Lớn',
      priceDelta: 10_000,
      recipe: [{ ingredientId: beef._id, name: 'Thịt bò', unit: 'kg', quantity: 0.1 }],
    },
  ],
  dishes: [
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01', name: 'Phở bò' },
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b03', name: 'Phở gà' },
  ],
});
const topping = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c02',
  name: 'Topping',
  minSelected: 0,
  maxSelected: 3,
  options: ['Trứng', 'Quẩy', 'Hành phi', 'Bò viên'].map((name, index) => ({
    _id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e0${index}`,
    name,
    priceDelta: 5_000,
    recipe: name === 'Trứng' ? [{ ingredientId: egg._id, name: 'Trứng gà', unit: 'pcs' as const, quantity: 1 }] : [],
  })),
});
const preferences = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c03',
  name: 'Preferences',
  minSelected: 0,
  maxSelected: 30,
  options: [
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4f01', name: 'không hành', priceDelta: 0, recipe: [] },
    { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4f02', name: 'ít đá', priceDelta: 0, recipe: [] },
  ],
});

// Intl puts a no-break space before "₫"; the page's text is compared with the same formatting.
const change = (sign: '+' | '\u2212', amount: number) => `${sign}${formatMoney(amount)}`;

function renderGroups() {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  return renderRoutes(
    [
      {
        path: '/',
        element: <OptionGroupManagement ingredients={{ status: 'success', ingredients: [beef, egg] }} />,
      },
    ],
    { path: '/' },
  );
}

function sentBodies(fakeApi: ReturnType<typeof installFakeApi>, method: 'post' | 'put') {
  return fakeApi.configs
    .filter((config) => config.method === method)
    .map((config) => JSON.parse(config.data as string) as CreateOptionGroupBody);
}

// Each test is a journey through dialogs; a busy two-core machine needs more than the default 5 s.
const journeyTimeout = 30_000;

describe('OptionGroupManagement', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('lists each group with its rule in words, its price changes and the dishes offering it', async () => {
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/option-group') return ok([preferences, size, topping]);
      return fail(404, 'Not found');
    });
    renderGroups();

    const sizeRow = within(await screen.findByRole('article', { name: 'Size' }));
    expect(sizeRow.getByText('Required · Choose 1')).toBeInTheDocument();
    const sizeOptions = sizeRow.getAllByRole('listitem').map((item) => item.textContent);
    // One item per option: its price change only when it has one, then its stock changes, ingredient first.
    expect(sizeOptions).toEqual([
      `Nhỏ ${change('\u2212', 5_000)}`,
      // The default option, chosen already when the dish is ordered, says so.
      'Vừa · Default',
      `Lớn ${change('+', 10_000)} (Thịt bò +0,1 kg)`,
    ]);
    expect(sizeRow.getByText('Offered with Phở bò and Phở gà')).toBeInTheDocument();

    const toppingRow = within(screen.getByRole('article', { name: 'Topping' }));
    expect(toppingRow.getByText('Optional · Up to 3')).toBeInTheDocument();
    expect(toppingRow.getByText(/Not offered with any dish yet/)).toBeInTheDocument();
    expect(toppingRow.getAllByRole('listitem')[0]?.textContent).toBe(`Trứng ${change('+', 5_000)} (Trứng gà +1 pcs)`);
    const preferencesRow = within(screen.getByRole('article', { name: 'Preferences' }));
    expect(preferencesRow.getByText('Optional · Any')).toBeInTheDocument();
    expect(preferencesRow.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['không hành', 'ít đá']);
  });

  it(
    'creates a required one-of group with cheaper, free and dearer options and a recipe change',
    async () => {
      const user = userEvent.setup();
      let groups: OptionGroup[] = [];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/option-group') return ok(groups);
        if (method === 'POST' && url === '/api/option-group') {
          const body = JSON.parse(config.data as string) as CreateOptionGroupBody;
          const created = makeOptionGroup({
            ...size,
            name: body.name,
            // The sent options have the names and prices of the fixture's; the server gives them their ids.
            options: size.options,
            dishes: [],
          });
          groups = [created];
          return { status: 201, body: { success: true, data: created } };
        }
        return fail(404, 'Not found');
      });
      renderGroups();

      await screen.findByText(/No option groups yet/);
      await user.click(screen.getByRole('button', { name: 'New option group' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New option group' }));
      expect(dialog.getByLabelText('Group name')).toHaveFocus();
      await user.type(dialog.getByLabelText('Group name'), 'Kích cỡ');
      await user.type(dialog.getByLabelText('Group name in English (optional)'), 'Size');
      expect(dialog.getByRole('radio', { name: /Choose one, required/ })).toBeChecked();

      const first = within(dialog.getByRole('group', { name: 'Option 1' }));
      await user.type(first.getByLabelText('Name'), 'Nhỏ');
      await user.clear(first.getByLabelText('Price change (VND)'));
      await user.type(first.getByLabelText('Price change (VND)'), '-5000');
      expect(first.getByLabelText('Price change (VND)')).toHaveAccessibleDescription(change('\u2212', 5_000));

      await user.click(dialog.getByRole('button', { name: 'Add option' }));
      const second = within(dialog.getByRole('group', { name: 'Option 2' }));
      await user.type(second.getByLabelText('Name'), 'Vừa');
      await user.type(second.getByLabelText('English name (optional)'), 'Regular');
      // The usual size, chosen already on the POS and the diner's phone; one default per group.
      await user.click(dialog.getByRole('radio', { name: 'Nhỏ is the default' }));
      await user.click(dialog.getByRole('radio', { name: 'Vừa is the default' }));
      expect(dialog.getByRole('radio', { name: 'Nhỏ is the default' })).not.toBeChecked();

      await user.click(dialog.getByRole('button', { name: 'Add option' }));
      const third = within(dialog.getByRole('group', { name: 'Option 3' }));
      await user.type(third.getByLabelText('Name'), 'Lớn');
      await user.clear(third.getByLabelText('Price change (VND)'));
      await user.type(third.getByLabelText('Price change (VND)'), '10000');
      await user.click(third.getByRole('button', { name: 'Add a stock change to Lớn' }));
      await user.click(dialog.getByRole('button', { name: 'Create option group' }));
      expect(await third.findByText('Choose an ingredient')).toBeInTheDocument();
      expect(sentBodies(fakeApi, 'post')).toEqual([]);

      await user.selectOptions(third.getByLabelText('Ingredient 1'), beef._id);
      await user.type(third.getByLabelText('Change of Thịt bò per portion'), '0.1');
      expect(third.getByLabelText('Change of Thịt bò per portion')).toHaveAccessibleDescription('kg');
      await user.click(dialog.getByRole('button', { name: 'Create option group' }));

      expect(await screen.findByText('Option group “Kích cỡ” created.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sentBodies(fakeApi, 'post')).toEqual([
        {
          name: 'Kích cỡ',
          nameEn: 'Size',
          minSelected: 1,
          maxSelected: 1,
          options: [
            { name: 'Nhỏ', nameEn: null, isDefault: false, priceDelta: -5_000, recipe: [] },
            { name: 'Vừa', nameEn: 'Regular', isDefault: true, priceDelta: 0, recipe: [] },
            {
              name: 'Lớn',
              nameEn: null,
              isDefault: false,
              priceDelta: 10_000,
              recipe: [{ ingredientId: beef._id, quantity: 0.1 }],
            },
          ],
        },
      ]);
      expect(await screen.findByRole('article', { name: 'Kích cỡ' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'keeps the ids of existing options through a reorder, a removal and a new option, and shows field errors',
    async () => {
      const user = userEvent.setup();
      let puts = 0;
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/option-group') return ok([size]);
        if (method === 'PUT' && url === `/api/option-group/${size._id}`) {
          puts += 1;
          // The first attempt is refused for a name of the server's own rules.
          if (puts === 1) {
            return {
              status: 400,
              body: {
                success: false,
                message: 'Validation failed',
                errors: [{ path: 'options.2.name', message: 'An option named Đặc biệt is sold out for good' }],
              },
            };
          }
          return ok({ ...size, ...(JSON.parse(config.data as string) as object) });
        }
        return fail(404, 'Not found');
      });
      renderGroups();

      await user.click(await screen.findByRole('button', { name: 'Edit Size' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Size' }));
      expect(dialog.getByRole('radio', { name: /Choose one, required/ })).toBeChecked();
      const lon = within(dialog.getByRole('group', { name: 'Option 3' }));
      expect(lon.getByLabelText('Name')).toHaveValue('Lớn');
      expect(lon.getByLabelText('Ingredient 1')).toHaveValue(beef._id);
      expect(lon.getByLabelText('Change of Thịt bò per portion')).toHaveValue(0.1);

      await user.click(dialog.getByRole('button', { name: 'Move Lớn up' }));
      expect(within(dialog.getByRole('group', { name: 'Option 2' })).getByLabelText('Name')).toHaveValue('Lớn');
      await user.click(dialog.getByRole('button', { name: 'Remove Vừa' }));
      await user.click(dialog.getByRole('button', { name: 'Add option' }));
      const added = within(dialog.getByRole('group', { name: 'Option 3' }));
      await user.type(added.getByLabelText('Name'), 'Đặc biệt');
      await user.clear(added.getByLabelText('Price change (VND)'));
      await user.type(added.getByLabelText('Price change (VND)'), '20000');
      // An optional choice now: a guest may leave the size out.
      await user.click(dialog.getByRole('radio', { name: /Choose one, optional/ }));
      await user.click(dialog.getByRole('button', { name: 'Save option group' }));

      expect(await added.findByText('An option named Đặc biệt is sold out for good')).toBeInTheDocument();
      expect(added.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      expect(dialog.getByRole('alert')).toHaveTextContent('Validation failed');

      await user.click(dialog.getByRole('button', { name: 'Save option group' }));
      expect(await screen.findByText('Option group “Size” saved.')).toBeInTheDocument();
      const bodies = sentBodies(fakeApi, 'put');
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toEqual({
        name: 'Size',
        nameEn: null,
        minSelected: 0,
        maxSelected: 1,
        options: [
          { _id: nhoId, name: 'Nhỏ', nameEn: null, isDefault: false, priceDelta: -5_000, recipe: [] },
          {
            _id: lonId,
            name: 'Lớn',
            nameEn: null,
            isDefault: false,
            priceDelta: 10_000,
            recipe: [{ ingredientId: beef._id, quantity: 0.1 }],
          },
          { name: 'Đặc biệt', nameEn: null, isDefault: false, priceDelta: 20_000, recipe: [] },
        ],
      });
    },
    journeyTimeout,
  );

  it(
    'checks the limits and the options before sending',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/option-group') return ok([]);
        if (method === 'POST') return fail(500, 'Should not be sent');
        return fail(404, 'Not found');
      });
      renderGroups();

      await user.click(await screen.findByRole('button', { name: 'New option group' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New option group' }));
      await user.type(dialog.getByLabelText('Group name'), 'Topping');
      await user.click(dialog.getByRole('radio', { name: /Between/ }));
      await user.clear(dialog.getByLabelText('At least'));
      await user.type(dialog.getByLabelText('At least'), '3');
      await user.clear(dialog.getByLabelText('At most'));
      await user.type(dialog.getByLabelText('At most'), '2');
      await user.type(within(dialog.getByRole('group', { name: 'Option 1' })).getByLabelText('Name'), 'Trứng');
      await user.click(dialog.getByRole('button', { name: 'Create option group' }));

      expect(await dialog.findByText('The minimum cannot be above the maximum')).toBeInTheDocument();
      expect(dialog.getByLabelText('At least')).toHaveAttribute('aria-invalid', 'true');

      // Two options of the same name, and one without a name.
      await user.click(dialog.getByRole('radio', { name: /Up to a number/ }));
      expect(dialog.getByLabelText('Most choices')).toHaveValue(2);
      await waitFor(() =>
        expect(dialog.queryByText('The minimum cannot be above the maximum')).not.toBeInTheDocument(),
      );
      await user.click(dialog.getByRole('button', { name: 'Add option' }));
      await user.type(within(dialog.getByRole('group', { name: 'Option 2' })).getByLabelText('Name'), 'trứng');
      await user.click(dialog.getByRole('button', { name: 'Add option' }));
      await user.click(dialog.getByRole('button', { name: 'Create option group' }));
      expect(
        await within(dialog.getByRole('group', { name: 'Option 3' })).findByText('An option needs a name'),
      ).toBeInTheDocument();

      await user.click(dialog.getByRole('button', { name: 'Remove option 3' }));
      await user.click(dialog.getByRole('button', { name: 'Create option group' }));
      expect(await dialog.findByText('Two options of a group cannot have the same name')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    },
    journeyTimeout,
  );

  it(
    'deletes only after confirmation and shows the dishes that still offer the group',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/option-group') return ok([size, topping]);
        if (method === 'DELETE' && url === `/api/option-group/${size._id}`) {
          return fail(409, 'Size is still offered with Phở bò, Phở gà; take it off those dishes first');
        }
        if (method === 'DELETE') return ok(null);
        return fail(404, 'Not found');
      });
      renderGroups();

      await user.click(await screen.findByRole('button', { name: 'Delete Size' }));
      const confirm = screen.getByRole('dialog', { name: 'Delete this option group?' });
      expect(confirm).toHaveTextContent('Phở bò and Phở gà still offer it');
      await user.click(within(confirm).getByRole('button', { name: 'Delete option group' }));

      expect(
        await screen.findByText('Size is still offered with Phở bò, Phở gà; take it off those dishes first'),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Delete Topping' }));
      await user.click(screen.getByRole('button', { name: 'Delete option group' }));
      expect(await screen.findByText('Option group “Topping” deleted.')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([
        `DELETE /api/option-group/${size._id}`,
        `DELETE /api/option-group/${topping._id}`,
      ]);
    },
    journeyTimeout,
  );
});

describe('OptionGroupManagement in Vietnamese', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'lists the groups with their rule and opens the form in Vietnamese',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/option-group') return ok([preferences, size, topping]);
        return fail(404, 'Not found');
      });
      renderGroups();

      expect(screen.getByRole('heading', { name: 'Nhóm tùy chọn' })).toBeInTheDocument();
      const sizeRow = within(await screen.findByRole('article', { name: 'Size' }));
      expect(sizeRow.getByText('Bắt buộc · Chọn 1')).toBeInTheDocument();
      expect(sizeRow.getByRole('list', { name: 'Các tùy chọn của Size' })).toBeInTheDocument();
      expect(sizeRow.getByText('Áp dụng cho Phở bò và Phở gà')).toBeInTheDocument();
      const toppingRow = within(screen.getByRole('article', { name: 'Topping' }));
      expect(toppingRow.getByText('Không bắt buộc · Tối đa 3')).toBeInTheDocument();
      expect(toppingRow.getByText(/Chưa áp dụng cho món nào/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Sửa Size' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Sửa Size' }));
      expect(dialog.getByLabelText('Tên nhóm')).toHaveValue('Size');
      expect(dialog.getByRole('radio', { name: /Chọn một, bắt buộc/ })).toBeChecked();
      const lon = within(dialog.getByRole('group', { name: 'Tùy chọn 3' }));
      expect(lon.getByRole('button', { name: 'Đưa Lớn lên' })).toBeInTheDocument();
      expect(lon.getByRole('list', { name: 'Thay đổi tồn kho của Lớn' })).toBeInTheDocument();
      expect(lon.getByRole('button', { name: 'Thêm thay đổi tồn kho cho Lớn' })).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Lưu nhóm tùy chọn' })).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

      await user.click(screen.getByRole('button', { name: 'Xóa Size' }));
      expect(screen.getByRole('dialog', { name: 'Xóa nhóm tùy chọn này?' })).toHaveTextContent(
        'Phở bò và Phở gà vẫn đang dùng nhóm này: hãy bỏ nhóm khỏi các món đó trước.',
      );
    },
    journeyTimeout,
  );
});
