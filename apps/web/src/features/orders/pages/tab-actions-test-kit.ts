import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { splitAmount } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import type { Table } from '@quan/contract/table';
import type { Role } from '@quan/contract/user';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeTable } from '../../../test/data/tables';
import { makeLine, makeOrder, makeRound, withPayment } from '../../../test/data/orders';
import { installedEachTest } from '../../../test/installed-each-test';
import { lineKitchenStart } from '../components/round-status';

// What the tests of an order's hand-made bill changes share: a fake server for them, table 5's tab and its card.

export const managerPassword = 'manager-secret';
export const startedRefusal =
  'The kitchen has started these dishes: a manager must approve the void with their email and password';

type Body = Record<string, unknown>;

/** The bill of an order's lines at 8 % tax, as the server prices it. */
function priced(order: Order): Order {
  const subtotal = order.items.reduce((sum, line) => sum + line.price * (line.quantity - line.voidedQuantity), 0);
  const tax = Math.round((subtotal * 8) / 100);
  return {
    ...order,
    items: order.items.map((line) => ({ ...line, total: line.price * (line.quantity - line.voidedQuantity) })),
    bills: {
      subtotal,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxes: [{ vatRate: 8, taxable: subtotal, tax }],
      serviceVatRate: 8,
      pricesIncludeTax: false,
      tax,
      total: subtotal + tax,
    },
  };
}

/**
 * A little server for an order's hand-made changes: voids (a started dish refused to staff without a manager's
 * approval), splits, part payments, moves and merges, each raising the order's version, or `refuse`'s answer.
 */
export function serveTab(
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
        return lineKitchenStart(order, line, Date.now()) !== 'not_started';
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
      // Parts with money on them stay; the rest is divided evenly into the parts asked for (by dishes, one
      // more for the dishes left over).
      const kept = order.billParts.filter((part) => part.paid > 0);
      const count = body.by === 'guests' ? (body.guests as number) : (body.parts as unknown[]).length + 1;
      const left = order.bills.total - kept.reduce((sum, part) => sum + part.total, 0);
      const firstNo = Math.max(0, ...kept.map((part) => part.no)) + 1;
      const added = splitAmount(left, Array<number>(count).fill(1)).map((total, index) => ({
        no: firstNo + index,
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
      return save({ ...order, billParts: [...kept, ...added] });
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
export function makeTab(overrides: Partial<Order> = {}): Order {
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

export const card = () => within(screen.getByRole('article', { name: /^#42 / }));

export async function openAction(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

/** The fake server a test installs (`scene.server = serveTab(…)`), taken down after each test. */
export const tabActionsScene = () =>
  installedEachTest('server', (server: ReturnType<typeof serveTab>) => server.fakeApi.restore());
