import type { CurrentUser } from '@quan/contract/user';
import type { DomainEvent, DomainEventType } from '@quan/contract/events';
import type { Order } from '@quan/contract/order';
import type { PublicMenu } from '@quan/contract/public';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import type { Table } from '@quan/contract/table';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/events/bus';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
});
afterAll(() => t.close());

const everyType: DomainEventType[] = [
  'order.placed',
  'order.round-added',
  'order.status-changed',
  'order.updated',
  'table.changed',
  'menu.changed',
  'settings.changed',
  'stock.low',
  'sessions.ended',
  'account.changed',
];

/** Every event this app delivers from now on. */
function listen(): DomainEvent[] {
  const heard: DomainEvent[] = [];
  for (const type of everyType) t.app.events.on(type, (event) => void heard.push(event as DomainEvent));
  return heard;
}

async function dishThatNeeds(kilograms: number, inStock: number) {
  const ingredient = await t.request({
    method: 'POST',
    url: '/api/ingredient',
    payload: { name: `Beef ${Math.random()}`, unit: 'kg', quantity: inStock },
    as: 'manager',
  });
  const { items } = await createMenu(t, [{ price: 80_000 }]);
  await t.request({
    method: 'PUT',
    url: `/api/item/${items[0]!._id}`,
    payload: { recipe: [{ ingredientId: ingredient.json().data._id, quantity: kilograms }] },
    as: 'manager',
  });
  return items[0]!;
}

describe('events after commit', () => {
  it('publishes nothing for an order that rolled back, though it had seated its table first', async () => {
    const dish = await dishThatNeeds(1, 0.5);
    const table = await createTable(t);
    // Signed in first: approving the account records events of its own.
    await t.signInAs('staff');
    const heard = listen();
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'An', guests: 2 },
        tableId: table._id,
        items: [{ itemId: dish._id, quantity: 1 }],
      },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json().message).toMatch(/^Not enough Beef/);
    expect(heard).toEqual([]);
    const tables: Table[] = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
    expect(tables.find((row) => row._id === table._id)).toMatchObject({ status: 'available', currentOrder: null });
  });

  it('answers 201 for a committed order when a listener fails, and the other listeners still hear it', async () => {
    const { items } = await createMenu(t, [{ price: 45_000 }]);
    t.app.events.on('order.placed', () => {
      throw new Error('a listener that is down');
    });
    t.app.events.on('order.placed', async () => {
      throw new Error('an async listener that is down');
    });
    const heard = listen();
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Bình', guests: 1 }, items: [{ itemId: items[0]!._id, quantity: 2 }] },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    const { branchId } = (await t.signInAs('staff')).user as CurrentUser;
    expect(heard).toContainEqual({ type: 'order.placed', branchId, order });
    const stored = await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' });
    expect(stored.json().data.bills.total).toBe(order.bills.total);
  });

  it('carries the table as committed with the order that seated it', async () => {
    const { items } = await createMenu(t, [{ price: 30_000 }]);
    const table = await createTable(t);
    const heard = listen();
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Chi', guests: 3 },
        tableId: table._id,
        items: [{ itemId: items[0]!._id, quantity: 1 }],
      },
      as: 'staff',
    });
    const order = placed.json().data;
    const tableEvent = heard.find((event) => event.type === 'table.changed');
    expect(tableEvent).toMatchObject({
      table: { _id: table._id, status: 'booked', currentOrder: { _id: order._id, orderNo: order.orderNo } },
    });
  });
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'a chain of two instances (PostgreSQL and Redis)',
  () => {
    it('brings an order placed on one instance to a staff socket on the other, and drops its menu caches at once', async () => {
      const other = await t.sibling();
      const otherUrl = await other.listen({ host: '127.0.0.1', port: 0 });
      const staff = await t.signInAs('staff');
      const socket: ClientSocket = connect(otherUrl, {
        auth: { token: staff.token },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const { items } = await createMenu(t, [{ name: 'Bún chả', price: 55_000 }]);
        const menuOnOther = async () =>
          ((await other.inject({ method: 'GET', url: '/api/public-menu' })).json().data as PublicMenu).categories
            .flatMap((category) => category.items)
            .find((item) => item._id === items[0]!._id);
        expect(await menuOnOther()).toMatchObject({ price: 55_000 });
        const priceOnOther = async () => {
          const response = await other.inject({
            method: 'POST',
            url: '/api/order',
            headers: { authorization: `Bearer ${staff.token}` },
            payload: { customerDetails: { name: 'Dũng', guests: 2 }, items: [{ itemId: items[0]!._id, quantity: 1 }] },
          });
          expect(response.statusCode, response.body).toBe(201);
          return (response.json().data as Order).items[0]!.price;
        };

        const created = new Promise((resolve) => socket.once('order:created', resolve));
        const placed = await t.request({
          method: 'POST',
          url: '/api/order',
          payload: { customerDetails: { name: 'Dũng', guests: 2 }, items: [{ itemId: items[0]!._id, quantity: 1 }] },
          as: staff,
        });
        expect(placed.statusCode, placed.body).toBe(201);
        expect(await created).toMatchObject({ _id: placed.json().data._id, orderNo: placed.json().data.orderNo });

        expect(await priceOnOther()).toBe(55_000);

        // The price change reaches the other instance's cache through the bus, not after its 10 s age limit.
        const menuUpdated = new Promise((resolve) => socket.once('menu:updated', resolve));
        await t.request({
          method: 'PUT',
          url: `/api/item/${items[0]!._id}`,
          payload: { price: 60_000 },
          as: 'manager',
        });
        await menuUpdated;
        expect(await menuOnOther()).toMatchObject({ price: 60_000 });
        // The menu the other instance prices orders from was dropped by the same event.
        expect(await priceOnOther()).toBe(60_000);
      } finally {
        socket.disconnect();
      }
    });
  },
);

describe.runIf(process.env.REDIS_URL)('the event bus on Redis', () => {
  it('delivers an event once on the instance that published it (its own copy from Redis is dropped) and once on the other', async () => {
    const redis = { url: process.env.REDIS_URL!, keyPrefix: `quan_test_${randomUUID()}:` };
    const [a, b] = [await createEventBus({ redis, log: t.app.log }), await createEventBus({ redis, log: t.app.log })];
    try {
      const heardOnA: string[] = [];
      const heardOnB: string[] = [];
      a.on('stock.low', ({ ingredient }) => void heardOnA.push(ingredient.name));
      b.on('stock.low', ({ ingredient }) => void heardOnB.push(ingredient.name));
      const low = (name: string) => ({
        type: 'stock.low' as const,
        branchId: randomUUID(),
        ingredient: { name } as never,
      });

      a.publish([low('from a')]);
      expect(heardOnA).toEqual(['from a']);
      await expect.poll(() => heardOnB).toEqual(['from a']);
      // One subscription delivers in order: once A hears B's event, its own earlier one has come back too.
      b.publish([low('from b')]);
      await expect.poll(() => heardOnA).toEqual(['from a', 'from b']);
      expect(heardOnB).toEqual(['from a', 'from b']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
