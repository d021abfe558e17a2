import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UpdateItemBody } from '@quan/contract/menu';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeIngredient } from '../../../test/data/ingredients';
import { makeCategory, makeItem } from '../../../test/data/menu';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

describe('MenuManagementPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('gives managers the categories, dishes, option groups and stations, and the More page links to it', async () => {
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => (method === 'GET' ? ok([]) : fail(404, `No ${url}`)));
    renderRoutes(routes, { path: '/more' });

    await user.click(await screen.findByRole('link', { name: /^Menu management/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu management' })).toBeInTheDocument();
    for (const name of ['Categories', 'Dishes', 'Option groups', 'Kitchen stations']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText('Managers only')).not.toBeInTheDocument();
  });

  it("edits a dish's recipe with the ingredients in stock, showing what one portion costs", async () => {
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const beef = makeIngredient(1, { name: 'Thịt bò', unit: 'kg', costPerUnit: 250_000 });
    const banhPho = makeIngredient(2, { name: 'Bánh phở', unit: 'kg', costPerUnit: 30_000 });
    const basil = makeIngredient(3, { name: 'Húng quế', unit: 'g', costPerUnit: 0.5 });
    const noodles = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', itemCount: 1 });
    const pho = makeItem(noodles, {
      _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01',
      name: 'Phở bò',
      price: 65_000,
      recipe: [{ ingredientId: beef._id, name: 'Thịt bò', unit: 'kg', quantity: 0.15 }],
    });
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (method === 'GET' && url === '/api/ingredient') return ok([beef, banhPho, basil]);
      if (method === 'GET' && url === '/api/category') return ok([noodles]);
      if (method === 'GET' && url === '/api/item') return ok([pho]);
      if (method === 'GET' && url === '/api/settings') return ok({ ...defaultSettings, taxRate: 8 });
      if (method === 'PUT' && url === `/api/item/${pho._id}`) {
        return ok({ ...pho, ...(JSON.parse(config.data as string) as UpdateItemBody), recipe: pho.recipe });
      }
      return method === 'GET' ? ok([]) : fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/menu-management' });

    await user.click(await screen.findByRole('button', { name: 'Edit Phở bò' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Phở bò' }));
    // The page reads the restaurant's default VAT rate, which a dish of a category without one follows.
    expect(await dialog.findByDisplayValue("Its category's rate (8%)")).toBe(dialog.getByLabelText('VAT rate'));
    const recipe = within(dialog.getByRole('group', { name: 'Recipe' }));
    expect(recipe.getByLabelText('Ingredient 1')).toHaveValue(beef._id);
    expect(recipe.getByLabelText('Quantity per portion of Thịt bò')).toHaveValue(0.15);
    expect(recipe.getByLabelText('Quantity per portion of Thịt bò')).toHaveAccessibleDescription('kg');
    // 0,15 kg × 250.000 ₫
    expect(recipe.getByText('Cost of one portion: 37.500 ₫')).toBeInTheDocument();

    await user.click(recipe.getByRole('button', { name: 'Add ingredient' }));
    const second = recipe.getByLabelText('Ingredient 2');
    // Each ingredient once: the beef of line 1 is not offered again.
    expect(within(second).queryByRole('option', { name: /^Thịt bò/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save dish' }));
    expect(await recipe.findByText('Choose an ingredient')).toBeInTheDocument();

    await user.selectOptions(second, banhPho._id);
    await user.type(recipe.getByLabelText('Quantity per portion of Bánh phở'), '0.2');
    expect(recipe.getByLabelText('Quantity per portion of Bánh phở')).toHaveAccessibleDescription('kg');
    await user.click(recipe.getByRole('button', { name: 'Add ingredient' }));
    await user.selectOptions(recipe.getByLabelText('Ingredient 3'), basil._id);
    await user.type(recipe.getByLabelText('Quantity per portion of Húng quế'), '5');
    expect(recipe.getByLabelText('Quantity per portion of Húng quế')).toHaveAccessibleDescription('g');
    // 37.500 + 0,2 kg × 30.000 ₫ + 5 g × 0,5 ₫ = 43.502,5, rounded to whole dong.
    expect(recipe.getByText('Cost of one portion: 43.503 ₫')).toBeInTheDocument();
    expect(recipe.getByText('(67 % of the price)')).toBeInTheDocument();

    await user.click(recipe.getByRole('button', { name: 'Remove Húng quế from the recipe' }));
    expect(recipe.getByText('Cost of one portion: 43.500 ₫')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save dish' }));

    expect(await screen.findByText('Phở bò saved.')).toBeInTheDocument();
    const put = fakeApi.configs.find((config) => config.method === 'put');
    expect((JSON.parse(put?.data as string) as UpdateItemBody).recipe).toEqual([
      { ingredientId: beef._id, quantity: 0.15 },
      { ingredientId: banhPho._id, quantity: 0.2 },
    ]);
  });

  it('tells staff the menu is changed by managers and points to the menu for orders, without asking the server', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/menu-management' });

    expect(await screen.findByText('Managers only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'menu' })).toHaveAttribute('href', '/menu');
    expect(screen.queryByRole('button', { name: 'New category' })).not.toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it('speaks Vietnamese to staff', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/menu-management' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quản lý thực đơn' })).toBeInTheDocument();
    expect(screen.getByText('Chỉ dành cho quản lý')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'thực đơn' });
    expect(link).toHaveAttribute('href', '/menu');
    expect(link.parentElement).toHaveTextContent('Quản lý chỉnh thực đơn ở đây. Để nhận đơn, hãy dùng thực đơn.');
  });
});
