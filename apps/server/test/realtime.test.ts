import type { CurrentUser } from '@quan/contract/user';
import type { Order } from '@quan/contract/order';
import type { DinerOrderResult, OrderStatusUpdate } from '@quan/contract/public';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeStaff, createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let url: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

function socketFor(token?: string, cookie?: string): ClientSocket {
  const socket: ClientSocket = connect(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
  open.push(socket);
  return socket;
}

const connected = (socket: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

/**
 * The last event a test sends to every socket: one socket's events arrive in the order they were sent. A
 * `menu:updated` carries no fields; the one this marker adds is read by the test alone.
 */
const MARKER = { marker: 'last' } as unknown as Record<string, never>;
/** Every `menu:updated` the socket hears up to the marker: what it missed before the marker, it never gets. */
function menuUpdatesUntilMarker(socket: ClientSocket): Promise<unknown[]> {
  const heard: unknown[] = [];
  return new Promise((resolve) => {
    const listen = (payload: unknown) => {
      heard.push(payload);
      if ((payload as { marker?: string }).marker !== 'last') return;
      socket.off('menu:updated', listen);
      resolve(heard);
    };
    socket.on('menu:updated', listen);
  });
}

describe('live connection', () => {
  it('puts signed-in staff in the staff room, where staff events reach them and strangers miss them', async () => {
    const signedIn = await t.signInAs('staff');
    const staff = socketFor(signedIn.token);
    const stranger = socketFor();
    await Promise.all([connected(staff), connected(stranger)]);
    const staffHeard = menuUpdatesUntilMarker(staff);
    const strangerHeard = menuUpdatesUntilMarker(stranger);
    t.app.realtime.emitToStaff((signedIn.user as CurrentUser).branchId, 'menu:updated', {});
    t.app.realtime.emitToAll('menu:updated', MARKER);
    expect(await staffHeard).toEqual([{}, MARKER]);
    expect(await strangerHeard).toEqual([MARKER]);
  });

  it('refuses a connection with a bad token', async () => {
    await expect(connected(socketFor('not-a-token'))).rejects.toThrow(/session has expired or is not valid/);
  });

  it('takes the staff cookie when no token is sent, and connects a stale cookie anonymously', async () => {
    const signedIn = await t.signInAs('staff');
    const staff = socketFor(undefined, `accessToken=${signedIn.token}`);
    // A phone that once signed in as staff and now opens a diner page still gets its live updates.
    const diner = socketFor(undefined, 'theme=dark; accessToken=expired-or-revoked');
    await Promise.all([connected(staff), connected(diner)]);
    const staffHeard = menuUpdatesUntilMarker(staff);
    const dinerHeard = menuUpdatesUntilMarker(diner);
    t.app.realtime.emitToStaff((signedIn.user as CurrentUser).branchId, 'menu:updated', {});
    t.app.realtime.emitToAll('menu:updated', {});
    t.app.realtime.emitToAll('menu:updated', MARKER);
    expect(await staffHeard).toEqual([{}, {}, MARKER]);
    expect(await dinerHeard).toEqual([{}, MARKER]);
  });

  it('drops the connection when its session signs out', async () => {
    const account = await activeStaff(t);
    const socket = socketFor(account.token);
    await connected(socket);
    const gone = disconnected(socket);
    await t.request({ method: 'POST', url: '/api/user/logout', as: account });
    expect(await gone).toBe('io server disconnect');
  });

  it('drops every connection of an account when it is suspended', async () => {
    const account = await activeStaff(t);
    const sockets = [socketFor(account.token), socketFor(account.token)];
    await Promise.all(sockets.map(connected));
    const gone = Promise.all(sockets.map(disconnected));
    await t.request({
      method: 'PATCH',
      url: `/api/user/users/${account.user._id}/status`,
      payload: { status: 'suspended' },
      as: 'admin',
    });
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe('the phones following an order', () => {
  it('hear its changes, while an order nobody follows here costs no follower message at all', async () => {
    const { items } = await createMenu(t, [{ price: 35_000 }]);
    const told = vi.spyOn(t.app.realtime, 'emitToOrderFollowers');
    try {
      // A staff order: no phone follows it, so its status moves build nothing for followers.
      const staffOrder: Order = (
        await t.request({
          method: 'POST',
          url: '/api/order',
          payload: { customerDetails: { name: 'Hà', guests: 1 }, items: [{ itemId: items[0]!._id, quantity: 1 }] },
          as: 'staff',
        })
      ).json().data;
      const staff = socketFor((await t.signInAs('staff')).token);
      await connected(staff);
      const moved = new Promise((resolve) => staff.once('order:updated', resolve));
      const ready = await t.request({
        method: 'PATCH',
        url: `/api/order/${staffOrder._id}/rounds/1`,
        payload: { status: 'ready' },
        as: 'staff',
      });
      expect(ready.statusCode, ready.body).toBe(200);
      await moved;
      expect(told).not.toHaveBeenCalled();

      // A diner's order that its phone follows: the phone hears the move, once.
      const table = await createTable(t);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: items[0]!._id, quantity: 1 }] },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order: DinerOrderResult = placed.json().data;
      const phone = socketFor();
      await connected(phone);
      const heard: OrderStatusUpdate[] = [];
      phone.on('order:updated', (update) => void heard.push(update));
      expect(await phone.emitWithAck('track-order', { orderId: order._id, token: order.trackingToken })).toEqual({
        ok: true,
      });
      await t.request({
        method: 'PUT',
        url: `/api/order/${order._id}`,
        payload: { status: 'in_progress' },
        as: 'staff',
      });
      await expect.poll(() => heard.map((update) => update.status)).toEqual(['in_progress']);
      expect(told).toHaveBeenCalledTimes(1);
    } finally {
      told.mockRestore();
    }
  });
});

describe("a transaction's events on a socket", () => {
  it('are written to each staff socket together, once each and in the order they were recorded', async () => {
    const { items } = await createMenu(t, [{ price: 25_000 }]);
    const table = await createTable(t);
    const staff = socketFor((await t.signInAs('staff')).token);
    await connected(staff);
    const heard: string[] = [];
    staff.onAny((event: string) => void heard.push(event));
    const onServer = t.app.realtime.io.sockets.sockets.get(staff.id!)!;
    // What engine.io hands the WebSocket in each write: the packets it flushes together.
    const writes: string[][] = [];
    onServer.conn.on('flush', (packets: { data?: unknown }[]) => writes.push(packets.map((p) => String(p.data))));

    const created = new Promise((resolve) => staff.once('order:created', resolve));
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Lan', guests: 2 },
        tableId: table._id,
        items: [{ itemId: items[0]!._id, quantity: 1 }],
      },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await created;
    // Seating the table and placing the order are one transaction: one write carries both.
    const write = writes.find((packets) => packets.some((data) => data.includes('"order:created"')));
    expect(write?.filter((data) => /"(table:updated|order:created)"/.test(data)).length).toBe(2);
    expect(heard.filter((event) => event === 'table:updated' || event === 'order:created')).toEqual([
      'table:updated',
      'order:created',
    ]);
  });
});

describe('a deleted table', () => {
  it('is told to every staff socket once it is gone, and not when the delete is refused', async () => {
    const booked = await createTable(t);
    const table = await createTable(t);
    const staff = socketFor((await t.signInAs('staff')).token);
    await connected(staff);
    const heard: unknown[] = [];
    staff.on('table:deleted', (payload) => void heard.push(payload));

    await t.request({ method: 'PUT', url: `/api/table/${booked._id}`, payload: { status: 'booked' }, as: 'staff' });
    const refused = await t.request({ method: 'DELETE', url: `/api/table/${booked._id}`, as: 'manager' });
    expect(refused.statusCode).toBe(409);
    const deleted = await t.request({ method: 'DELETE', url: `/api/table/${table._id}`, as: 'manager' });
    expect(deleted.statusCode, deleted.body).toBe(200);

    await expect.poll(() => heard).toEqual([{ _id: table._id, tableNo: table.tableNo }]);
    // The refused delete recorded nothing: a marker sent after both arrives with no second deletion before it.
    const marker = menuUpdatesUntilMarker(staff);
    t.app.realtime.emitToAll('menu:updated', MARKER);
    await marker;
    expect(heard).toHaveLength(1);
  });
});
