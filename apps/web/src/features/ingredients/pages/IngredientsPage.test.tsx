import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateIngredientBody, Ingredient, UpdateIngredientBody } from '@quan/contract/ingredient';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatDateTime } from '../../../lib/date-format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeHistoryRow, makeIngredient } from '../../../test/data/ingredients';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const beef = makeIngredient(1, {
  name: 'Thịt bò',
  quantity: 0.75,
  lowStockThreshold: 1,
  costPerUnit: 250_000,
  supplier: 'Chợ Bến Thành',
});
const banhPho = makeIngredient(2, { name: 'Bánh phở', quantity: 12.5, lowStockThreshold: 3, costPerUnit: 30_000 });
const basil = makeIngredient(3, { name: 'Húng quế', unit: 'g', quantity: 0, lowStockThreshold: 100, costPerUnit: 0.5 });

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/** A little ingredient server; `refuse` may answer a write before it is applied. */
function serveIngredients(refuse?: (write: Write) => FakeResponse | null) {
  let ingredients: Ingredient[] = [beef, banhPho, basil];
  const writes: Write[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/ingredient') return ok(ingredients);
    if (method === 'GET' && url === `/api/ingredient/${beef._id}/history`) {
      return ok([
        makeHistoryRow(beef, 3, {
          change: -0.15,
          quantityAfter: 0.75,
          reason: 'order',
          orderId: '0190a1b2-c3d4-7e5f-8a9b-000000001042',
          orderNo: 1042,
          user: { _id: 'u2', name: 'Lê Minh Châu' },
          createdAt: '2026-03-02T12:30:00.000Z',
        }),
        makeHistoryRow(beef, 2, {
          change: 0.5,
          quantityAfter: 0.9,
          reason: 'restock',
          note: 'Hoá đơn 77',
          user: { _id: 'u1', name: 'Nguyễn Văn An' },
          createdAt: '2026-03-02T01:00:00.000Z',
        }),
        makeHistoryRow(beef, 1, { change: 0.4, quantityAfter: 0.4, reason: 'initial' }),
      ]);
    }
    const write = { method, url, body: config.data ? JSON.parse(config.data as string) : undefined };
    writes.push(write);
    const refusal = refuse?.(write);
    if (refusal) return refusal;
    const id = /^\/api\/ingredient\/([^/]+)$/.exec(url)?.[1];
    if (method === 'POST' && url === '/api/ingredient') {
      const created = makeIngredient(9, write.body as CreateIngredientBody);
      ingredients = [...ingredients, created];
      return { status: 201, body: { success: true, data: created } };
    }
    if (method === 'PUT' && id) {
      const { change, quantity, ...fields } = write.body as UpdateIngredientBody;
      ingredients = ingredients.map((ingredient) => {
        if (ingredient._id !== id) return ingredient;
        const next = quantity ?? Math.round((ingredient.quantity + (change ?? 0)) * 1000) / 1000;
        const { reason: _reason, note: _note, ...rest } = fields;
        return { ...ingredient, ...rest, quantity: next, isLowStock: next <= ingredient.lowStockThreshold };
      });
      return ok(ingredients.find((ingredient) => ingredient._id === id));
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, writes };
}

function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

function row(name: string) {
  return within(screen.getByRole('row', { name }));
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((element) => element.getAttribute('aria-label'));

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('IngredientsPage', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveIngredients> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('lists stock in vi-VN with a worded low-stock mark, and filters by search and low stock', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await screen.findByRole('row', { name: 'Thịt bò' });
    expect(rowNames()).toEqual(['Thịt bò', 'Bánh phở', 'Húng quế']);
    expect(screen.getByText('3 ingredients · 2 low on stock.')).toBeInTheDocument();
    expect(row('Thịt bò').getByText('0,75 kg')).toBeInTheDocument();
    expect(row('Thịt bò').getByText('Low stock')).toBeInTheDocument();
    expect(row('Thịt bò').getByText('1 kg')).toBeInTheDocument();
    expect(row('Thịt bò').getByText(spaced('250.000 ₫ / kg'))).toBeInTheDocument();
    expect(row('Thịt bò').getByText('Chợ Bến Thành')).toBeInTheDocument();
    expect(row('Bánh phở').getByText('12,5 kg')).toBeInTheDocument();
    expect(row('Bánh phở').queryByText(/stock$/)).not.toBeInTheDocument();
    expect(row('Húng quế').getByText('Out of stock')).toBeInTheDocument();
    expect(row('Húng quế').getByText(spaced('0,5 ₫ / g'))).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Low stock only/ }));
    expect(rowNames()).toEqual(['Thịt bò', 'Húng quế']);

    await user.type(screen.getByRole('searchbox', { name: 'Search ingredients' }), 'bo');
    expect(rowNames()).toEqual(['Thịt bò']);

    await user.click(screen.getByRole('checkbox', { name: /Low stock only/ }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search ingredients' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search ingredients' }), 'BANH PHO');
    expect(rowNames()).toEqual(['Bánh phở']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search ingredients' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search ingredients' }), 'ben thanh');
    expect(rowNames()).toEqual(['Thịt bò']);
  });

  it('lets staff read the stock and its history but change nothing', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await screen.findByRole('row', { name: 'Thịt bò' });
    expect(screen.queryByRole('button', { name: 'Add ingredient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Stock|Edit|Delete) / })).not.toBeInTheDocument();

    await user.click(row('Thịt bò').getByRole('button', { name: 'History of Thịt bò' }));
    expect(await screen.findByRole('dialog', { name: 'History of Thịt bò' })).toBeInTheDocument();
    expect(server.writes).toEqual([]);
  });

  it('explains invalid fields from the contract, then adds the ingredient', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await user.click(await screen.findByRole('button', { name: 'Add ingredient' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add an ingredient' }));
    await user.click(dialog.getByRole('button', { name: 'Add ingredient' }));

    expect(await dialog.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Name cannot be empty');
    expect(dialog.getByLabelText('Quantity in stock (kg)')).toHaveAccessibleDescription('Quantity must be a number');
    expect(dialog.getByLabelText('Cost per kg (VND)')).toHaveAccessibleDescription(/Cost must be a number/);

    await user.type(dialog.getByLabelText('Name'), 'Hành lá');
    await user.selectOptions(dialog.getByLabelText('Unit'), 'g');
    await user.type(dialog.getByLabelText('Quantity in stock (g)'), '1500');
    await user.type(dialog.getByLabelText('Low-stock threshold (g)'), '200.5');
    await user.type(dialog.getByLabelText('Cost per g (VND)'), '-3');
    await user.click(dialog.getByRole('button', { name: 'Add ingredient' }));
    expect(await dialog.findByText('Cost cannot be negative')).toBeInTheDocument();
    expect(server.writes).toEqual([]);

    await user.clear(dialog.getByLabelText('Cost per g (VND)'));
    await user.type(dialog.getByLabelText('Cost per g (VND)'), '40.25');
    await user.type(dialog.getByLabelText('Supplier'), 'Vườn Đà Lạt');
    await user.click(dialog.getByRole('button', { name: 'Add ingredient' }));

    expect(await screen.findByText('Hành lá is added.')).toBeInTheDocument();
    expect(server.writes).toEqual([
      {
        method: 'POST',
        url: '/api/ingredient',
        body: {
          name: 'Hành lá',
          unit: 'g',
          quantity: 1500,
          lowStockThreshold: 200.5,
          costPerUnit: 40.25,
          supplier: 'Vườn Đà Lạt',
        },
      },
    ]);
    expect(await screen.findByRole('row', { name: 'Hành lá' })).toHaveTextContent('1.500 g');
  });

  it('edits an ingredient without touching its stock', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await user.click(await screen.findByRole('button', { name: 'Edit Thịt bò' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Thịt bò' }));
    expect(dialog.queryByLabelText(/Quantity in stock/)).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Supplier'));
    await user.type(dialog.getByLabelText('Supplier'), 'Lò mổ Bình Tân');
    await user.click(dialog.getByRole('button', { name: 'Save ingredient' }));

    expect(await screen.findByText('Thịt bò is saved.')).toBeInTheDocument();
    expect(server.writes[0]?.body).toEqual({
      name: 'Thịt bò',
      unit: 'kg',
      lowStockThreshold: 1,
      costPerUnit: 250_000,
      supplier: 'Lò mổ Bình Tân',
    });
  });

  it('restocks with a positive change, records waste with a negative one, and saves a count as the quantity', async () => {
    const user = userEvent.setup();
    signIn('admin');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await user.click(await screen.findByRole('button', { name: 'Stock of Thịt bò' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Stock of Thịt bò' }));
    expect(dialog.getByText('0,75 kg')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Restock' })).toBeChecked();
    await user.type(dialog.getByLabelText('Quantity received (kg)'), '2.5');
    expect(dialog.getByText('Stock after: 3,25 kg')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Note'), 'Hoá đơn 78');
    await user.click(dialog.getByRole('button', { name: 'Restock' }));

    expect(await screen.findByText('Thịt bò: 3,25 kg in stock.')).toBeInTheDocument();
    const restock = server.writes[0];
    expect(restock?.url).toBe(`/api/ingredient/${beef._id}`);
    expect(restock?.body).toEqual({ change: 2.5, reason: 'restock', note: 'Hoá đơn 78' });
    await waitFor(() => expect(row('Thịt bò').getByText('3,25 kg')).toBeInTheDocument());
    expect(row('Thịt bò').queryByText('Low stock')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stock of Thịt bò' }));
    dialog = within(screen.getByRole('dialog', { name: 'Stock of Thịt bò' }));
    await user.click(dialog.getByRole('radio', { name: 'Waste' }));
    await user.click(dialog.getByRole('button', { name: 'Record waste' }));
    expect(await dialog.findByText('Quantity must be a number')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Quantity thrown away (kg)'), '0.25');
    await user.click(dialog.getByRole('button', { name: 'Record waste' }));
    expect(await screen.findByText('Thịt bò: 3 kg in stock.')).toBeInTheDocument();
    expect(server.writes[1]?.body).toEqual({ change: -0.25, reason: 'waste' });

    await user.click(screen.getByRole('button', { name: 'Stock of Bánh phở' }));
    dialog = within(screen.getByRole('dialog', { name: 'Stock of Bánh phở' }));
    await user.click(dialog.getByRole('radio', { name: 'Adjust' }));
    await user.type(dialog.getByLabelText('Counted quantity (kg)'), '11');
    await user.click(dialog.getByRole('button', { name: 'Save count' }));
    expect(await screen.findByText('Bánh phở: 11 kg in stock.')).toBeInTheDocument();
    expect(server.writes[2]?.body).toEqual({ quantity: 11, reason: 'adjustment' });
  });

  it('shows the history newest first: when, signed change, stock after, reason, who and the order', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    await user.click(await screen.findByRole('button', { name: 'History of Thịt bò' }));
    const dialog = within(screen.getByRole('dialog', { name: 'History of Thịt bò' }));
    const rows = await dialog.findAllByRole('row');
    const cells = rows.slice(1).map((element) =>
      within(element)
        .getAllByRole('cell')
        .map((cell) => spaced(cell.textContent ?? '')),
    );
    expect(cells).toEqual([
      [
        spaced(formatDateTime('2026-03-02T12:30:00.000Z')),
        '\u22120,15 kg',
        '0,75 kg',
        'Used by an order',
        'Lê Minh Châu',
        'Order #1042',
      ],
      [
        spaced(formatDateTime('2026-03-02T01:00:00.000Z')),
        '+0,5 kg',
        '0,9 kg',
        'Restock',
        'Nguyễn Văn An',
        'Hoá đơn 77',
      ],
      [spaced(formatDateTime('2026-03-01T05:00:00.000Z')), '+0,4 kg', '0,4 kg', 'Opening stock', '—', '—'],
    ]);
    // 12:30 UTC is 19:30 in Hồ Chí Minh City, on the 24-hour clock.
    expect(cells[0]?.[0]).toBe('02/03/2026 19:30');
  });

  it('deletes only after confirmation and shows why the server refuses', async () => {
    const user = userEvent.setup();
    signIn('manager');
    const refusal = 'Thịt bò is used by the recipes of Phở bò, Bún bò; remove it from them first';
    server = serveIngredients(({ method }) => (method === 'DELETE' ? fail(409, refusal) : null));
    renderRoutes(routes, { path: '/ingredient-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete Thịt bò' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Thịt bò?' }));
    expect(server.writes).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Delete ingredient' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
    expect(server.writes).toEqual([{ method: 'DELETE', url: `/api/ingredient/${beef._id}`, body: undefined }]);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Thịt bò' })).toBeInTheDocument();
  });

  it('speaks Vietnamese: the list, the stock dialog with its own check, the history and the delete warning', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    server = serveIngredients();
    renderRoutes(routes, { path: '/ingredient-management' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nguyên liệu' })).toBeInTheDocument();
    await screen.findByRole('row', { name: 'Thịt bò' });
    expect(screen.getByText('3 nguyên liệu · 2 sắp hết.')).toBeInTheDocument();
    expect(row('Thịt bò').getByText('Sắp hết')).toBeInTheDocument();
    expect(row('Húng quế').getByText('Hết hàng')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ngưỡng sắp hết' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Tìm nguyên liệu' }), 'cua');
    expect(screen.getByText('Không có nguyên liệu nào khớp với “cua”.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Tìm nguyên liệu' }));
    expect(screen.getByRole('checkbox', { name: /Chỉ nguyên liệu sắp hết/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Tồn kho của Thịt bò' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Tồn kho của Thịt bò' }));
    expect(dialog.getByRole('group', { name: 'Điều gì đã xảy ra?' })).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Nhập kho' })).toBeChecked();
    await user.type(dialog.getByLabelText('Số lượng nhận (kg)'), '0');
    await user.click(dialog.getByRole('button', { name: 'Nhập kho' }));
    expect(await dialog.findByText('Số lượng phải lớn hơn 0')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Hao hụt' }));
    await user.clear(dialog.getByLabelText('Số lượng bỏ đi (kg)'));
    await user.type(dialog.getByLabelText('Số lượng bỏ đi (kg)'), '1');
    expect(dialog.getByText(/^Số này nhiều hơn 0,75 kg đang có trong kho/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

    await user.click(screen.getByRole('button', { name: 'Lịch sử của Thịt bò' }));
    dialog = within(screen.getByRole('dialog', { name: 'Lịch sử của Thịt bò' }));
    expect(await dialog.findByRole('cell', { name: 'Dùng cho đơn' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'Đơn #1042' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'Tồn kho ban đầu' })).toBeInTheDocument();
    expect(dialog.getByRole('columnheader', { name: 'Người thực hiện' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Xóa Thịt bò' }));
    dialog = within(screen.getByRole('dialog', { name: 'Xóa Thịt bò?' }));
    expect(dialog.getByText(/sẽ bị xóa khỏi danh sách tồn kho/).textContent).toMatch(/^Thịt bò sẽ bị xóa/);
    expect(dialog.getByRole('button', { name: 'Xóa nguyên liệu' })).toBeInTheDocument();
  });
});
