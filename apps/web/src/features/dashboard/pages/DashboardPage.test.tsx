import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UpdateItemBody } from '@quan/contract/menu';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { makeIngredient } from '../../ingredients/components/ingredient-fixtures';
import { makeCategory, makeItem } from '../../menu/components/menu-test-data';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';

describe('DashboardPage', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('gives managers the menu and table management', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url.startsWith('/api/') ? ok([]) : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/dashboard' });

    const menu = await screen.findByRole('region', { name: 'Menu' });
    expect(within(menu).getByRole('region', { name: 'Categories' })).toBeInTheDocument();
    expect(within(menu).getByRole('region', { name: 'Dishes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tables' })).toBeInTheDocument();
    expect(screen.getByText(/arrive here with the reports issue/)).toBeInTheDocument();
    expect(screen.queryByText('Managers only')).not.toBeInTheDocument();
  });

  it('tells staff the dashboard is for managers, without asking the server for it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByText('Managers only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'menu' })).toHaveAttribute('href', '/menu');
    expect(screen.queryByRole('button', { name: 'New category' })).not.toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
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
      if (method === 'GET' && url.startsWith('/api/')) return ok([]);
      if (method === 'PUT' && url === `/api/item/${pho._id}`) {
        return ok({ ...pho, ...(JSON.parse(config.data as string) as UpdateItemBody), recipe: pho.recipe });
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Edit Phở bò' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Phở bò' }));
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
  }, 20_000);
});
