import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VatRate } from '@quan/contract/vat';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { CategoryManagement } from './CategoryManagement';
import { makeCategory, makeStation } from '../../../test/data/menu';

const noodles = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', itemCount: 2 });
const drinks = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Drinks', sortOrder: 1 });
const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a01', name: 'Bếp' });
const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a02', name: 'Bar', sortOrder: 1 });

function renderCategories(defaultVatRate?: VatRate) {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  return renderRoutes([{ path: '/', element: <CategoryManagement defaultVatRate={defaultVatRate} /> }], { path: '/' });
}

// Each test is a journey through dialogs; a busy two-core machine needs more than the default 5 s.
const journeyTimeout = 20_000;

describe('CategoryManagement', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'checks the form before sending, then creates the category after the others',
    async () => {
      const user = userEvent.setup();
      let categories = [noodles, drinks];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok(categories);
        if (method === 'GET' && url === '/api/station') return ok([]);
        if (method === 'POST' && url === '/api/category') {
          const created = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03', ...JSON.parse(config.data) });
          categories = [...categories, created];
          return { status: 201, body: { success: true, data: created } };
        }
        return fail(404, 'Not found');
      });
      renderCategories();

      await screen.findByRole('article', { name: 'Noodles' });
      expect(within(screen.getByRole('article', { name: 'Noodles' })).getByText('2 dishes')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'New category' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New category' }));
      expect(dialog.getByLabelText('Name')).toHaveFocus();

      await user.click(dialog.getByRole('button', { name: 'Create category' }));

      expect(await dialog.findByText('Name cannot be empty')).toBeInTheDocument();
      expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      expect(fakeApi.requests.filter((request) => !request.startsWith('GET'))).toEqual([]);

      await user.type(dialog.getByLabelText('Name'), '  Lẩu ');
      // In English for diners reading English, trimmed like the name.
      await user.type(dialog.getByLabelText('English name (optional)'), 'Hotpots ');
      await user.click(dialog.getByRole('button', { name: 'Create category' }));

      expect(await screen.findByText('Category “Lẩu” created.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(JSON.parse(fakeApi.configs.find((config) => config.method === 'post')?.data as string)).toEqual({
        name: 'Lẩu',
        nameEn: 'Hotpots',
        description: '',
        color: '#b45309',
        sortOrder: 2,
        stationId: null,
        vatRate: null,
      });
      expect(await screen.findByRole('article', { name: 'Lẩu' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    "shows the server's refusal in the form and keeps it open",
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles]);
        if (method === 'PUT') return fail(409, 'A category named Drinks already exists');
        return fail(404, 'Not found');
      });
      renderCategories();

      await user.click(await screen.findByRole('button', { name: 'Edit Noodles' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Noodles' }));
      expect(dialog.getByLabelText('Name')).toHaveValue('Noodles');
      await user.clear(dialog.getByLabelText('Name'));
      await user.type(dialog.getByLabelText('Name'), 'Drinks');
      await user.click(dialog.getByRole('button', { name: 'Save category' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent('A category named Drinks already exists');
      expect(fakeApi.requests).toContain(`PUT /api/category/${noodles._id}`);
    },
    journeyTimeout,
  );

  it(
    'routes a category to a station, or back to the first one',
    async () => {
      const user = userEvent.setup();
      let categories = [noodles, { ...drinks, stationId: bar._id }];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok(categories);
        if (method === 'GET' && url === '/api/station') return ok([bep, bar]);
        if (method === 'PUT') {
          const id = url.split('/').pop();
          categories = categories.map((category) =>
            category._id === id ? { ...category, ...(JSON.parse(config.data as string) as object) } : category,
          );
          return ok(categories.find((category) => category._id === id));
        }
        return fail(404, 'Not found');
      });
      renderCategories();

      const drinksRow = await screen.findByRole('article', { name: 'Drinks' });
      await waitFor(() => expect(drinksRow).toHaveTextContent('Station: Bar'));
      await user.click(screen.getByRole('button', { name: 'Edit Drinks' }));
      let dialog = within(screen.getByRole('dialog', { name: 'Edit Drinks' }));
      expect(dialog.getByLabelText('Station')).toHaveValue(bar._id);
      await user.selectOptions(dialog.getByLabelText('Station'), 'First station (Bếp)');
      await user.click(dialog.getByRole('button', { name: 'Save category' }));
      expect(await screen.findByText('Category “Drinks” saved.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Edit Noodles' }));
      dialog = within(screen.getByRole('dialog', { name: 'Edit Noodles' }));
      expect(dialog.getByLabelText('Station')).toHaveValue('');
      await user.selectOptions(dialog.getByLabelText('Station'), 'Bar');
      await user.click(dialog.getByRole('button', { name: 'Save category' }));
      expect(await screen.findByText('Category “Noodles” saved.')).toBeInTheDocument();

      const sent = fakeApi.configs
        .filter((config) => config.method === 'put')
        .map((config) => [config.url, (JSON.parse(config.data as string) as { stationId: unknown }).stationId]);
      expect(sent).toEqual([
        [`/api/category/${drinks._id}`, null],
        [`/api/category/${noodles._id}`, bar._id],
      ]);
    },
    journeyTimeout,
  );

  it(
    'deletes only after confirmation and shows why the server refused',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
        if (method === 'DELETE' && url === `/api/category/${noodles._id}`) {
          return fail(409, 'Noodles still has 2 items; move or delete them first');
        }
        if (method === 'DELETE') return ok(null);
        return fail(404, 'Not found');
      });
      renderCategories();

      await user.click(await screen.findByRole('button', { name: 'Delete Drinks' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Delete this category?' })).getByText('Cancel'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Delete Noodles' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this category?' });
      expect(dialog).toHaveTextContent('It still has 2 dishes');
      await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));

      expect(await screen.findByText('Noodles still has 2 items; move or delete them first')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([
        `DELETE /api/category/${noodles._id}`,
      ]);

      await user.click(screen.getByRole('button', { name: 'Delete Drinks' }));
      await user.click(screen.getByRole('button', { name: 'Delete category' }));
      expect(await screen.findByText('Category “Drinks” deleted.')).toBeInTheDocument();
    },
    journeyTimeout,
  );
});

