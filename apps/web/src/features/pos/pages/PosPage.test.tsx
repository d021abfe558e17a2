import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couponDiscount, type Coupon, type ValidateCouponBody } from '@quan/contract/coupon';
import type { CreateCustomerBody } from '@quan/contract/customer';
import type { Category, Item } from '@quan/contract/menu';
import type { DishOptionGroup } from '@quan/contract/options';
import type { AddRoundBody, CreateOrderBody, Order } from '@quan/contract/order';
import type { Reservation } from '@quan/contract/reservations';
import { defaultSettings } from '@quan/contract/settings';
import type { Table } from '@quan/contract/table';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney, formatPriceChange } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, unreachable, type FakeHandler, type FakeResponse } from '../../../test/fake-api';
import { listOutbox, removeFromOutbox } from '../../../lib/outbox';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';
import { makeCustomer } from '../../../test/data/customers';

/** Money as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

function category(_id: string, name: string, sortOrder: number): Category {
  return { _id, name, description: '', color: '#b45309', sortOrder, stationId: null, itemCount: 1, ...stamp };
}

function item(
  _id: string,
  name: string,
  price: number,
  cat: Category,
  {
    isAvailable = true,
    isSoldOut = false,
    optionGroups = [],
  }: Partial<Pick<Item, 'isAvailable' | 'isSoldOut' | 'optionGroups'>> = {},
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
    ...stamp,
  };
}

function table(_id: string, tableNo: number, status: Table['status'], seats = 4): Table {
  return { _id, tableNo, seats, status, currentOrder: null, qrKey: 'secret', ...stamp };
}

const noodles = category('cat-noodles', 'Noodles', 0);
const drinks = category('cat-drinks', 'Drinks', 1);
const pho = item('item-pho', 'Phở bò', 65_000, noodles);
const bunCha = item('item-bun-cha', 'Bún chả', 55_000, noodles, { isAvailable: false });
const traDa = item('item-tra-da', 'Trà đá', 5_000, drinks);
const bunBo = item('item-bun-bo', 'Bún bò Huế', 60_000, noodles, { isSoldOut: true });
const sizeGroup: DishOptionGroup = {
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
const preferencesGroup: DishOptionGroup = {
  _id: 'group-preferences',
  name: 'Preferences',
  minSelected: 0,
  maxSelected: 3,
  options: [
    { _id: 'opt-khong-hanh', name: 'không hành', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-it-banh', name: 'ít bánh', priceDelta: 0, isSoldOut: false },
  ],
};
const phoTai = item('item-pho-tai', 'Phở tái', 65_000, noodles, { optionGroups: [sizeGroup, preferencesGroup] });
const table1 = table('table-1', 1, 'available', 2);
const table2 = table('table-2', 2, 'booked');
const table4 = table('table-4', 4, 'available');

/** The server's answer: its own prices (here Phở costs more than the menu the POS saw) and totals. */
const placedOrder: Order = {
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
      stationId: null,
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
      stationId: null,
      readyAt: null,
      total: 5_000,
      position: 1,
      roundNo: 1,
      voidedQuantity: 0,
    },
  ],
  bills: { subtotal: 145_000, discount: 0, serviceRate: 0, serviceCharge: 0, taxRate: 10, tax: 14_500, total: 159_500 },
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

function posApi(
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
      return ok({ restaurantName: 'Quán Test', taxRate: 10, timezone: 'Asia/Ho_Chi_Minh', currency: 'VND' });
    }
    if (method === 'POST' && url === '/api/order') return placeOrder(request);
    return fail(404, 'Not found');
  };
}

const created = (order: Order) => ({ status: 201, body: { success: true, data: order } });

