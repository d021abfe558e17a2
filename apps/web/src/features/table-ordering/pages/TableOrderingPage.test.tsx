import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import type { PublicMenu, PublicOrder } from '@quan/contract/public';
import { createDinerSocket } from '../../../lib/socket';
import { createFakeDinerSocket } from '../../../test/fake-diner-socket';
import {
  installFakeFetch,
  okData,
  refusal,
  type FakeFetchAnswer,
  type FakeFetchRequest,
} from '../../../test/fake-fetch';
import {
  bunCha,
  makePublicMenu,
  makePublicOrder,
  phoBo,
  phoTai,
  preferencesGroup,
  sizeGroup,
  traDa,
} from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

const tableKey = 'qr-key-of-table-4';
const tablePath = `/table/4?key=${tableKey}`;
const placedOrder = { ...makePublicOrder(), trackingToken: 'tracking-secret' };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The table's order once a second round of two Trà đá joined it (from this phone or another at the table):
 * the first round (Phở bò, Bún chả) and the second each in their own status, one bill for both.
 */
function withSecondRound(second: RoundStatus, first: RoundStatus = 'served'): PublicOrder {
  const order = makePublicOrder();
  const rounds: PublicOrder['rounds'] = [
    { ...order.rounds[0]!, status: first },
    { no: 2, status: second, source: 'table', sentAt: '2026-01-15T05:40:00.000Z' },
  ];
  return {
    ...order,
    status: orderStatusOfRounds(rounds),
    items: [
      ...order.items,
      {
        itemId: traDa._id,
        name: traDa.name,
        price: 5_000,
        quantity: 2,
        note: '',
        options: [],
        stationId: null,
        readyAt: null,
        total: 10_000,
        position: 2,
        roundNo: 2,
        voidedQuantity: 0,
      },
    ],
    rounds,
    bills: {
      subtotal: 195_000,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxRate: 8,
      tax: 15_600,
      total: 210_600,
    },
  };
}