describe('CategoryManagement: VAT', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'gives a category a VAT rate of its own, or the default one back, in Vietnamese',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/category') return ok([noodles, { ...drinks, vatRate: 10 }]);
        if (method === 'PUT') return ok({ ...noodles, ...(JSON.parse(config.data as string) as object) });
        return fail(404, 'Not found');
      });
      renderCategories(8);

      // A rate of its own is listed with the category; one that follows the default is not.
      expect(await screen.findByRole('article', { name: 'Drinks' })).toHaveTextContent('0 món · VAT 10%');
      expect(screen.getByRole('article', { name: 'Noodles' })).not.toHaveTextContent('VAT');
      await user.click(await screen.findByRole('button', { name: 'Sửa Noodles' }));
      let dialog = within(screen.getByRole('dialog', { name: 'Sửa Noodles' }));
      const rate = dialog.getByLabelText('Thuế suất VAT');
      expect(rate).toHaveValue('');
      expect(await within(rate).findByRole('option', { name: 'Theo mặc định (8%)' })).toBeInTheDocument();
      expect(within(rate).getByRole('option', { name: 'Không chịu thuế (KCT)' })).toBeInTheDocument();
      await user.selectOptions(rate, '5%');
      await user.click(dialog.getByRole('button', { name: 'Lưu danh mục' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(JSON.parse(fakeApi.configs.find((config) => config.method === 'put')?.data as string)).toMatchObject({
        vatRate: 5,
      });

      await user.click(screen.getByRole('button', { name: 'Sửa Drinks' }));
      dialog = within(screen.getByRole('dialog', { name: 'Sửa Drinks' }));
      expect(dialog.getByLabelText('Thuế suất VAT')).toHaveValue('10');
      await user.selectOptions(dialog.getByLabelText('Thuế suất VAT'), 'Theo mặc định (8%)');
      await user.click(dialog.getByRole('button', { name: 'Lưu danh mục' }));
      await waitFor(() => expect(fakeApi!.configs.filter((config) => config.method === 'put')).toHaveLength(2));
      const puts = fakeApi.configs.filter((config) => config.method === 'put');
      expect(puts[1]?.url).toBe(`/api/category/${drinks._id}`);
      expect(JSON.parse(puts[1]?.data as string)).toMatchObject({ vatRate: null });
    },
    journeyTimeout,
  );
});

describe('CategoryManagement: the VAT rate in the list', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('names the rate a category has of its own, "not subject to VAT" included', async () => {
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/category') return ok([noodles, { ...drinks, vatRate: 'KCT' }]);
      if (method === 'GET' && url === '/api/station') return ok([]);
      return fail(404, 'Not found');
    });
    renderCategories(8);

    expect(await screen.findByRole('article', { name: 'Drinks' })).toHaveTextContent('0 dishes · Not subject to VAT');
    expect(screen.getByRole('article', { name: 'Noodles' })).not.toHaveTextContent('VAT');
  });
});

describe('CategoryManagement in Vietnamese', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'lists, opens the form and deletes in Vietnamese',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      const routed = { ...noodles, stationId: bep._id };
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/category') return ok([routed, drinks]);
        if (method === 'GET' && url === '/api/station') return ok([bep, bar]);
        if (method === 'DELETE') return ok(null);
        return fail(404, 'Not found');
      });
      renderCategories();

      expect(screen.getByRole('heading', { name: 'Danh mục' })).toBeInTheDocument();
      const noodlesRow = await screen.findByRole('article', { name: 'Noodles' });
      expect(noodlesRow).toHaveTextContent('2 món · Khu bếp: Bếp');
      expect(within(noodlesRow).getByRole('button', { name: 'Sửa Noodles' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Danh mục mới' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Danh mục mới' }));
      expect(dialog.getByLabelText('Tên')).toHaveFocus();
      expect(dialog.getByLabelText('Thứ tự')).toHaveAccessibleDescription('Số nhỏ hơn đứng trước.');
      expect(dialog.getByRole('combobox', { name: 'Khu bếp' })).toHaveDisplayValue('Khu bếp đầu tiên (Bếp)');
      // The contract's checks speak Vietnamese too: an empty name, a sort order that is not a whole number.
      await user.type(dialog.getByLabelText('Thứ tự'), '{Control>}a{/Control}1.5');
      await user.click(dialog.getByRole('button', { name: 'Tạo danh mục' }));
      expect(await dialog.findByText('Tên không được để trống')).toBeInTheDocument();
      expect(dialog.getByText('Thứ tự sắp xếp phải là số nguyên')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Xóa Noodles' }));
      const confirm = screen.getByRole('dialog', { name: 'Xóa danh mục này?' });
      expect(confirm).toHaveTextContent('Danh mục vẫn còn 2 món: hãy chuyển hoặc xóa các món đó trước.');
      await user.click(within(confirm).getByRole('button', { name: 'Xóa danh mục' }));
      expect(await screen.findByText('Đã xóa danh mục “Noodles”.')).toBeInTheDocument();
    },
    journeyTimeout,
  );
});
