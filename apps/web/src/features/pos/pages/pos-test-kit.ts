import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Category, Item } from '@quan/contract/menu';
import type { DishOptionGroup } from '@quan/contract/options';
import type { AddRoundBody, Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { fail, installFakeApi, ok, type FakeHandler, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes } from '../../../test/render-routes';
import { installedEachTest } from '../../../test/installed-each-test';

// What the POS page's tests share: the menu, tables and orders the fake server answers, and the panel's parts.

/** Money as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
export const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

export const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

export function category(_id: string, name: string, sortOrder: number): Category {
  return {
    _id,
    name,
    description: '',
    color: '#b45309',
    sortOrder,
    stationId: null,
    vatRate: null,
    itemCount: 1,
    ...stamp,
  };
}

export function item(
  _id: string,
  name: string,
  price: number,
  cat: Category,
  {
    isAvailable = true,
    isSoldOut = false,
    optionGroups = [],
    billedVatRate = 10,
  }: Partial<Pick<Item, 'isAvailable' | 'isSoldOut' | 'optionGroups' | 'billedVatRate'>> = {},
): Item {
  return {
    _id,
    name,
    description: '',
    price,
    categoryId: cat._id,
    category: { _id: cat._id, name: cat.name },
    imageUrl: '',
    isAvailable,
    isSoldOut,
    recipe: [],
    optionGroups,
    stationId: null,
    prepMinutes: null,
    // The restaurant's default rate (10 % here) unless the test gives the dish another.
    vatRate: billedVatRate === 10 ? null : billedVatRate,
    billedVatRate,
    ...stamp,
  };
}

export function table(_id: string, tableNo: number, status: Table['status'], seats = 4): Table {
  return { _id, tableNo, seats, status, currentOrder: null, qrKey: 'secret', ...stamp };
}

export const noodles = category('cat-noodles', 'Noodles', 0);
export const drinks = category('cat-drinks', 'Drinks', 1);
export const pho = item('item-pho', 'Phở bò', 65_000, noodles);
export const bunCha = item('item-bun-cha', 'Bún chả', 55_000, noodles, { isAvailable: false });
export const traDa = item('item-tra-da', 'Trà đá', 5_000, drinks);
export const bunBo = item('item-bun-bo', 'Bún bò Huế', 60_000, noodles, { isSoldOut: true });
export const sizeGroup: DishOptionGroup = {
  _id: 'group-size',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: 'opt-nho', name: 'Nhỏ', priceDelta: -5_000, isSoldOut: false },
    { _id: 'opt-lon', name: 'Lớn', priceDelta: 10_000, isSoldOut: false },
    { _id: 'opt-dac-biet', name: 'Đặc biệt', priceDelta: 25_000, isSoldOut: true },
  ],
};
export const preferencesGroup: DishOptionGroup = {
  _id: 'group-preferences',
  name: 'Preferences',
  minSelected: 0,
  maxSelected: 3,
  options: [
    { _id: 'opt-khong-hanh', name: 'không hành', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-it-banh', name: 'ít bánh', priceDelta: 0, isSoldOut: false },
  ],
};
export const phoTai = item('item-pho-tai', 'Phở tái', 65_000, noodles, { optionGroups: [sizeGroup, preferencesGroup] });
export const table1 = table('table-1', 1, 'available', 2);
export const table2 = table('table-2', 2, 'booked');
export const table4 = table('table-4', 4, 'available');

/** The server's answer: its own prices (here Phở costs more than the menu the POS saw) and totals. */
export const placedOrder: Order = {
  _id: 'order-1',
  orderNo: 1042,
  status: 'in_progress',
  source: 'pos',
  customerDetails: { name: 'Chị Lan', phone: '', guests: 3 },
  customerId: null,
  table: { _id: table4._id, tableNo: 4 },
  items: [
    {
      itemId: pho._id,
      name: 'Phở bò',
      price: 70_000,
      quantity: 2,
      note: '',
      options: [],
      vatRate: 10,
      stationId: null,
      startedAt: null,
      readyAt: null,
      total: 140_000,
      position: 0,
      roundNo: 1,
      voidedQuantity: 0,
    },
    {
      itemId: traDa._id,
      name: 'Trà đá',
      price: 5_000,
      quantity: 1,
      note: 'ít đá',
      options: [],
      vatRate: 10,
      stationId: null,
      startedAt: null,
      readyAt: null,
      total: 5_000,
      position: 1,
      roundNo: 1,
      voidedQuantity: 0,
    },
  ],
  bills: {
    subtotal: 145_000,
    discount: 0,
    serviceRate: 0,
    serviceCharge: 0,
    taxes: [{ vatRate: 10, taxable: 145_000, tax: 14_500 }],
    serviceVatRate: 10,
    pricesIncludeTax: false,
    tax: 14_500,
    total: 159_500,
  },
  coupon: null,
  rounds: [{ no: 1, status: 'in_progress', source: 'pos', sentAt: stamp.createdAt, sentBy: null }],
  version: 1,
  billParts: [],
  payments: [],
  paid: 0,
  due: 159_500,
  paymentMethod: null,
  paymentStatus: 'unpaid',
  isPreorder: false,
  note: '',
  createdBy: { _id: 'staff-1', name: 'Lê Minh Châu' },
  completedAt: null,
  ...stamp,
};

export function posApi(
  placeOrder: FakeHandler,
  more?: (request: Parameters<FakeHandler>[0]) => FakeResponse | null,
): FakeHandler {
  return (request) => {
    const { method, url } = request;
    const answer = more?.(request);
    if (answer) return answer;
    if (method === 'GET' && url === '/api/category') return ok([noodles, drinks]);
    if (method === 'GET' && url === '/api/item') return ok([pho, bunCha, traDa, bunBo, phoTai]);
    if (method === 'GET' && url === '/api/table') return ok([table1, table2, table4]);
    if (method === 'GET' && url === '/api/settings') {
      return ok({
        restaurantName: 'Quán Test',
        taxRate: 10,
        serviceVatRate: null,
        pricesIncludeTax: false,
        timezone: 'Asia/Ho_Chi_Minh',
        currency: 'VND',
      });
    }
    if (method === 'POST' && url === '/api/order') return placeOrder(request);
    // Every bill printed here is a first copy; the count itself is the server's (bill-prints.test.ts).
    if (method === 'POST' && /^\/api\/order\/[^/]+\/prints$/.test(url)) return ok({ kind: 'bill', copies: 1 });
    return fail(404, 'Not found');
  };
}

export const created = (order: Order) => ({ status: 201, body: { success: true, data: order } });

export function dishButton(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

export function orderPanel() {
  return within(screen.getByRole('complementary', { name: 'Current order' }));
}

export async function setCustomer(user: ReturnType<typeof userEvent.setup>, name: string, guests: string) {
  await user.type(orderPanel().getByLabelText('Guest name'), name);
  const guestsInput = orderPanel().getByLabelText('Guests');
  await user.clear(guestsInput);
  await user.type(guestsInput, guests);
  await user.click(orderPanel().getByRole('button', { name: 'Start order' }));
}

// Whole journeys through the page: on a busy two-core machine they take seconds.
export const journeyTimeout = 30_000;

// A table whose order is open: the POS sends the cart to it as the next round.
export const table5: Table = {
  ...table('table-5', 5, 'booked'),
  currentOrder: { _id: 'order-5', orderNo: 1050, customerName: 'Anh Tuấn', status: 'in_progress' },
};
export const sentAt = '2026-03-01T05:10:00.000Z';
/** Table 5's tab: round 1 served, a diner's round 2 in the kitchen with one Trà đá voided, coupon GIAM10. */
export const openOrder: Order = {
  ...placedOrder,
  _id: 'order-5',
  orderNo: 1050,
  customerDetails: { name: 'Anh Tuấn', phone: '', guests: 4 },
  table: { _id: table5._id, tableNo: 5 },
  items: [
    { ...placedOrder.items[0]!, position: 0, roundNo: 1 },
    { ...placedOrder.items[1]!, note: '', quantity: 3, voidedQuantity: 1, total: 10_000, position: 1, roundNo: 2 },
  ],
  rounds: [
    { no: 1, status: 'served', source: 'pos', sentAt: stamp.createdAt, sentBy: { _id: 'staff-1', name: 'Châu' } },
    { no: 2, status: 'in_progress', source: 'table', sentAt, sentBy: null },
  ],
  // 150.000 − 15.000 (GIAM10), then 10 % tax.
  bills: {
    subtotal: 150_000,
    discount: 15_000,
    serviceRate: 0,
    serviceCharge: 0,
    taxes: [{ vatRate: 10, taxable: 135_000, tax: 13_500 }],
    serviceVatRate: 10,
    pricesIncludeTax: false,
    tax: 13_500,
    total: 148_500,
  },
  coupon: { code: 'GIAM10', discount: 15_000 },
  version: 6,
};
/** The order with one more round of Phở bò, as the server answers it. */
export const withRound = (order: Order, no: number, source: 'pos' | 'table' = 'pos'): Order => ({
  ...order,
  items: [
    ...order.items,
    {
      ...placedOrder.items[0]!,
      quantity: 1,
      total: 70_000,
      position: order.items.length,
      roundNo: no,
    },
  ],
  rounds: [...order.rounds, { no, status: 'in_progress', source, sentAt, sentBy: null }],
  version: order.version + 1,
});

/** A server holding table 5's order; `addRound` answers each POST of a round. */
export function tabApi(addRound: (body: AddRoundBody, current: Order) => FakeResponse & { next?: Order }) {
  let current = openOrder;
  const rounds: { body: AddRoundBody; key: unknown }[] = [];
  const api = installFakeApi(
    posApi(
      () => fail(500, 'A round must not place a new order'),
      ({ method, url, config }) => {
        if (method === 'GET' && url === '/api/table') return ok([table1, table2, table4, table5]);
        if (method === 'GET' && url === '/api/order/order-5') return ok(current);
        if (method === 'POST' && url === '/api/order/order-5/rounds') {
          const body = JSON.parse(config.data as string) as AddRoundBody;
          rounds.push({ body, key: config.headers['Idempotency-Key'] });
          const { next, ...answer } = addRound(body, current);
          if (next) current = next;
          return answer;
        }
        return null;
      },
    ),
  );
  return {
    api,
    rounds,
    /** Another screen changes the order. */
    change: (order: Order) => {
      current = order;
    },
  };
}

export async function pickTable5(user: ReturnType<typeof userEvent.setup>) {
  const openTables = await orderPanel().findByRole('group', { name: 'Tables with an open order' });
  await user.click(within(openTables).getByRole('button', { name: 'Table 5, order #1050' }));
}

/**
 * What every POS test file sets up around its tests: the lazily loaded pages loaded once, a staff member signed
 * in (a test may sign in someone else), and the fake server a test installs (`scene.fakeApi = installFakeApi(…)`)
 * taken down after it.
 */
export function posScene() {
  beforeAll(() => preloadRoutes(routes, '/menu'), 60_000);
  beforeEach(() => storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600)));
  afterEach(() => vi.restoreAllMocks());
  return installedEachTest('fakeApi', (fakeApi: ReturnType<typeof installFakeApi>) => fakeApi.restore());
}
