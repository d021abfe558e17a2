import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { splitAmount } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import type { Table } from '@quan/contract/table';
import type { Role } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeTable } from '../../../test/data/tables';
import { makeLine, makeOrder, makePayment, makeRound, withPayment } from '../../../test/data/orders';

const managerPassword = 'manager-secret';
const startedRefusal =
  'The kitchen has started these dishes: a manager must approve the void with their email and password';

type Body = Record<string, unknown>;

/** The bill of an order's lines at 8 % tax, as the server prices it. */
function priced(order: Order): Order {
  const subtotal = order.items.reduce((sum, line) => sum + line.price * (line.quantity - line.voidedQuantity), 0);
  const tax = Math.round((subtotal * 8) / 100);
  return {
    ...order,
    items: order.items.map((line) => ({ ...line, total: line.price * (line.quantity - line.voidedQuantity) })),
    bills: { subtotal, discount: 0, serviceRate: 0, serviceCharge: 0, taxRate: 8, tax, total: subtotal + tax },
  };
}

/**
 * A little server for an order's hand-made changes: voids (a started dish refused to staff without a manager's
 * approval), splits, part payments, moves and merges, each raising the order's version, or `refuse`'s answer.
 */
function serveTab(
  initial: Order[],
  {
    role,
    tables = [],
    refuse,
  }: { role: Role; tables?: Table[]; refuse?: (url: string, body: Body) => FakeResponse | null },
) {
  let orders = initial;
  const posts: { url: string; body: Body }[] = [];
  const save = (updated: Order) => {
    const next = { ...updated, version: updated.version + 1 };
    orders = orders.map((order) => (order._id === next._id ? next : order));
    return ok(next);
  };
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const params = (config.params ?? {}) as Record<string, string | undefined>;
      const statuses = params.status?.split(',');
      const data = orders.filter((order) => !statuses || statuses.includes(order.status));
      return {
        status: 200,
        body: {
          success: true,
          data,
          pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 20 },
        },
      };
    }
    if (method === 'GET' && url === '/api/table') return ok(tables);
    const match = /^\/api\/order\/([^/]+)\/(.+)$/.exec(url);
    if (method !== 'POST' || !match) return fail(404, 'Not found');
    const body = JSON.parse(config.data as string) as Body;
    posts.push({ url, body });
    const order = orders.find((one) => one._id === decodeURIComponent(match[1]!));
    if (!order) return fail(404, 'That order does not exist');
    const refusal = refuse?.(url, body);
    if (refusal) return refusal;
    const action = match[2]!;

    if (action === 'voids') {
      const lines = body.lines as { position: number; quantity: number }[];
      const started = lines.some(({ position }) => {
        const line = order.items.find((one) => one.position === position)!;
        return order.rounds.find((round) => round.no === line.roundNo)?.status !== 'pending';
      });
      const approval = body.approval as { email: string; password: string } | undefined;
      if (started && role === 'staff') {
        if (!approval) return fail(403, startedRefusal);
        if (approval.password !== managerPassword) return fail(403, 'That email and password are not a manager’s');
      }
      const items = order.items.map((line) => {
        const voided = lines.find((one) => one.position === line.position)?.quantity ?? 0;
        return { ...line, voidedQuantity: line.voidedQuantity + voided };
      });
      return save(priced({ ...order, items, billParts: [] }));
    }
    if (action === 'split') {
      const weights = Array<number>(body.by === 'guests' ? (body.guests as number) : 2).fill(1);
      const parts = splitAmount(order.bills.total, weights).map((total, index) => ({
        no: index + 1,
        lines: [],
        subtotal: total,
        discount: 0,
        serviceCharge: 0,
        tax: 0,
        total,
        paid: 0,
        due: total,
        paymentMethod: null,
        paidAt: null,
      }));
      return save({ ...order, billParts: parts });
    }
    if (action === 'payments') {
      const paid = withPayment(order, body as unknown as TakePaymentBody);
      orders = orders.map((one) => (one._id === paid._id ? paid : one));
      return { status: 201, body: { success: true, data: paid } };
    }
    if (action === 'move-lines' || action === 'merge') return save(order);
    return fail(404, 'Not found');
  });
  return { fakeApi, posts };
}