type Handler = (request: FakeFetchRequest) => FakeFetchAnswer;

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  let fake: ReturnType<typeof installFakeFetch>;
  let socket: ReturnType<typeof createFakeDinerSocket>;
  let menu: PublicMenu;

  beforeEach(() => {
    socket = createFakeDinerSocket();
    vi.mocked(createDinerSocket).mockResolvedValue(socket.socket);
    menu = makePublicMenu();
  });
  afterEach(() => {
    fake?.restore();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  function serve({ order, table, publicOrder }: { order?: Handler; table?: Handler; publicOrder?: Handler } = {}) {
    fake = installFakeFetch((request) => {
      if (request.url === '/api/public-menu') return okData(menu);
      if (request.url.startsWith('/api/public/tables/')) return table?.(request) ?? okData({ tableNo: 4, seats: 4 });
      if (request.method === 'POST' && request.url === '/api/order')
        return order?.(request) ?? okData(placedOrder, 201);
      if (request.url.startsWith('/api/public/orders/')) return publicOrder?.(request) ?? okData(makePublicOrder());
      return refusal(404, `No route ${request.url}`);
    });
    return fake;
  }

  const orderPosts = () => fake.requests.filter((request) => request.method === 'POST');
  const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article')!;

  async function openCart() {
    await userEvent.click(screen.getByRole('button', { name: /View your order/ }));
    return screen.getByRole('dialog', { name: 'Your order · Table 4' });
  }

  async function orderOnePho() {
    await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
    const cart = await openCart();
    await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));
  }

  it('asks to scan the QR code when the link has no key, without asking about the table', async () => {
    serve();
    renderPublicRoute('/table/4');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scan the QR code on your table' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/public-menu');
    // Only the menu, which every diner page starts loading with its code.
    expect(fake.calls()).toEqual(['GET /api/public-menu']);
  });

  it('says when there is no such table', async () => {
    serve({ table: () => refusal(404, 'There is no table 99') });
    renderPublicRoute(`/table/99?key=${tableKey}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'There is no table 99' })).toBeInTheDocument();
    expect(fake.calls()).toContain(`GET /api/public/tables/99?key=${tableKey}`);
  });

  it("asks to scan the QR code at once when the key is not the table's, before any dish is chosen", async () => {
    serve({ table: () => refusal(403, 'Scan the QR code on your table to order') });
    renderPublicRoute('/table/4?key=old-code');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scan the QR code on your table' }),
    ).toBeInTheDocument();
    expect(fake.calls()).toContain('GET /api/public/tables/4?key=old-code');
    expect(screen.queryByRole('button', { name: 'Add Phở bò' })).not.toBeInTheDocument();
  });

  it('says so for a table number that cannot exist, without asking', async () => {
    serve();
    renderPublicRoute(`/table/abc?key=${tableKey}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'There is no table abc' })).toBeInTheDocument();
    expect(fake.calls()).toEqual(['GET /api/public-menu']);
  });

  it('adds and removes dishes, then sends dishes and quantities (no prices) with an Idempotency-Key', async () => {
    serve();
    renderPublicRoute(tablePath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove one Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Bún chả' }));

    expect(within(cardOf('Phở bò')).getByText('2')).toBeInTheDocument();
    expect(within(cardOf('Bún chả')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View your order · 3 dishes/ })).toHaveTextContent(/185\.000/);

    const cart = await openCart();
    const lines = within(cart).getByRole('list', { name: 'Dishes in your cart' });
    // Not the name field: a phone's keyboard would cover the cart.
    expect(lines).toHaveFocus();
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      expect.stringMatching(/^Phở bò2 × 65\.000\s₫130\.000\s₫/),
      expect.stringMatching(/^Bún chả1 × 55\.000\s₫55\.000\s₫/),
    ]);
    await userEvent.click(within(cart).getByRole('button', { name: 'Add one more Bún chả' }));
    await userEvent.click(within(cart).getByRole('button', { name: 'Remove one Bún chả' }));
    await userEvent.click(within(cart).getByRole('button', { name: 'Add a note for Bún chả' }));
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Note for Bún chả' }), 'ít cay');
    await userEvent.click(within(cart).getByRole('button', { name: 'Save note' }));
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Your name (optional)' }), 'Chị Lan');
    await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toHaveFocus();
    const [post] = orderPosts();
    expect(post?.body).toEqual({
      tableNo: 4,
      tableKey,
      customerDetails: { name: 'Chị Lan' },
      items: [
        { itemId: phoBo._id, quantity: 2 },
        { itemId: bunCha._id, quantity: 1, note: 'ít cay' },
      ],
    });
    expect(JSON.stringify(post?.body)).not.toMatch(/price|65000|55000/);
    expect(post?.headers['idempotency-key']).toMatch(uuid);
    expect(post?.credentials).toBe('omit');

    // The order is followed from now on; the cart and the sent order are done with.
    expect(JSON.parse(sessionStorage.getItem('tableOrder:4')!)).toEqual({
      orderId: placedOrder._id,
      trackingToken: 'tracking-secret',
      tableNo: 4,
    });
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('tableCart:4')!)).toEqual({ items: [], name: 'Chị Lan' });
    await waitFor(() =>
      expect(socket.emitted).toContainEqual({
        event: 'track-order',
        payload: { orderId: placedOrder._id, token: 'tracking-secret' },
      }),
    );
  });

  it('speaks the phone’s language: a Vietnamese diner adds a dish, opens the cart and orders, all in Vietnamese', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
    serve();
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bàn 4' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('vi');
    await waitFor(() => expect(document.title).toBe('Bàn 4 · Quán'));
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Thêm một phần Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bớt một phần Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: /Xem món đã chọn · 1 món/ }));

    const cart = screen.getByRole('dialog', { name: 'Món đã chọn · Bàn 4' });
    expect(within(cart).getByRole('list', { name: 'Các món đã chọn' })).toHaveTextContent(/^Phở bò1 × 65\.000/);
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Tên của bạn (không bắt buộc)' }), 'Chị Lan');
    await userEvent.click(within(cart).getByRole('button', { name: 'Gọi món' }));

    expect(await screen.findByRole('heading', { name: 'Đơn #1042' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Đã nhận');
    expect(screen.getByRole('list', { name: 'Tiến độ' })).toHaveTextContent('Đang chuẩn bị');
    expect(screen.getByRole('region', { name: 'Lượt 1 · Chờ nhân viên xác nhận' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gọi thêm món' })).toBeInTheDocument();
    expect(orderPosts()[0]?.body).toMatchObject({ customerDetails: { name: 'Chị Lan' }, items: [{ quantity: 1 }] });
  });

  it('keeps the cart when the network is down and resends the same order with the same key, even after a reload', async () => {
    let online = false;
    serve({ order: () => (online ? okData(placedOrder, 201) : 'network-error') });
    const firstVisit = renderPublicRoute(tablePath);

    await orderOnePho();

    // One automatic resend (MUTATION_RETRIES, lib/retry-policy.ts), then the page says so and keeps the dishes.
    expect(await screen.findByRole('heading', { name: 'Your order is not confirmed yet' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');
    expect(orderPosts()).toHaveLength(2);
    const key = orderPosts()[0]?.headers['idempotency-key'];
    expect(key).toMatch(uuid);
    expect(orderPosts()[1]?.headers['idempotency-key']).toBe(key);
    expect(JSON.parse(sessionStorage.getItem('tableOrderPending:4')!)).toMatchObject({ idempotencyKey: key });

    // The phone reloads the page: the unconfirmed order and the cart are still there.
    firstVisit.unmount();
    renderPublicRoute(tablePath);
    expect(await screen.findByRole('heading', { name: 'Your order is not confirmed yet' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(orderPosts()).toHaveLength(3);
    expect(orderPosts()[2]?.headers['idempotency-key']).toBe(key);
    expect(orderPosts()[2]?.body).toEqual(orderPosts()[0]?.body);
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
  });

  it('asks to wait when the table ordered too often, keeping the dishes and the key', async () => {
    serve({ order: () => refusal(429, 'Too many requests', { 'Retry-After': '30' }) });
    renderPublicRoute(tablePath);

    await orderOnePho();

    expect(
      await screen.findByRole('heading', { name: 'Too many orders from this table; wait a moment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You can try again in 30 seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');
    expect(orderPosts()).toHaveLength(1);
    expect(sessionStorage.getItem('tableOrderPending:4')).not.toBeNull();
  });

  it('asks to scan the QR code when the server refuses the key of an order', async () => {
    serve({ order: () => refusal(403, 'Scan the QR code on your table to order') });
    renderPublicRoute(tablePath);

    await orderOnePho();

    expect(await screen.findByRole('heading', { name: 'Scan the QR code on your table' })).toBeInTheDocument();
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
  });

  it('shows a refusal in the cart, reloads the menu and flags the dish that sold out', async () => {
    serve({ order: () => refusal(409, 'Bún chả is not available right now') });
    renderPublicRoute(tablePath);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bún chả' }));
    const cart = await openCart();
    menu = makePublicMenu({
      categories: [{ _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo] }],
    });

    await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

    expect(await within(cart).findByRole('alert')).toHaveTextContent('Bún chả is not available right now');
    expect(await within(cart).findByText('Not available right now')).toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(within(cart).getByText('Remove the dishes that are not available right now.')).toBeInTheDocument();
    expect(fake.calls().filter((call) => call === 'GET /api/public-menu').length).toBeGreaterThanOrEqual(2);
  });

  it('restores the order from sessionStorage after a reload and follows it live', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    let current = makePublicOrder();
    serve({ publicOrder: () => okData(current) });
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Received');
    expect(fake.calls()).toContain(`GET /api/public/orders/${placedOrder._id}?token=tracking-secret`);
    await waitFor(() =>
      expect(socket.emitted).toContainEqual({
        event: 'track-order',
        payload: { orderId: placedOrder._id, token: 'tracking-secret' },
      }),
    );
    expect(screen.getByText('Live')).toBeInTheDocument();

    socket.serverEmit('order:updated', { _id: '0190a1b2-0000-7000-8000-00000000ffff', orderNo: 7, status: 'ready' });
    expect(screen.getByRole('status')).toHaveTextContent('Received');

    socket.serverEmit('order:updated', { _id: placedOrder._id, orderNo: 1042, status: 'in_progress' });
    expect(screen.getByRole('status')).toHaveTextContent('Preparing');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Preparing');

    // Back from a lost connection: it follows again and catches up on what it missed.
    current = makePublicOrder({ status: 'ready' });
    const emittedBefore = socket.emitted.length;
    socket.reconnect();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ready'));
    expect(socket.emitted.length).toBe(emittedBefore + 1);

    await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
    expect(await screen.findByRole('button', { name: /Your order #1042\s*·\s*Ready/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add Phở bò' })).toBeInTheDocument();
  });

  it('catches up on a change made between loading the order and joining its live updates', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    let loads = 0;
    // Staff accept the order after the page loaded it but before its socket joined: no event reaches it.
    serve({ publicOrder: () => okData(makePublicOrder(++loads === 1 ? {} : { status: 'in_progress' })) });
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Preparing'));
    expect(loads).toBe(2);
  });

  it('shows a cancelled order as cancelled', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    serve();
    renderPublicRoute(tablePath);
    await screen.findByRole('heading', { name: 'Order #1042' });
    await waitFor(() => expect(socket.isListening('order:updated')).toBe(true));

    socket.serverEmit('order:updated', { _id: placedOrder._id, orderNo: 1042, status: 'cancelled' });

    expect(screen.getByRole('status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
  });

  it('keeps the cart of a table across a reload', async () => {
    serve();
    const firstVisit = renderPublicRoute(tablePath);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
    firstVisit.unmount();

    renderPublicRoute(tablePath);

    expect(await screen.findByRole('button', { name: 'Remove one Phở bò' })).toBeInTheDocument();
    expect(within(cardOf('Phở bò')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View your order · 1 dish/ })).toHaveTextContent(/65\.000/);
  });

  it('opens on the menu, with the order one tap away, when a cart was being filled', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    sessionStorage.setItem(
      'tableCart:4',
      JSON.stringify({ items: [{ id: 'a', itemId: bunCha._id, name: bunCha.name, price: 55_000 }], name: '' }),
    );
    serve();
    renderPublicRoute(tablePath);

    await userEvent.click(await screen.findByRole('button', { name: /Your order #1042/ }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
    expect(screen.getByRole('button', { name: /View your order · 1 dish/ })).toBeInTheDocument();
  });

  describe('dishes with options', () => {
    const [small, large] = sizeGroup.options;
    const [noOnion] = preferencesGroup.options;
    const withPhoTai = () =>
      makePublicMenu({
        categories: [
          { _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo, phoTai] },
          { _id: '0190a1b2-0000-7000-8000-0000000000c2', name: 'Drinks', items: [traDa] },
        ],
      });
    /** The order as the server answers it: the large phở without onions priced with its option. */
    const placedWithOptions = {
      ...placedOrder,
      items: [
        {
          ...placedOrder.items[0]!,
          itemId: phoTai._id,
          name: phoTai.name,
          price: 75_000,
          quantity: 3,
          total: 225_000,
          options: [
            { optionId: large!._id, group: 'Size', name: 'Lớn', priceDelta: 10_000 },
            { optionId: noOnion!._id, group: 'Preferences', name: 'không hành', priceDelta: 0 },
          ],
        },
      ],
    };

    it('opens the sheet for a dish with options, keeps other choices apart and sends the option ids', async () => {
      menu = withPhoTai();
      serve({ order: () => okData(placedWithOptions, 201), publicOrder: () => okData(placedWithOptions) });
      renderPublicRoute(tablePath);

      const addPhoTai = await screen.findByRole('button', { name: 'Add Phở tái' });
      expect(addPhoTai).toHaveAttribute('aria-haspopup', 'dialog');
      expect(cardOf('Phở tái')).toHaveTextContent('Choose: size, preferences');
      // The small size makes it cheaper than its price.
      expect(cardOf('Phở tái')).toHaveTextContent(/from 60\.000\s₫/);
      const callsBefore = fake.calls().length;
      await userEvent.click(addPhoTai);

      let sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      // Everything came with the menu: the sheet asks the server nothing.
      expect(fake.calls()).toHaveLength(callsBefore);
      // What is missing is on the disabled button, not an error.
      expect(sheet.getByRole('button', { name: 'Choose a size' })).toBeDisabled();
      expect(sheet.queryByText(/Phở tái: choose/)).not.toBeInTheDocument();
      expect(sheet.getByRole('radio', { name: /^Đặc biệt/ })).toBeDisabled();
      await userEvent.click(sheet.getByRole('radio', { name: /^Lớn/ }));
      await userEvent.click(sheet.getByRole('checkbox', { name: 'không hành' }));
      await userEvent.click(sheet.getByRole('button', { name: 'One more' }));
      expect(sheet.getByRole('button', { name: /^Add ·/ })).toHaveTextContent(/150\.000/);
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(cardOf('Phở tái')).getByText('2')).toBeInTheDocument();
      // Another choice of the same dish: its own line.
      await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở tái' }));
      sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await userEvent.click(sheet.getByRole('radio', { name: /^Nhỏ/ }));
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      // A dish without options still adds with one tap.
      await userEvent.click(screen.getByRole('button', { name: 'Add Phở bò' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(JSON.parse(sessionStorage.getItem('tableCart:4')!).items[0]).toMatchObject({
        itemId: phoTai._id,
        price: 75_000,
        options: [
          { id: large!._id, group: 'Size', name: 'Lớn', priceDelta: 10_000 },
          { id: noOnion!._id, group: 'Preferences', name: 'không hành', priceDelta: 0 },
        ],
      });

      const cart = await openCart();
      const lines = within(cart).getByRole('list', { name: 'Dishes in your cart' });
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual([
        // Each option with its price change: what makes the portion dearer or cheaper than the menu's price.
        expect.stringMatching(/^Phở táiLớn \+10\.000\s₫ · không hành2 × 75\.000\s₫150\.000\s₫/),
        expect.stringMatching(/^Phở táiNhỏ −5\.000\s₫1 × 60\.000\s₫60\.000\s₫/),
        expect.stringMatching(/^Phở bò1 × 65\.000\s₫65\.000\s₫/),
      ]);
      await userEvent.click(within(cart).getByRole('button', { name: 'Add one more Phở tái (Lớn · không hành)' }));
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(orderPosts()[0]?.body).toEqual({
        tableNo: 4,
        tableKey,
        items: [
          { itemId: phoTai._id, quantity: 3, options: [large!._id, noOnion!._id] },
          { itemId: phoTai._id, quantity: 1, options: [small!._id] },
          { itemId: phoBo._id, quantity: 1 },
        ],
      });
      expect(JSON.stringify(orderPosts()[0]?.body)).not.toMatch(/price|75000/);
      // The diner's order shows the options under the dish.
      const dishes = within(screen.getByRole('region', { name: 'Round 1 · Waiting for the staff' })).getAllByRole(
        'listitem',
      );
      expect(dishes[0]).toHaveTextContent(/^3 × Phở táiLớn · không hành225\.000/);
    });

    it('names a dish in English where it has an English name: on its card, its buttons, its sheet and the cart', async () => {
      menu = makePublicMenu({
        categories: [
          {
            _id: '0190a1b2-0000-7000-8000-0000000000c1',
            name: 'Noodles',
            items: [{ ...phoTai, nameEn: 'Rare beef pho' }, bunCha],
          },
        ],
      });
      serve();
      renderPublicRoute(tablePath);

      await userEvent.click(await screen.findByRole('button', { name: 'Add Rare beef pho' }));
      const sheet = within(screen.getByRole('dialog', { name: 'Rare beef pho' }));
      await userEvent.click(sheet.getByRole('radio', { name: /^Lớn/ }));
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Add Bún chả' }));
      expect(within(cardOf('Rare beef pho')).getByText('1')).toBeInTheDocument();

      const lines = within(await openCart()).getByRole('list', { name: 'Dishes in your cart' });
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual([expect.stringMatching(/^Rare beef phoLớn \+10\.000/), expect.stringMatching(/^Bún chả1 × 55\.000/)]);
    });

    it('keeps to the limit of one dish per order in the sheet', async () => {
      menu = withPhoTai();
      const keptCart = Array.from({ length: 19 }, (_, i) => ({
        id: `e${i}`,
        itemId: phoTai._id,
        name: phoTai.name,
        price: 60_000,
        options: [{ id: small!._id, group: 'Size', name: 'Nhỏ', priceDelta: -5_000 }],
      }));
      sessionStorage.setItem('tableCart:4', JSON.stringify({ items: keptCart, name: '' }));
      serve();
      renderPublicRoute(tablePath);

      await userEvent.click(await screen.findByRole('button', { name: 'Add one more Phở tái' }));
      const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await userEvent.click(sheet.getByRole('radio', { name: /^Lớn/ }));

      expect(sheet.getByRole('button', { name: /^Add ·/ })).toBeEnabled();
      expect(sheet.getByRole('button', { name: 'One more' })).toBeDisabled();
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      expect(screen.getByRole('button', { name: 'Add one more Phở tái' })).toBeDisabled();
    });

    it('loads a cart kept before dishes had options as dishes without options', async () => {
      sessionStorage.setItem(
        'tableCart:4',
        JSON.stringify({
          items: [
            { id: 'a', itemId: phoBo._id, name: phoBo.name, price: 65_000 },
            { id: 'b', itemId: phoBo._id, name: phoBo.name, price: 65_000, note: 'ít bánh' },
          ],
          name: '',
        }),
      );
      serve();
      renderPublicRoute(tablePath);

      const cart = await openCartWhenReady();
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(orderPosts()[0]?.body).toMatchObject({
        items: [
          { itemId: phoBo._id, quantity: 1 },
          { itemId: phoBo._id, quantity: 1, note: 'ít bánh' },
        ],
      });
    });

    async function openCartWhenReady() {
      await screen.findByRole('button', { name: /View your order · 2 dishes/ });
      return openCart();
    }
  });

  describe("the table's rounds", () => {
    const followOrder = () =>
      sessionStorage.setItem(
        'tableOrder:4',
        JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
      );
    const orderLoads = () => fake.calls().filter((call) => call.startsWith('GET /api/public/orders/')).length;
    const round = (name: string) => screen.getByRole('region', { name });
    const dishesOf = (region: HTMLElement) =>
      within(region)
        .getAllByRole('listitem')
        .map((line) => line.textContent);
    const total = () => screen.getByText('Total').nextSibling;

    it('shows two rounds after a second order from the phone joins the same order, and lets the table order more', async () => {
      followOrder();
      let current = makePublicOrder({ status: 'served' });
      serve({
        publicOrder: () => okData(current),
        order: () => {
          current = withSecondRound('pending');
          return okData({ ...current, trackingToken: 'tracking-secret' }, 201);
        },
      });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(round('Round 1 · Served')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Add Trà đá' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add one more Trà đá' }));
      const cart = await openCart();
      expect(within(cart).getByText(/These dishes join your table's order #1042 as a new round/)).toBeInTheDocument();
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toHaveFocus();
      // A diner's order, as ever: the server decides that it joins the table's open order.
      expect(orderPosts()[0]?.body).toEqual({ tableNo: 4, tableKey, items: [{ itemId: traDa._id, quantity: 2 }] });
      expect(JSON.parse(sessionStorage.getItem('tableOrder:4')!)).toMatchObject({ orderId: placedOrder._id });

      expect(dishesOf(round('Round 1 · Served'))).toEqual([
        expect.stringMatching(/^2 × Phở bò/),
        expect.stringMatching(/^1 × Bún chả“ít cay”/),
      ]);
      expect(dishesOf(round('Round 2 · Waiting for the staff'))).toEqual([expect.stringMatching(/^2 × Trà đá10\.000/)]);
      // The whole table's bill, and the order waits for the staff to accept the new round.
      expect(total()).toHaveTextContent(/210\.600/);
      expect(screen.getByRole('status')).toHaveTextContent('Received');
      expect(screen.getByRole('button', { name: 'Order more dishes' })).toBeInTheDocument();
    });

    it('applies a follower update to the round it moves, without loading the order again', async () => {
      followOrder();
      serve({ publicOrder: () => okData(withSecondRound('pending')) });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('region', { name: 'Round 2 · Waiting for the staff' })).toBeInTheDocument();
      await waitFor(() => expect(socket.isListening('order:updated')).toBe(true));
      await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
      const loads = orderLoads();

      const staffAccept = withSecondRound('in_progress');
      socket.serverEmit('order:updated', {
        _id: placedOrder._id,
        orderNo: 1042,
        status: staffAccept.status,
        rounds: staffAccept.rounds,
      });

      expect(round('Round 2 · Preparing')).toBeInTheDocument();
      expect(dishesOf(round('Round 2 · Preparing'))).toEqual([expect.stringMatching(/^2 × Trà đá/)]);
      expect(round('Round 1 · Served')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Waiting for the staff/ })).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Preparing');
      expect(orderLoads()).toBe(loads);
    });

    it('loads the dishes of a round sent from another phone at the table when its update arrives', async () => {
      followOrder();
      let current = makePublicOrder({ status: 'in_progress' });
      serve({ publicOrder: () => okData(current) });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('region', { name: 'Round 1 · Preparing' })).toBeInTheDocument();
      await waitFor(() => expect(socket.isListening('order:updated')).toBe(true));
      expect(total()).toHaveTextContent(/199\.800/);

      current = withSecondRound('pending', 'in_progress');
      socket.serverEmit('order:updated', {
        _id: placedOrder._id,
        orderNo: 1042,
        status: current.status,
        rounds: current.rounds,
      });

      expect(await screen.findByText(/^2 × Trà đá/)).toBeInTheDocument();
      expect(round('Round 2 · Waiting for the staff')).toBeInTheDocument();
      expect(round('Round 1 · Preparing')).toBeInTheDocument();
      expect(total()).toHaveTextContent(/210\.600/);
      expect(screen.getByRole('status')).toHaveTextContent('Received');
    });
  });
});