function dishButton(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

function orderPanel() {
  return within(screen.getByRole('complementary', { name: 'Current order' }));
}

async function setCustomer(user: ReturnType<typeof userEvent.setup>, name: string, guests: string) {
  await user.type(orderPanel().getByLabelText('Guest name'), name);
  const guestsInput = orderPanel().getByLabelText('Guests');
  await user.clear(guestsInput);
  await user.type(guestsInput, guests);
  await user.click(orderPanel().getByRole('button', { name: 'Start order' }));
}

// Whole journeys through the page: on a busy two-core machine they take seconds.
const journeyTimeout = 30_000;

describe('PosPage', () => {
  beforeAll(() => preloadRoutes(routes, '/menu'), 60_000);

  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.restoreAllMocks();
  });

  it(
    'takes an order: dishes, customer, free table, then the server-priced receipt and tickets',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => created(placedOrder)));
      const { store } = renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      expect(dishButton('Bún chả')).toBeDisabled();
      expect(within(dishButton('Bún chả')).getByText('Unavailable')).toBeInTheDocument();

      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Bún chả'));
      await user.click(dishButton('Trà đá'));
      await user.click(orderPanel().getByRole('button', { name: 'Remove one Phở bò' }));
      await user.click(orderPanel().getByRole('button', { name: 'Add a note for Trà đá' }));
      await user.type(orderPanel().getByRole('textbox', { name: 'Note for Trà đá' }), 'ít đá');
      await user.click(orderPanel().getByRole('button', { name: 'Save note' }));

      expect(store.getState().cart.items).toHaveLength(3);
      expect(dishButton('Phở bò')).toHaveTextContent('2 in the order');
      // The estimate at the restaurant's tax rate (10 %): 135.000 + 13.500.
      const bill = orderPanel().getByRole('region', { name: 'Bill' });
      expect(within(bill).getByText('Subtotal').nextSibling).toHaveTextContent(money(135_000));
      expect(within(bill).getByText(/^Tax/).nextSibling).toHaveTextContent(money(13_500));
      expect(within(bill).getByText('Total').nextSibling).toHaveTextContent(money(148_500));
      expect(within(bill).getByText(/Final prices are set by the server/)).toBeInTheDocument();
      expect(orderPanel().getByRole('button', { name: 'Place order' })).toBeDisabled();
      expect(orderPanel().getByText('Set the customer to start the order.')).toBeInTheDocument();

      await setCustomer(user, 'Chị Lan', '3');
      const orderId = store.getState().order.orderId;
      expect(orderId).toMatch(/^\d{13}$/);
      expect(orderPanel().getByText('Chị Lan')).toBeInTheDocument();

      const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
      expect(within(freeTables).queryByRole('button', { name: /^Table 2/ })).not.toBeInTheDocument();
      await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));
      expect(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
      const posts = fakeApi.configs.filter((config) => config.method === 'post');
      expect(posts).toHaveLength(1);
      const body = JSON.parse(posts[0]!.data as string) as CreateOrderBody;
      expect(body).toEqual({
        customerDetails: { name: 'Chị Lan', guests: 3 },
        tableId: table4._id,
        items: [
          { itemId: pho._id, quantity: 2 },
          { itemId: traDa._id, quantity: 1, note: 'ít đá' },
        ],
        isPreorder: false,
      });
      expect(posts[0]!.data).not.toMatch(/price|total/i);
      expect(posts[0]!.headers['Idempotency-Key']).toBe(orderId);

      expect(await screen.findByText('Order #1042 placed.')).toBeInTheDocument();
      expect(store.getState().cart.items).toEqual([]);
      expect(store.getState().order).toMatchObject({ orderId, customerName: '', guests: 0, table: null });

      const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));
      expect(receipt.getByText('Quán Test')).toBeInTheDocument();
      expect(receipt.getByText('Subtotal').nextSibling).toHaveTextContent(money(145_000));
      expect(receipt.getByText('Tax (10 %)').nextSibling).toHaveTextContent(money(14_500));
      expect(receipt.getByText('Total').nextSibling).toHaveTextContent(money(159_500));
      expect(receipt.getByText(money(140_000))).toBeInTheDocument();

      const printed: string[] = [];
      vi.spyOn(window, 'print').mockImplementation(() => {
        printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
      });
      await user.click(screen.getByRole('button', { name: 'Print kitchen ticket' }));
      await waitFor(() => expect(printed).toHaveLength(1));
      expect(printed[0]).toContain('KITCHEN · #1042');
      expect(printed[0]).toContain('Table 4');
      expect(printed[0]).toContain('2 × Phở bò');
      expect(printed[0]).not.toContain('₫');
      act(() => {
        window.dispatchEvent(new Event('afterprint'));
      });
      expect(document.querySelector('.print-sheet')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Print receipt' }));
      await waitFor(() => expect(printed).toHaveLength(2));
      expect(printed[1]).toContain('Receipt · Order #1042');
      expect(printed[1]).toContain(formatMoney(159_500));

      await user.click(screen.getByRole('button', { name: 'New order' }));
      expect(await screen.findByRole('button', { name: 'Start order' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'speaks Vietnamese: the menu, the order panel, the placed order, its receipt and kitchen ticket',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => created(placedOrder)));
      renderRoutes(routes, { path: '/menu' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Thực đơn' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toMatch(/^Thực đơn/));
      const tabs = screen.getByRole('tablist', { name: 'Danh mục' });
      expect(within(tabs).getByRole('tab', { name: 'Tất cả' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('searchbox', { name: 'Tìm món' })).toBeInTheDocument();
      expect(
        within(await screen.findByRole('button', { name: /^Bún chả/ })).getByText('Tạm ngưng'),
      ).toBeInTheDocument();
      expect(within(dishButton('Bún bò Huế')).getByText('Hết món')).toBeInTheDocument();

      const panel = within(screen.getByRole('complementary', { name: 'Đơn hiện tại' }));
      expect(panel.getByText('Chưa có món nào. Chạm vào món để thêm.')).toBeInTheDocument();
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      expect(dishButton('Phở bò')).toHaveTextContent('2 trong đơn');
      expect(panel.getByRole('list', { name: 'Các món trong đơn' })).toBeInTheDocument();
      expect(panel.getByRole('region', { name: 'Món (2)' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /^Xem đơn · 2 món/ })).toBeInTheDocument();

      const bill = within(panel.getByRole('region', { name: 'Hóa đơn' }));
      expect(bill.getByText('Tạm tính').nextSibling).toHaveTextContent(money(130_000));
      expect(bill.getByText('Giảm giá').nextSibling).toHaveTextContent(money(0));
      expect(bill.getByText('Thuế (10 %)').nextSibling).toHaveTextContent(money(13_000));
      expect(bill.getByText('Tổng cộng').nextSibling).toHaveTextContent(money(143_000));
      expect(panel.getByRole('button', { name: 'Tạo đơn' })).toBeDisabled();
      expect(panel.getByText('Nhập thông tin khách để bắt đầu đơn.')).toBeInTheDocument();
      expect(panel.getByPlaceholderText('Thành viên: số điện thoại hoặc tên')).toBeInTheDocument();
      expect(panel.getByRole('textbox', { name: 'Mã giảm giá' })).toBeInTheDocument();
      expect(panel.getByRole('textbox', { name: 'Ghi chú cho đơn (không bắt buộc)' })).toBeInTheDocument();

      const customer = within(panel.getByRole('form', { name: 'Khách hàng' }));
      await user.type(customer.getByRole('textbox', { name: 'Tên khách' }), 'Chị Lan');
      const guests = customer.getByRole('spinbutton', { name: 'Số khách' });
      await user.clear(guests);
      await user.type(guests, '3');
      await user.click(customer.getByRole('button', { name: 'Bắt đầu đơn' }));
      expect(panel.getByText('3 khách')).toBeInTheDocument();
      expect(panel.getByRole('button', { name: 'Bỏ khách hàng' })).toBeInTheDocument();

      const freeTables = within(panel.getByRole('group', { name: 'Bàn trống' }));
      await user.click(freeTables.getByRole('button', { name: 'Bàn 1, 2 chỗ' }));
      expect(panel.getByText('Bàn 1 có 2 chỗ, đơn này có 3 khách.')).toBeInTheDocument();
      await user.click(freeTables.getByRole('button', { name: 'Bàn 4, 4 chỗ' }));
      await user.click(panel.getByRole('button', { name: 'Tạo đơn' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Đã tạo đơn #1042' })).toBeInTheDocument();
      expect(await screen.findByText('Đã tạo đơn #1042.')).toBeInTheDocument();
      expect(screen.getByText(/^Bàn 4 · Chị Lan · tổng cộng/)).toHaveTextContent('Bếp đã nhận đơn.');
      const receipt = within(screen.getByRole('article', { name: 'Hóa đơn của đơn số 1042' }));
      expect(receipt.getByText('Hóa đơn · Đơn #1042')).toBeInTheDocument();
      expect(receipt.getByText(/^Bàn 4 · 3 khách/)).toHaveTextContent('Khách: Chị Lan');
      expect(receipt.getByText('Tạm tính').nextSibling).toHaveTextContent(money(145_000));
      expect(receipt.getByText('Thuế (10 %)').nextSibling).toHaveTextContent(money(14_500));
      expect(receipt.getByText('Tổng cộng').nextSibling).toHaveTextContent(money(159_500));
      expect(receipt.getByText('Chưa thanh toán')).toBeInTheDocument();
      expect(receipt.getByText('Nhân viên phục vụ: Lê Minh Châu')).toBeInTheDocument();
      const ticket = within(screen.getByRole('article', { name: 'Phiếu bếp của đơn số 1042' }));
      expect(ticket.getByText('BẾP · #1042')).toBeInTheDocument();
      expect(ticket.getByText('Bàn 4')).toBeInTheDocument();
      expect(ticket.getByText('Chị Lan · 3 khách')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'In hóa đơn' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'In phiếu bếp' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Đơn mới' }));
      expect(await screen.findByRole('button', { name: 'Bắt đầu đơn' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'keeps the cart after a refusal and retries with the same Idempotency-Key',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      let attempts = 0;
      fakeApi = installFakeApi(
        posApi(() => {
          attempts += 1;
          return attempts === 1 ? fail(409, 'Table 4 already has an open order') : created(placedOrder);
        }),
      );
      const { store } = renderRoutes(routes, { path: '/menu' });

      await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
      await setCustomer(user, 'Chị Lan', '3');
      await user.click(orderPanel().getByRole('button', { name: 'Table 4, 4 seats' }));
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await orderPanel().findByRole('alert')).toHaveTextContent('Table 4 already has an open order');
      expect(store.getState().cart.items).toHaveLength(1);
      expect(store.getState().order.customerName).toBe('Chị Lan');
      expect(orderPanel().getByRole('list', { name: 'Dishes in this order' })).toHaveTextContent(
        `1 × ${money(65_000)}`,
      );
      // A 409 is the server's answer, not a failure to retry on its own.
      expect(attempts).toBe(1);

      await user.click(orderPanel().getByRole('button', { name: 'No table' }));
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
      const keys = fakeApi.configs
        .filter((config) => config.method === 'post')
        .map((config) => config.headers['Idempotency-Key'] as string);
      expect(keys).toEqual([store.getState().order.orderId, store.getState().order.orderId]);
      const bodies = fakeApi.configs
        .filter((config) => config.method === 'post')
        .map((config) => JSON.parse(config.data as string) as CreateOrderBody);
      expect(bodies[0]?.tableId).toBe(table4._id);
      expect(bodies[1]?.tableId).toBeUndefined();
    },
    journeyTimeout,
  );

  it('points a manager to menu management, where dishes are changed', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
    renderRoutes(routes, { path: '/menu' });

    expect(await screen.findByRole('link', { name: 'Manage the menu' })).toHaveAttribute('href', '/menu-management');
  });

  it.each([
    { warnMinutes: 60, warns: true },
    { warnMinutes: 30, warns: false },
  ])(
    'warns about seating walk-ins at a table booked in 45 minutes when the warning is $warnMinutes minutes',
    async ({ warnMinutes, warns }) => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const startsAt = new Date(Date.now() + 45 * 60_000).toISOString();
      const booking: Reservation = {
        _id: 'reservation-1',
        status: 'booked',
        source: 'phone',
        name: 'Anh Tùng',
        phone: '',
        customerId: null,
        partySize: 4,
        startsAt,
        durationMinutes: 90,
        endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
        tables: [{ _id: table4._id, tableNo: 4, seats: 4 }],
        note: '',
        preorder: [],
        preorderTotal: 0,
        fireAt: null,
        orderId: null,
        version: 1,
        createdBy: null,
        ...stamp,
      };
      fakeApi = installFakeApi(
        posApi(
          () => fail(500, 'unused'),
          ({ method, url }) => {
            if (method === 'GET' && url === '/api/reservations') return ok([booking]);
            if (method === 'GET' && url === '/api/settings') {
              return ok({ ...defaultSettings, reservations: { ...defaultSettings.reservations, warnMinutes } });
            }
            return null;
          },
        ),
      );
      renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      await setCustomer(user, 'Khách vãng lai', '2');
      // The settings and the day's book both arrive before the table is chosen, as they do at the counter.
      await waitFor(() => expect(fakeApi?.requests).toContain('GET /api/reservations'));
      await waitFor(() => expect(fakeApi?.requests).toContain('GET /api/settings'));
      const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
      await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));

      const warning = /^Table 4 is booked at .+ for Anh Tùng \(4\)/;
      if (warns) expect(await orderPanel().findByText(warning)).toBeInTheDocument();
      else await waitFor(() => expect(orderPanel().queryByText(warning)).not.toBeInTheDocument());
    },
    journeyTimeout,
  );

  it(
    'filters dishes by category tab and by a search that ignores accents',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
      renderRoutes(routes, { path: '/menu' });

      const tabs = await screen.findByRole('tablist', { name: 'Categories' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['All', 'Noodles', 'Drinks']);
      expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('link', { name: 'Manage the menu' })).not.toBeInTheDocument();

      await user.click(within(tabs).getByRole('tab', { name: 'Drinks' }));
      expect(within(tabs).getByRole('tab', { name: 'Drinks' })).toHaveAttribute('aria-selected', 'true');
      const panel = within(screen.getByRole('tabpanel', { name: 'Drinks' }));
      expect(panel.getAllByRole('button').map((button) => button.textContent)).toEqual([
        expect.stringMatching(/^Trà đá/),
      ]);

      await user.keyboard('{ArrowLeft}');
      expect(within(tabs).getByRole('tab', { name: 'Noodles' })).toHaveFocus();
      expect(within(tabs).getByRole('tab', { name: 'Noodles' })).toHaveAttribute('aria-selected', 'true');

      await user.click(within(tabs).getByRole('tab', { name: 'All' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search dishes' }), 'TRA DA');
      expect(
        within(screen.getByRole('tabpanel'))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringMatching(/^Trà đá/)]);
    },
    journeyTimeout,
  );

  it(
    'refuses a dish that is sold out, with the reason on its tile',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
      const { store } = renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      expect(dishButton('Bún bò Huế')).toBeDisabled();
      expect(within(dishButton('Bún bò Huế')).getByText('Sold out')).toBeInTheDocument();
      expect(within(dishButton('Phở bò')).queryByText('Sold out')).not.toBeInTheDocument();

      await user.click(dishButton('Bún bò Huế'));
      expect(store.getState().cart.items).toEqual([]);
      await user.click(dishButton('Phở bò'));
      expect(store.getState().cart.items.map((entry) => entry.name)).toEqual(['Phở bò']);
    },
    journeyTimeout,
  );

  describe('dishes with options', () => {
    const large = { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };
    const noOnion = { optionId: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 };
    /** The server's answer: the large phở without onions priced with its option, and a plain Phở bò. */
    const placedWithOptions: Order = {
      ...placedOrder,
      items: [
        {
          ...placedOrder.items[0]!,
          itemId: phoTai._id,
          name: 'Phở tái',
          price: 75_000,
          quantity: 2,
          total: 150_000,
          options: [large, noOnion],
        },
        { ...placedOrder.items[0]!, price: 65_000, quantity: 1, total: 65_000, position: 1 },
      ],
      bills: {
        subtotal: 275_000,
        discount: 0,
        serviceRate: 0,
        serviceCharge: 0,
        taxRate: 10,
        tax: 27_500,
        total: 302_500,
      },
    };

    async function chooseOptions(user: ReturnType<typeof userEvent.setup>, size: RegExp, preferences: string[]) {
      await user.click(dishButton('Phở tái'));
      const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await user.click(sheet.getByRole('radio', { name: size }));
      for (const preference of preferences) await user.click(sheet.getByRole('checkbox', { name: preference }));
      return sheet;
    }

    it(
      'opens the sheet for a dish with options, keeps other choices apart and sends the option ids',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        fakeApi = installFakeApi(posApi(() => created(placedWithOptions)));
        const { store } = renderRoutes(routes, { path: '/menu' });

        await screen.findByRole('button', { name: /^Phở tái/ });
        expect(dishButton('Phở tái')).toHaveAttribute('aria-haspopup', 'dialog');
        expect(dishButton('Phở tái')).toHaveTextContent('Size · Preferences');
        const requestsBefore = fakeApi.requests.length;

        await user.click(dishButton('Phở tái'));
        const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
        // Everything came with the menu: the sheet asks the server nothing.
        expect(fakeApi.requests).toHaveLength(requestsBefore);
        expect(store.getState().cart.items).toEqual([]);
        // What is missing is on the disabled button, not an error.
        expect(sheet.getByRole('button', { name: 'Choose a size' })).toBeDisabled();
        expect(sheet.queryByText(/Phở tái: choose/)).not.toBeInTheDocument();
        expect(sheet.getByRole('radio', { name: /^Đặc biệt/ })).toBeDisabled();

        await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
        await user.click(sheet.getByRole('checkbox', { name: 'không hành' }));
        await user.click(sheet.getByRole('button', { name: 'One more' }));
        expect(sheet.getByRole('button', { name: /^Add ·/ })).toHaveTextContent(money(150_000));
        await user.click(sheet.getByRole('button', { name: /^Add ·/ }));

        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(store.getState().cart.items).toHaveLength(2);
        // The same choice again joins its line; another size makes a line of its own.
        await user.click((await chooseOptions(user, /^Lớn/, ['không hành'])).getByRole('button', { name: /^Add ·/ }));
        await user.click((await chooseOptions(user, /^Nhỏ/, [])).getByRole('button', { name: /^Add · 60\.000\s₫$/ }));
        // A dish without options still adds with one tap.
        await user.click(dishButton('Phở bò'));
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

        const cart = within(orderPanel().getByRole('list', { name: 'Dishes in this order' }));
        expect(
          cart.getAllByRole('listitem').map((line) => line.querySelector('p')?.parentElement?.textContent),
        ).toEqual([
          // Each option with its price change: what makes the portion dearer or cheaper than the menu's price.
          `Phở táiLớn ${formatPriceChange(10_000)} · không hành3 × ${formatMoney(75_000)}`,
          `Phở táiNhỏ ${formatPriceChange(-5_000)}1 × ${formatMoney(60_000)}`,
          `Phở bò1 × ${formatMoney(65_000)}`,
        ]);
        await user.click(cart.getByRole('button', { name: 'Remove one Phở tái (Lớn · không hành)' }));
        expect(dishButton('Phở tái')).toHaveTextContent('3 in the order');
        // 2 × 75.000 + 60.000 + 65.000.
        const bill = orderPanel().getByRole('region', { name: 'Bill' });
        expect(within(bill).getByText('Subtotal').nextSibling).toHaveTextContent(money(275_000));

        await setCustomer(user, 'Chị Lan', '3');
        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        const post = fakeApi.configs.find((config) => config.method === 'post');
        expect((JSON.parse(post!.data as string) as CreateOrderBody).items).toEqual([
          { itemId: phoTai._id, quantity: 2, options: ['opt-lon', 'opt-khong-hanh'] },
          { itemId: phoTai._id, quantity: 1, options: ['opt-nho'] },
          { itemId: pho._id, quantity: 1 },
        ]);
        expect(post!.data).not.toMatch(/price|total/i);

        // The receipt shows the options under the dish, with what each added to the price.
        const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));
        const [phoLine] = receipt.getAllByRole('listitem');
        expect(phoLine).toHaveTextContent(/^2 × Phở táiLớn\+10\.000\s₫không hành/);
        const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));
        expect(ticket.getAllByRole('listitem')[0]).toHaveTextContent('2 × Phở táiLớn · không hành');
      },
      journeyTimeout,
    );
  });

  describe('loyalty members and coupons', () => {
    const lan = makeCustomer(1, {
      name: 'Chị Lan',
      phone: '0901234567',
      membershipLevel: 'gold',
      loyaltyPoints: 1_250,
    });
    const giam10: Coupon = {
      _id: '0190a1b2-c3d4-7e5f-8a9b-00000000c010',
      code: 'GIAM10',
      description: '',
      discountType: 'percent',
      discountValue: 10,
      minOrderValue: 0,
      maxDiscount: null,
      startDate: null,
      endDate: null,
      usageLimit: null,
      usedCount: 0,
      isActive: true,
      spinWeight: 0,
      customerId: null,
      ...stamp,
    };

    /** The POS's server with members (Lan), the GIAM10 coupon and a used-up HETLUOT; it records what it was sent. */
    function loyaltyApi() {
      const searches: unknown[] = [];
      const validations: ValidateCouponBody[] = [];
      const orders: CreateOrderBody[] = [];
      const signUps: CreateCustomerBody[] = [];
      const api = installFakeApi(
        posApi(
          ({ config }) => {
            orders.push(JSON.parse(config.data as string) as CreateOrderBody);
            return created({ ...placedOrder, customerId: orders.at(-1)?.customerId ?? null });
          },
          ({ method, url, config }) => {
            if (method === 'GET' && url === '/api/customers') {
              const params = config.params as { search: string };
              searches.push(params);
              return ok('0901234567'.startsWith(params.search) || /lan/i.test(params.search) ? [lan] : []);
            }
            if (method === 'POST' && url === '/api/customers') {
              const body = JSON.parse(config.data as string) as CreateCustomerBody;
              signUps.push(body);
              if (body.phone === lan.phone) return fail(409, 'A customer with phone 0901234567 already exists');
              return { status: 201, body: { success: true, data: makeCustomer(7, body) } };
            }
            if (method === 'POST' && url === '/api/coupons/validate') {
              const body = JSON.parse(config.data as string) as ValidateCouponBody;
              validations.push(body);
              if (body.code === 'HETLUOT') return fail(409, 'Coupon HETLUOT has been used up');
              if (body.code !== 'GIAM10') return fail(409, `There is no coupon ${body.code}`);
              return ok({ coupon: giam10, discount: couponDiscount(giam10, body.subtotal) });
            }
            return null;
          },
        ),
      );
      return { api, searches, validations, orders, signUps };
    }

    function bill() {
      return within(orderPanel().getByRole('region', { name: 'Bill' }));
    }

    it(
      'attaches a member found by phone, shows the points the order earns and sends customerId and the checked coupon',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const server = loyaltyApi();
        fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.click(dishButton('Phở bò'));
        await user.click(dishButton('Trà đá'));

        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), '0901');
        await user.click(await orderPanel().findByRole('button', { name: /^Chị Lan/ }));
        // One search once typing paused, not one per digit.
        expect(server.searches).toEqual([{ search: '0901', limit: 5 }]);
        const member = within(orderPanel().getByRole('group', { name: 'Loyalty member' }));
        expect(member.getByText('Chị Lan')).toBeInTheDocument();
        expect(member.getByText('Gold · 1.250 points')).toBeInTheDocument();
        // The member's name and phone are the guest's.
        expect(orderPanel().getByLabelText('Guest name')).toHaveValue('Chị Lan');
        expect(orderPanel().getByLabelText('Phone (optional)')).toHaveValue('0901234567');
        await user.clear(orderPanel().getByLabelText('Guests'));
        await user.type(orderPanel().getByLabelText('Guests'), '3');
        await user.click(orderPanel().getByRole('button', { name: 'Start order' }));
        expect(store.getState().order).toMatchObject({
          customerName: 'Chị Lan',
          customerPhone: '0901234567',
          guests: 3,
          member: { _id: lan._id, membershipLevel: 'gold', loyaltyPoints: 1_250 },
        });

        // 135.000 + 10 % tax = 148.500; gold earns 1.5 points per 10.000 ₫: 22.
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(148_500));
        expect(bill().getByText('Points to earn').nextSibling).toHaveTextContent('+22');
        expect(bill().getByText(/Chị Lan gets the points when the order is completed/)).toBeInTheDocument();

        await user.type(orderPanel().getByLabelText('Coupon code'), 'giam10');
        expect(await orderPanel().findByText(`GIAM10: 10% off, −${money(13_500)} on this order`)).toBeInTheDocument();
        expect(server.validations).toEqual([{ code: 'GIAM10', subtotal: 135_000, customerId: lan._id }]);
        // Tax on what is left after the discount, like the server: 121.500 + 12.150.
        expect(bill().getByText('Discount (GIAM10)').nextSibling).toHaveTextContent(`−${money(13_500)}`);
        expect(bill().getByText(/^Tax/).nextSibling).toHaveTextContent(money(12_150));
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(133_650));
        expect(bill().getByText('Points to earn').nextSibling).toHaveTextContent('+20');

        // A new subtotal is checked again.
        await user.click(dishButton('Trà đá'));
        expect(await orderPanel().findByText(`GIAM10: 10% off, −${money(14_000)} on this order`)).toBeInTheDocument();
        expect(server.validations.at(-1)).toEqual({ code: 'GIAM10', subtotal: 140_000, customerId: lan._id });

        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        expect(server.orders).toEqual([
          {
            customerDetails: { name: 'Chị Lan', phone: '0901234567', guests: 3 },
            customerId: lan._id,
            items: [
              { itemId: pho._id, quantity: 2 },
              { itemId: traDa._id, quantity: 2 },
            ],
            couponCode: 'GIAM10',
            isPreorder: false,
          },
        ]);
        expect(store.getState().order.member).toBeNull();
      },
      journeyTimeout,
    );

    it(
      'shows why a coupon is refused and places the order without it',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const server = loyaltyApi();
        fakeApi = server.api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await setCustomer(user, 'Anh Minh', '2');
        await user.type(orderPanel().getByLabelText('Coupon code'), 'HETLUOT');

        expect(await orderPanel().findByText('Coupon HETLUOT has been used up')).toBeInTheDocument();
        expect(orderPanel().getByLabelText('Coupon code')).toHaveAccessibleDescription(
          'Coupon HETLUOT has been used up',
        );
        // No member: the check is for a walk-in guest.
        expect(server.validations).toEqual([{ code: 'HETLUOT', subtotal: 65_000 }]);
        expect(bill().getByText('Discount').nextSibling).toHaveTextContent(money(0));
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(71_500));
        expect(bill().queryByText('Points to earn')).not.toBeInTheDocument();

        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        expect(server.orders).toHaveLength(1);
        expect(server.orders[0]).not.toHaveProperty('couponCode');
        expect(server.orders[0]).not.toHaveProperty('customerId');
      },
      journeyTimeout,
    );

    it(
      'signs a guest up as a member from the POS, and attaches a member to an order already started',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const server = loyaltyApi();
        fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), '0901 234 567');
        expect(await orderPanel().findByText('No member matches “0901 234 567”.')).toBeInTheDocument();
        await user.click(orderPanel().getByRole('button', { name: 'New member' }));
        const signUp = within(orderPanel().getByRole('form', { name: 'New member' }));
        expect(signUp.getByLabelText('Member phone')).toHaveValue('0901 234 567');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await signUp.findByText('Enter the customer name')).toBeInTheDocument();

        await user.type(signUp.getByLabelText('Member name'), 'Chú Ba');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await signUp.findByRole('alert')).toHaveTextContent('A customer with phone 0901234567 already exists');

        await user.clear(signUp.getByLabelText('Member phone'));
        await user.type(signUp.getByLabelText('Member phone'), '0987 654 321');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await screen.findByText('Chú Ba is now a member.')).toBeInTheDocument();
        expect(server.signUps).toEqual([
          { name: 'Chú Ba', phone: '0901234567' },
          { name: 'Chú Ba', phone: '0987654321' },
        ]);
        const member = within(orderPanel().getByRole('group', { name: 'Loyalty member' }));
        expect(member.getByText('Bronze · 0 points')).toBeInTheDocument();
        await user.click(member.getByRole('button', { name: 'Remove member' }));
        expect(orderPanel().queryByRole('group', { name: 'Loyalty member' })).not.toBeInTheDocument();

        // Started for a walk-in guest; the member is found afterwards.
        await setCustomer(user, 'Khách', '2');
        const firstOrderId = store.getState().order.orderId;
        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), 'lan');
        await user.click(await orderPanel().findByRole('button', { name: /^Chị Lan/ }));
        expect(store.getState().order).toMatchObject({
          customerName: 'Chị Lan',
          customerPhone: '0901234567',
          guests: 2,
          member: { _id: lan._id },
        });
        // Fixed product behaviour: setting the customer makes a new orderId.
        expect(store.getState().order.orderId).not.toBe(firstOrderId);
        expect(bill().getByText('Points to earn')).toBeInTheDocument();

        await user.click(
          within(orderPanel().getByRole('group', { name: 'Loyalty member' })).getByRole('button', {
            name: 'Remove member',
          }),
        );
        expect(store.getState().order).toMatchObject({ customerName: 'Chị Lan', guests: 2, member: null });
        expect(bill().queryByText('Points to earn')).not.toBeInTheDocument();
      },
      journeyTimeout,
    );
  });

  describe("another round for a table's open order", () => {
    const table5: Table = {
      ...table('table-5', 5, 'booked'),
      currentOrder: { _id: 'order-5', orderNo: 1050, customerName: 'Anh Tuấn', status: 'in_progress' },
    };
    const sentAt = '2026-03-01T05:10:00.000Z';
    /** Table 5's tab: round 1 served, a diner's round 2 in the kitchen with one Trà đá voided, coupon GIAM10. */
    const openOrder: Order = {
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
        taxRate: 10,
        tax: 13_500,
        total: 148_500,
      },
      coupon: { code: 'GIAM10', discount: 15_000 },
      version: 6,
    };
    /** The order with one more round of Phở bò, as the server answers it. */
    const withRound = (order: Order, no: number, source: 'pos' | 'table' = 'pos'): Order => ({
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
    function tabApi(addRound: (body: AddRoundBody, current: Order) => FakeResponse & { next?: Order }) {
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

    async function pickTable5(user: ReturnType<typeof userEvent.setup>) {
      const openTables = await orderPanel().findByRole('group', { name: 'Tables with an open order' });
      await user.click(within(openTables).getByRole('button', { name: 'Table 5, order #1050' }));
    }

    it(
      "offline, keeps the round for the table's order on the tablet, with the order's version, and sends it once",
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const tab = tabApi((_body, current) => {
          const next = withRound(current, 3);
          return { ...created(next), next };
        });
        fakeApi = tab.api;
        renderRoutes(routes, { path: '/menu' });
        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await pickTable5(user);
        await orderPanel().findByText(/Table 5 · order #1050 is open/);

        act(() => onlineManager.setOnline(false));
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(
          await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
        ).toBeInTheDocument();
        expect(tab.rounds).toEqual([]);
        const [kept] = await listOutbox();
        expect(kept).toMatchObject({
          kind: 'round',
          cart: { orderNo: 1050, table: { tableNo: 5 } },
          request: { method: 'POST', url: '/api/order/order-5/rounds', body: { expectedVersion: 6 } },
        });

        act(() => onlineManager.setOnline(true));
        act(() => {
          window.dispatchEvent(new Event('online'));
        });
        expect(await screen.findByText('Order #1050 arrived from this tablet')).toBeInTheDocument();
        expect(tab.rounds).toEqual([
          {
            body: { items: [{ itemId: pho._id, quantity: 1 }], expectedVersion: 6 },
            key: kept!.request.idempotencyKey,
          },
        ]);
        await removeFromOutbox(kept!.id);
      },
      journeyTimeout,
    );

    it(
      'speaks Vietnamese for a round: the rounds so far, the bill with the new dishes, "Gửi bếp"',
      async () => {
        await activateLanguage('vi', 'staff');
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        fakeApi = tabApi((_body, current) => {
          const next = withRound(current, 3);
          return { ...created(next), next };
        }).api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        const panel = within(screen.getByRole('complementary', { name: 'Đơn hiện tại' }));
        const openTables = await panel.findByRole('group', { name: 'Bàn đang có đơn' });
        await user.click(within(openTables).getByRole('button', { name: 'Bàn 5, đơn #1050' }));

        expect(
          await panel.findByText('Bàn 5 · đơn #1050 đang mở — các món này sẽ vào đơn ở lượt gọi 3.'),
        ).toBeInTheDocument();
        const rounds = panel.getByRole('list', { name: 'Các lượt gọi của đơn #1050' });
        expect(
          within(rounds)
            .getAllByRole('listitem')
            .map((round) => round.textContent),
        ).toEqual(['Lượt 1Đã phục vụ2 × Phở bò', 'Lượt 2 · khách gọi tại bànBếp đang làm2 × Trà đá']);
        expect(panel.getByText(/^Không cần nhập thông tin khách/)).toBeInTheDocument();
        expect(panel.getByRole('region', { name: 'Các món đã gọi của đơn #1050' })).toBeInTheDocument();
        expect(panel.getByRole('region', { name: 'Lượt gọi mới (1)' })).toBeInTheDocument();

        const bill = within(panel.getByRole('region', { name: 'Hóa đơn' }));
        expect(bill.getByText('Đã gọi').nextSibling).toHaveTextContent(money(150_000));
        expect(bill.getByText('Món mới').nextSibling).toHaveTextContent(money(65_000));
        expect(bill.getByText('Giảm giá (GIAM10)').nextSibling).toHaveTextContent(`−${money(15_000)}`);
        expect(bill.getByText(/Mã GIAM10 sẽ được kiểm tra lại khi gửi/)).toBeInTheDocument();

        await user.click(panel.getByRole('button', { name: 'Gửi bếp' }));
        expect(await screen.findByText('Đã gửi lượt gọi 3 của đơn #1050 xuống bếp')).toBeInTheDocument();
      },
      journeyTimeout,
    );

    it(
      'shows what the table already has, the bill so far with the new dishes, and "Send to kitchen"',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        fakeApi = tabApi(() => fail(500, 'unused')).api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        expect(
          within(orderPanel().getByRole('group', { name: 'Free tables' })).queryByRole('button', { name: /^Table 5/ }),
        ).not.toBeInTheDocument();
        await pickTable5(user);

        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 3.'),
        ).toBeInTheDocument();
        const rounds = orderPanel().getByRole('list', { name: 'Rounds of order #1050' });
        expect(
          within(rounds)
            .getAllByRole('listitem')
            .map((round) => round.textContent),
        ).toEqual(['Round 1Served2 × Phở bò', 'Round 2 · from the tableIn the kitchen2 × Trà đá']);
        // The order says who it is for: no guest form, no coupon or note of its own.
        expect(orderPanel().getByText('Anh Tuấn')).toBeInTheDocument();
        expect(orderPanel().getByText(/No guest details are needed/)).toBeInTheDocument();
        expect(orderPanel().queryByLabelText('Guest name')).not.toBeInTheDocument();
        expect(orderPanel().queryByLabelText('Coupon code')).not.toBeInTheDocument();

        // 150.000 so far + 65.000 new = 215.000; the coupon's 15.000 off for now; 10 % tax on 200.000.
        const bill = within(orderPanel().getByRole('region', { name: 'Bill' }));
        expect(bill.getByText('Ordered so far').nextSibling).toHaveTextContent(money(150_000));
        expect(bill.getByText('New dishes').nextSibling).toHaveTextContent(money(65_000));
        expect(bill.getByText('Subtotal').nextSibling).toHaveTextContent(money(215_000));
        expect(bill.getByText('Discount (GIAM10)').nextSibling).toHaveTextContent(`−${money(15_000)}`);
        expect(bill.getByText('Tax (10 %)').nextSibling).toHaveTextContent(money(20_000));
        expect(bill.getByText('Total').nextSibling).toHaveTextContent(money(220_000));
        expect(bill.getByText(/Coupon GIAM10 re-checked when sent/)).toBeInTheDocument();

        expect(orderPanel().queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
        expect(orderPanel().getByRole('button', { name: 'Send to kitchen' })).toBeEnabled();

        // Back to a free table: the POS takes a new order again.
        await user.click(orderPanel().getByRole('button', { name: 'Table 4, 4 seats' }));
        expect(orderPanel().getByRole('button', { name: 'Place order' })).toBeInTheDocument();
        expect(orderPanel().getByLabelText('Guest name')).toBeInTheDocument();
      },
      journeyTimeout,
    );

    it(
      "sends only the cart's dishes as the next round, with an Idempotency-Key and the order's version, and keeps the table",
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const server = tabApi((body, current) => {
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.click(dishButton('Trà đá'));
        await user.click(orderPanel().getByRole('button', { name: 'Add a note for Trà đá' }));
        await user.type(orderPanel().getByRole('textbox', { name: 'Note for Trà đá' }), 'ít đá');
        await user.click(orderPanel().getByRole('button', { name: 'Save note' }));
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await screen.findByText('Round 3 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds).toHaveLength(1);
        expect(server.rounds[0]?.body).toEqual({
          items: [
            { itemId: pho._id, quantity: 1 },
            { itemId: traDa._id, quantity: 1, note: 'ít đá' },
          ],
          expectedVersion: 6,
        });
        expect(server.rounds[0]?.key).toMatch(/^round:order-5:/);
        expect(fakeApi.requests).not.toContain('POST /api/order');
        expect(store.getState().cart.items).toEqual([]);
        // The table stays chosen, ready for the round after.
        expect(store.getState().order.table).toEqual({ _id: table5._id, tableNo: 5 });
        expect(orderPanel().getByRole('button', { name: 'Table 5, order #1050' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 4.'),
        ).toBeInTheDocument();
        expect(
          within(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).getAllByRole('listitem'),
        ).toHaveLength(3);

        // The next round is another round: a new key, from the new version.
        await user.click(dishButton('Phở bò'));
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(await screen.findByText('Round 4 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds[1]?.body).toEqual({ items: [{ itemId: pho._id, quantity: 1 }], expectedVersion: 7 });
        expect(server.rounds[1]?.key).toMatch(/^round:order-5:/);
        expect(server.rounds[1]?.key).not.toBe(server.rounds[0]?.key);
      },
      journeyTimeout,
    );

    it(
      'sends a dish with options as the next round, and shows the options of what the table already has',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const server = tabApi((body, current) => {
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        const large = { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };
        server.change({ ...openOrder, items: [{ ...openOrder.items[0]!, options: [large] }, openOrder.items[1]!] });
        fakeApi = server.api;
        renderRoutes(routes, { path: '/menu' });

        await screen.findByRole('button', { name: /^Phở tái/ });
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        expect(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).toHaveTextContent('2 × Phở bò: Lớn');

        await user.click(dishButton('Phở tái'));
        const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
        await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
        await user.click(sheet.getByRole('checkbox', { name: 'ít bánh' }));
        await user.click(sheet.getByRole('button', { name: /^Add ·/ }));
        expect(orderPanel().getByRole('region', { name: 'Bill' })).toHaveTextContent(`New dishes${money(75_000)}`);
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await screen.findByText('Round 3 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds[0]?.body).toEqual({
          items: [{ itemId: phoTai._id, quantity: 1, options: ['opt-lon', 'opt-it-banh'] }],
          expectedVersion: 6,
        });
      },
      journeyTimeout,
    );

    it(
      'shows the refusal of a stale version, loads the order again and keeps the cart for another try',
      async () => {
        const user = userEvent.setup();
        storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
        const stale = 'Order 1050 was changed on another screen since you opened it; its latest state is shown now';
        const server = tabApi((body, current) => {
          if (body.expectedVersion !== current.version) return fail(409, stale);
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        // A diner at table 5 orders round 3 meanwhile.
        server.change(withRound(openOrder, 3, 'table'));
        const loads = () => fakeApi!.requests.filter((request) => request === 'GET /api/order/order-5').length;
        expect(loads()).toBe(1);

        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await orderPanel().findByRole('alert')).toHaveTextContent(stale);
        expect(screen.getAllByText(stale)).toHaveLength(2);
        expect(store.getState().cart.items).toHaveLength(1);
        expect(orderPanel().getByRole('list', { name: 'Dishes in this order' })).toHaveTextContent(
          `1 × ${money(65_000)}`,
        );
        // The order as it now stands, with the diner's round.
        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 4.'),
        ).toBeInTheDocument();
        expect(loads()).toBe(2);
        expect(
          within(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).getAllByRole('listitem'),
        ).toHaveLength(3);

        // Nothing was sent, so the retry is the same round (same key) against the new version.
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(await screen.findByText('Round 4 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds.map((round) => round.body.expectedVersion)).toEqual([6, 7]);
        expect(server.rounds[1]?.key).toBe(server.rounds[0]?.key);
        expect(store.getState().cart.items).toEqual([]);
      },
      journeyTimeout,
    );
  });
});

describe('PosPage without a connection', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(async () => {
    fakeApi?.restore();
    onlineManager.setOnline(true);
    for (const entry of await listOutbox()) await removeFromOutbox(entry.id);
  });

  async function takeOrder(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
    await user.click(dishButton('Trà đá'));
    await setCustomer(user, 'Chị Lan', '3');
    const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
    await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));
  }

  it(
    'keeps an order the server did not answer on the tablet, then sends it once with its key when the server is back',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      let serverUp = false;
      fakeApi = installFakeApi(posApi(() => (serverUp ? created(placedOrder) : unreachable)));
      const { store } = renderRoutes(routes, { path: '/menu' });
      await takeOrder(user);
      const orderId = store.getState().order.orderId;

      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
      expect(
        await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
      ).toBeInTheDocument();
      // The screen is ready for the next guest; the header counts what waits (read back from IndexedDB, a moment later).
      expect(store.getState().cart.items).toEqual([]);
      expect(
        await screen.findByRole('button', { name: 'Saved on this tablet: 1 waits to be sent' }),
      ).toBeInTheDocument();
      const [kept] = await listOutbox();
      expect(kept).toMatchObject({ kind: 'order', state: 'waiting', estimate: 77_000 });
      expect(kept!.request).toMatchObject({ method: 'POST', url: '/api/order', idempotencyKey: orderId });

      // The connection is back: the same order goes with the same key, and the server's price is told.
      serverUp = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Order #1042 arrived from this tablet')).toBeInTheDocument();
      expect(
        screen.getByText(`Order #1042: the server's total is ${money(159_500)}, not ${money(77_000)} as shown offline`),
      ).toBeInTheDocument();
      const posts = fakeApi.configs.filter((config) => config.method === 'post');
      expect(new Set(posts.map((config) => config.headers['Idempotency-Key']))).toEqual(new Set([orderId]));
      expect((await listOutbox())[0]).toMatchObject({ state: 'sent', sent: { orderNo: 1042, total: 159_500 } });
      expect(
        screen.getByRole('button', { name: 'Saved on this tablet: nothing waits to be sent' }),
      ).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'offline, keeps the order at once, says that prices are as last known, and a refused one goes back to the cart',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => fail(409, 'Phở bò is sold out')));
      const { store } = renderRoutes(routes, { path: '/menu' });
      await takeOrder(user);

      act(() => onlineManager.setOnline(false));
      expect(screen.getByText(/No connection: orders and rounds are saved on this tablet/)).toHaveTextContent(
        /Prices are the menu's as last known/,
      );
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
      expect(
        await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
      ).toBeInTheDocument();
      expect(fakeApi.configs.filter((config) => config.method === 'post')).toHaveLength(0);

      // Back online, the server refuses it: the reason stays on screen until staff act.
      act(() => onlineManager.setOnline(true));
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText(/Not accepted by the server: Phở bò is sold out/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Saved on this tablet: 1 waits to be sent' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Saved on this tablet' }));
      const entry = within(dialog.getByRole('listitem', { name: 'New order · Table 4' }));
      expect(entry.getByText('Not accepted: Phở bò is sold out')).toBeInTheDocument();
      expect(entry.getByText('1 × Phở bò')).toBeInTheDocument();

      await user.click(entry.getByRole('button', { name: 'Back to the cart' }));
      expect(store.getState().cart.items.map((cartItem) => cartItem.name)).toEqual(['Phở bò', 'Trà đá']);
      expect(store.getState().order).toMatchObject({ customerName: 'Chị Lan', guests: 3, table: { tableNo: 4 } });
      expect(await listOutbox()).toEqual([]);
    },
    journeyTimeout,
  );
});