/**
 * Order #42 at table 5: round 1 (2 Phở bò, 2 Trà đá) served, round 2 (1 Bún chả) still waiting for the
 * kitchen. Its bill: 195 000 ₫ + 8 % tax = 210 600 ₫.
 */
function makeTab(overrides: Partial<Order> = {}): Order {
  return priced(
    makeOrder({
      orderNo: 42,
      status: 'pending',
      table: { _id: makeTable(5)._id, tableNo: 5 },
      version: 3,
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'pending' })],
      items: [
        makeLine({ name: 'Phở bò', price: 65000, quantity: 2, position: 0, roundNo: 1 }),
        makeLine({ name: 'Trà đá', price: 5000, quantity: 2, position: 1, roundNo: 1 }),
        makeLine({ name: 'Bún chả', price: 55000, quantity: 1, position: 2, roundNo: 2 }),
      ],
      ...overrides,
    }),
  );
}

const card = () => within(screen.getByRole('article', { name: /^#42 / }));

async function openAction(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

describe('changing a table’s bill by hand', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveTab> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('speaks Vietnamese in the dialogs that change the bill', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const order = makeTab();
    server = serveTab([order], { role: 'manager' });
    renderRoutes(routes, { path: '/orders' });

    const bill = within(await screen.findByRole('group', { name: 'Thay đổi hóa đơn' }));
    await userEvent.click(bill.getByRole('button', { name: 'Hủy món của đơn #42' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hủy món · đơn #42' }));
    expect(dialog.getByRole('group', { name: 'Món cần hủy' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Thêm Phở bò, lượt gọi 1' }));
    expect(dialog.getByText(/trước thuế \(1 món\)\./)).toBeInTheDocument();
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Sai món',
      'Khách đổi ý',
      'Chất lượng',
      'Khác',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Hủy 1 món' }));
    expect(dialog.getByText('Hãy chọn lý do.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

    await userEvent.click(bill.getByRole('button', { name: 'Tách hóa đơn của đơn #42' }));
    const split = within(screen.getByRole('dialog', { name: 'Tách hóa đơn · đơn #42' }));
    expect(split.getByRole('radio', { name: /Chia đều/ })).toBeChecked();
    expect(split.getByRole('spinbutton', { name: 'Số khách' })).toBeInTheDocument();
    expect(split.getByRole('region', { name: 'Mỗi khách trả' })).toHaveTextContent('Phần 1');
  });

  it('asks a manager to approve when staff void a dish the kitchen started, and re-sends with it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    let dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    // Bounded by what is left on the bill.
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    expect(dialog.getByRole('button', { name: 'More Phở bò, round 1' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Fewer Phở bò, round 1' }));
    expect(dialog.getByText('65.000 ₫', { selector: 'strong' })).toBeInTheDocument();
    expect(dialog.getByText(/a manager approves the void on this device/)).toBeInTheDocument();
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Wrong dish',
      'Guest changed their mind',
      'Quality',
      'Other',
    ]);

    // A reason is required, and "Other" asks for a note.
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));
    expect(dialog.getByText('Choose a reason.')).toBeInTheDocument();
    expect(server.posts).toEqual([]);
    await userEvent.click(dialog.getByRole('radio', { name: 'Other' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));
    expect(dialog.getByText('Say why the dishes are voided.')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Note' }), 'Dropped on the floor');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Thrown away \(cooked\)/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    // The server refuses staff: the dialog asks for a manager on this device.
    dialog = within(await screen.findByRole('dialog', { name: 'Manager approval' }));
    expect(dialog.getByText(startedRefusal)).toBeInTheDocument();
    const email = dialog.getByLabelText('Manager’s email');
    const password = dialog.getByLabelText('Manager’s password');
    expect(email).toHaveFocus();
    await userEvent.type(email, 'binh@quan.test');
    await userEvent.type(password, 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and void' }));
    expect(await dialog.findByText('That email and password are not a manager’s')).toBeInTheDocument();
    // A wrong password is not kept: it is typed again.
    expect(password).toHaveValue('');
    await userEvent.type(password, managerPassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and void' }));

    expect(await screen.findByText('Voided 1 × Phở bò on order #42.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'other',
      note: 'Dropped on the floor',
      wasted: true,
      expectedVersion: 3,
    };
    expect(server.posts).toEqual([
      { url: `/api/order/${order._id}/voids`, body: sent },
      {
        url: `/api/order/${order._id}/voids`,
        body: { ...sent, approval: { email: 'binh@quan.test', password: 'wrong' } },
      },
      {
        url: `/api/order/${order._id}/voids`,
        body: { ...sent, approval: { email: 'binh@quan.test', password: managerPassword } },
      },
    ]);
    expect(await card().findByText('(1 voided)')).toBeInTheDocument();
  });

  it('lets a signed-in manager void a started dish directly, and staff void a dish not yet started', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const order = makeTab();
    server = serveTab([order], { role: 'manager' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Trà đá, round 1' }));
    expect(dialog.queryByText(/a manager approves/)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Wrong dish' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    expect(await screen.findByText('Voided 1 × Trà đá on order #42.')).toBeInTheDocument();
    expect(server.posts.map((post) => post.body)).toEqual([
      { lines: [{ position: 1, quantity: 1 }], reason: 'wrong_dish', expectedVersion: 3 },
    ]);
  });

  it('closes the dialog and shows the server’s refusal when the order changed elsewhere', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const message = 'Order 42 was changed on another screen since you opened it; its latest state is shown now';
    server = serveTab([makeTab()], { role: 'staff', refuse: () => fail(409, message) });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    // Round 2 is not started: no thrown-away choice.
    await userEvent.click(dialog.getByRole('button', { name: 'More Bún chả, round 2' }));
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Guest changed their mind' }));
    const listsBefore = server.fakeApi.requests.filter((request) => request === 'GET /api/order').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(server?.fakeApi.requests.filter((request) => request === 'GET /api/order').length).toBeGreaterThan(
        listsBefore,
      ),
    );
  });

  it('splits a bill evenly with a live preview, then shows parts that add up to the total', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab({
      status: 'served',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'served' })],
    });
    server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split bill of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    expect(dialog.getByRole('radio', { name: /Split evenly/ })).toBeChecked();
    // Two guests on the order: two parts to start with.
    const preview = () =>
      within(dialog.getByRole('region', { name: 'Each guest pays' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' '));
    expect(preview()).toEqual(['Part 1105.300 ₫', 'Part 2105.300 ₫']);
    await userEvent.click(dialog.getByRole('button', { name: 'More guests' }));
    expect(dialog.getByRole('spinbutton', { name: 'Number of guests' })).toHaveValue(3);
    expect(preview()).toEqual(['Part 170.200 ₫', 'Part 270.200 ₫', 'Part 370.200 ₫']);
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '4');
    expect(preview()).toEqual(['Part 152.650 ₫', 'Part 252.650 ₫', 'Part 352.650 ₫', 'Part 452.650 ₫']);
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '21');
    expect(dialog.getByText('Split between 2 and 20 guests.')).toBeInTheDocument();
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '4');
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 4 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 4 parts.')).toBeInTheDocument();
    expect(server.posts).toEqual([
      { url: `/api/order/${order._id}/split`, body: { by: 'guests', guests: 4, expectedVersion: 3 } },
    ]);
    const parts = within(await card().findByRole('region', { name: 'Split bill · 0 of 4 parts paid' }));
    const amounts = parts.getAllByText(/₫$/).map((amount) => Number(amount.textContent?.replace(/\D/g, '')));
    expect(amounts).toHaveLength(4);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(order.bills.total);
    // A split bill is settled part by part: the order's Complete button gives way to the parts.
    expect(card().queryByRole('button', { name: 'Complete order #42' })).not.toBeInTheDocument();
    expect(parts.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Pay part 1 of order #42',
      'Pay part 2 of order #42',
      'Pay part 3 of order #42',
      'Pay part 4 of order #42',
    ]);
  });

  it('splits by dishes: part 1 the dishes picked, part 2 the rest', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split bill of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    await userEvent.click(dialog.getByRole('radio', { name: /Split by dishes/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Split the bill' }));
    expect(dialog.getByText('Put at least one dish in part 1.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Trà đá, round 1' }));
    // 70 000 and 125 000 ₫ with their 8 % tax.
    expect(
      within(dialog.getByRole('region', { name: 'Each part pays' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(['Part 175.600 ₫', 'Part 2135.000 ₫']);
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 2 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 2 parts.')).toBeInTheDocument();
    expect(server.posts.map((post) => post.body)).toEqual([
      {
        by: 'lines',
        parts: [
          [
            { position: 0, quantity: 1 },
            { position: 1, quantity: 1 },
          ],
        ],
        expectedVersion: 3,
      },
    ]);
  });

  it('pays one part of a split bill in the payment dialog', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const part = {
      lines: [],
      subtotal: 0,
      discount: 0,
      serviceCharge: 0,
      tax: 0,
      paid: 0,
      due: 105300,
      paymentMethod: null,
      paidAt: null,
    };
    const order = makeTab({
      status: 'in_progress',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
      billParts: [
        { ...part, no: 1, total: 105300 },
        { ...part, no: 2, total: 105300 },
      ],
    });
    server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Pay part 1 of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay part 1 of order #42' }));
    // The part's total, and all of it due.
    expect(dialog.getAllByText('105.300 ₫')).toHaveLength(2);
    const confirm = dialog.getByRole('button', { name: 'Take payment' });
    expect(confirm).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await userEvent.click(confirm);

    expect(await screen.findByText('Part 1 of order #42 paid')).toBeInTheDocument();
    expect(server.posts).toEqual([
      {
        url: `/api/order/${order._id}/payments`,
        body: { method: 'cash', amount: 105300, partNo: 1, expectedVersion: order.version },
      },
    ]);
    const parts = within(await card().findByRole('region', { name: 'Split bill · 1 of 2 parts paid' }));
    expect(parts.getByText(/^Paid by cash/)).toBeInTheDocument();
    // The last part completes the order: it waits until the kitchen is done.
    expect(parts.getByRole('button', { name: 'Pay part 2 of order #42' })).toBeDisabled();
    expect(parts.getByText('The last part is paid once the kitchen is done with the order.')).toBeInTheDocument();
    // With a part paid, the bill can no longer change.
    expect(card().queryByRole('group', { name: 'Change the bill' })).not.toBeInTheDocument();
  });

  it('takes a payment before the kitchen is done, and keeps the paid dishes where they are', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const tab = makeTab({
      status: 'in_progress',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
    });
    const order = { ...tab, due: tab.bills.total };
    server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Take payment of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #42' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    expect(dialog.getByLabelText('Amount')).toHaveValue('210.600');
    await userEvent.clear(dialog.getByLabelText('Amount'));
    await userEvent.type(dialog.getByLabelText('Amount'), '100.000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await dialog.findByText('100.000 ₫ taken by card. 110.600 ₫ left to pay.')).toBeInTheDocument();
    expect(server.posts).toEqual([
      { url: `/api/order/${order._id}/payments`, body: { method: 'card', amount: 100000, expectedVersion: 3 } },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await card().findByText('110.600 ₫ still due')).toBeInTheDocument();
    // Money on the bill: a void may still take dishes off it, but nothing moves to another table.
    const changes = within(card().getByRole('group', { name: 'Change the bill' }));
    expect(changes.getByRole('button', { name: /^Void dishes/ })).toBeInTheDocument();
    expect(changes.queryByRole('button', { name: /^Move dishes/ })).not.toBeInTheDocument();
    expect(changes.queryByRole('button', { name: /^Split bill/ })).not.toBeInTheDocument();
  });

  it('keeps a completed order’s payments open to a manager’s refund, and to nobody else', async () => {
    const tab = makeTab({ status: 'completed', rounds: [makeRound(1, { status: 'served' })] });
    const completed = { ...tab, paid: tab.bills.total, due: 0, payments: [makePayment({ amount: tab.bills.total })] };
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    server = serveTab([completed], { role: 'manager' });
    const view = renderRoutes(routes, { path: '/orders?status=completed' });

    await openAction(/^Payments & refunds of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #42' }));
    expect(dialog.getByRole('button', { name: /^Refund cash payment of 210\.600/ })).toBeInTheDocument();
    view.unmount();
    server.fakeApi.restore();

    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveTab([completed], { role: 'staff' });
    renderRoutes(routes, { path: '/orders?status=completed' });
    await screen.findByRole('article', { name: /^#42 / });
    expect(screen.queryByRole('button', { name: /^Payments & refunds/ })).not.toBeInTheDocument();
  });

  it('moves dishes to another table’s open order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    const other = makeTable(3, {
      currentOrder: { _id: makeOrder()._id, orderNo: 41, customerName: 'Lê Văn Cường', status: 'served' },
    });
    const tables = [
      makeTable(5, { currentOrder: { _id: order._id, orderNo: 42, customerName: '', status: 'pending' } }),
      other,
      makeTable(7),
    ];
    server = serveTab([order], { role: 'staff', tables });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Move dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Move dishes · order #42' }));
    const select = await dialog.findByRole('combobox', { name: 'To table' });
    // Only the other tables with an open order.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a table', 'Table 3 · order #41 · Lê Văn Cường']);
    await userEvent.click(dialog.getByRole('button', { name: 'More Bún chả, round 2' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move 1 dish' }));
    expect(dialog.getByText('Choose the table the dishes go to.')).toBeInTheDocument();
    await userEvent.selectOptions(select, other._id);
    await userEvent.click(dialog.getByRole('button', { name: 'Move 1 dish' }));

    expect(await screen.findByText('Moved 1 × Bún chả to table 3.')).toBeInTheDocument();
    expect(server.posts).toEqual([
      {
        url: `/api/order/${order._id}/move-lines`,
        body: { lines: [{ position: 2, quantity: 1 }], toTableId: other._id, expectedVersion: 3 },
      },
    ]);
  });

  it('merges another table into this one', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    const fromOrderId = makeOrder()._id;
    const tables = [
      makeTable(3, { currentOrder: { _id: fromOrderId, orderNo: 41, customerName: 'Lê Văn Cường', status: 'served' } }),
      makeTable(5, { currentOrder: { _id: order._id, orderNo: 42, customerName: '', status: 'pending' } }),
    ];
    server = serveTab([order], { role: 'staff', tables });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Merge a table into order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Merge a table into order #42' }));
    const choice = await dialog.findByRole('radio', { name: /Table 3/ });
    expect(dialog.getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(choice);
    expect(dialog.getByText(/table 3 is freed/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Merge table 3' }));

    expect(await screen.findByText('Table 3 merged into order #42.')).toBeInTheDocument();
    expect(server.posts).toEqual([{ url: `/api/order/${order._id}/merge`, body: { fromOrderId, expectedVersion: 3 } }]);
  });
});
