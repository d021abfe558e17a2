import { createHash, randomBytes } from 'node:crypto';
import {
  allowedOrderMoves,
  isOpenOrderStatus,
  type CreateOrderBody,
  type ListOrdersFilter,
  type Order,
  type OrderStatus,
  type UpdateOrderBody,
} from '@quan/contract/order';
import type { Pagination } from '@quan/contract/common';
import type { DinerOrderBody, DinerOrderResult, PublicOrder } from '@quan/contract/public';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, isForeignKeyViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { sameSecret } from '../../lib/same-secret';
import type { AuthUser } from '../../plugins/auth';
import type { Realtime } from '../../plugins/realtime';
import type { MenuService } from '../menu/service';
import type { Settings } from '@quan/contract/settings';
import type { SettingsService } from '../settings/service';
import type { TablesService } from '../tables/service';
import * as repo from './repository';

/** The largest bill the money columns hold (int4), far above any real restaurant bill. */
const MAX_BILL = 2_000_000_000;
const IDEMPOTENCY_HOURS = 24;

export interface CouponClaim {
  /** The settings read before the transaction (a query outside it would wait for it on PGlite). */
  settings: Settings;
  code: string;
  subtotal: number;
  customerId: string | null;
}

/** An order at a point of its life, inside the transaction that got it there. */
export interface OrderHookContext {
  tx: Executor;
  order: repo.OrderRow;
  lines: repo.OrderLineRow[];
  /** The settings read before the transaction (a query outside it would wait for it on PGlite). */
  settings: Settings;
  /** The staff member who placed or moved it; null for a diner's own order. */
  actorId: string | null;
  /** Runs once the transaction committed (announcements); never if it rolled back. */
  afterCommit(effect: () => void): void;
}

/**
 * What other modules do inside an order's transaction: coupons price and use coupons, ingredients take and
 * give back stock, customers credit loyalty, reports add completed orders to the revenue sums (wired in
 * app.ts). Each throws an AppError to refuse, which rolls the whole order back.
 */
export interface OrderLifecycleHooks {
  /** Uses one use of a coupon for this order: which coupon, and its discount. */
  redeemCoupon?(tx: Executor, claim: CouponClaim): Promise<{ couponId: string; discount: number }>;
  /** The order and its lines are written: `in_progress` from staff, `pending` from a diner. */
  afterPlaced?(context: OrderHookContext): Promise<void>;
  /** The order moved from `from` to `context.order.status`. */
  afterStatusChange?(context: OrderHookContext & { from: OrderStatus }): Promise<void>;
}

/** Tax on (subtotal − discount) at a percent rate, rounded to whole VND (half up). */
export function computeBills(subtotal: number, discount: number, taxRate: number) {
  const taxable = Math.max(0, subtotal - discount);
  const tax = Math.round((taxable * taxRate) / 100);
  return { subtotal, discount, taxRate, tax, total: taxable + tax };
}

/** Same body ⇒ same hash, whatever the key order of its objects. */
function hashBody(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const toPublicOrder = ({ _id, orderNo, status, items, bills }: Order): PublicOrder => ({
  _id,
  orderNo,
  status,
  items,
  bills,
});

type LoadedOrder = Awaited<ReturnType<typeof repo.findOrders>>[number];

function toOrder({ order, table, createdBy, lines }: LoadedOrder): Order {
  return {
    _id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    source: order.source,
    customerDetails: { name: order.customerName, phone: order.customerPhone, guests: order.guests },
    customerId: order.customerId,
    table: table ? { _id: table.id, tableNo: table.tableNo } : null,
    items: lines.map((line) => ({
      itemId: line.itemId,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
      note: line.note,
      total: line.total,
    })),
    bills: {
      subtotal: order.subtotal,
      discount: order.discount,
      taxRate: order.taxRate,
      tax: order.tax,
      total: order.total,
    },
    coupon: order.couponCode ? { code: order.couponCode, discount: order.discount } : null,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    isPreorder: order.isPreorder,
    note: order.note,
    createdBy: createdBy ? { _id: createdBy.id, name: createdBy.name } : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

/** The only foreign key an order's body can name that the transaction does not check itself. */
const missingCustomer = () =>
  badRequest('That customer does not exist', [{ path: 'customerId', message: 'Unknown customer' }]);

/** Thrown inside the transaction when the key was used before with the same body: nothing is written. */
class IdempotentReplay extends Error {
  constructor(readonly orderId: string) {
    super('idempotent replay');
  }
}

export interface OrdersServiceDeps {
  db: Database;
  realtime: Pick<Realtime, 'emitToStaff' | 'emitToOrderFollowers'>;
  menu: Pick<MenuService, 'itemsForOrder'>;
  tables: Pick<TablesService, 'seatOrder' | 'seatIfFree' | 'releaseOrder' | 'announce' | 'findByNumber'>;
  settings: Pick<SettingsService, 'get'>;
  hooks?: OrderLifecycleHooks[];
}

export function createOrdersService({ db, realtime, menu, tables, settings, hooks = [] }: OrdersServiceDeps) {
  /** The coupons module's redemption; without it every code is unknown. */
  async function redeemCoupon(tx: Executor, claim: CouponClaim): Promise<{ couponId: string; discount: number }> {
    const redeemer = hooks.find((hook) => hook.redeemCoupon);
    if (!redeemer?.redeemCoupon) throw conflict(`There is no coupon ${claim.code}`);
    return redeemer.redeemCoupon(tx, claim);
  }

  /** Runs every module's hook of this moment in turn; their after-commit effects are collected in `effects`. */
  async function runHooks(
    effects: (() => void)[],
    context: Omit<OrderHookContext, 'afterCommit'>,
    from?: OrderStatus,
  ): Promise<void> {
    const full = { ...context, afterCommit: (effect: () => void) => effects.push(effect) };
    for (const hook of hooks) {
      if (from === undefined) await hook.afterPlaced?.(full);
      else await hook.afterStatusChange?.({ ...full, from });
    }
  }

  async function load(executor: Executor, id: string): Promise<Order> {
    const [loaded] = await repo.findOrders(executor, [id]);
    if (!loaded) throw notFound('That order does not exist');
    return toOrder(loaded);
  }

  /** Claims the key for this order, or throws: a replay of the same body, or a refusal of another body. */
  async function claimKey(tx: Executor, scopedKey: string, body: unknown, orderId: string): Promise<void> {
    const requestHash = hashBody(body);
    const holder = await repo.claimIdempotencyKey(
      tx,
      { scopedKey, requestHash, orderId },
      { hours: IDEMPOTENCY_HOURS },
    );
    if (holder && holder.requestHash !== requestHash) {
      throw conflict('This Idempotency-Key was already used for a different order');
    }
    if (holder) throw new IdempotentReplay(holder.orderId);
  }

  /** Prices every line from the menu; refuses unknown and unavailable dishes. */
  async function priceLines(tx: Executor, orderId: string, body: Pick<CreateOrderBody, 'items'>) {
    const menuItems = await menu.itemsForOrder(
      tx,
      body.items.map((line) => line.itemId),
    );
    const unknown = body.items.flatMap((line, index) =>
      menuItems.has(line.itemId) ? [] : [{ path: `items.${index}.itemId`, message: 'This dish is not on the menu' }],
    );
    if (unknown.length) throw badRequest('The order has a dish that is not on the menu', unknown);
    return body.items.map((line, position): repo.OrderLineRow => {
      const item = menuItems.get(line.itemId)!;
      if (!item.isAvailable) throw conflict(`${item.name} is not available right now`);
      return {
        orderId,
        position,
        itemId: item.id,
        categoryId: item.categoryId,
        name: item.name,
        price: item.price,
        quantity: line.quantity,
        note: line.note ?? '',
        total: item.price * line.quantity,
      };
    });
  }

  return {
    /**
     * Places a staff order in one transaction: claims the idempotency key, prices the lines, applies the
     * coupon, computes tax, writes the order, seats the table and runs the hooks. Events go out after commit.
     */
    async create(
      actor: AuthUser,
      body: CreateOrderBody,
      idempotencyKey?: string,
    ): Promise<{ order: Order; replayed: boolean }> {
      const orderId = newId();
      const current = await settings.get();
      const effects: (() => void)[] = [];
      let placed: Order;
      try {
        placed = await db.transaction(async (tx) => {
          if (idempotencyKey) await claimKey(tx, `user:${actor.id}:${idempotencyKey}`, body, orderId);

          const lines = await priceLines(tx, orderId, body);
          const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
          if (subtotal > MAX_BILL) throw badRequest('The order is too large; split it into several orders');
          const claim = { settings: current, subtotal, customerId: body.customerId ?? null };
          const coupon = body.couponCode ? await redeemCoupon(tx, { ...claim, code: body.couponCode }) : null;
          const discount = Math.min(subtotal, coupon?.discount ?? 0);
          const bills = computeBills(subtotal, discount, current.taxRate);

          const order = await repo.insertOrder(tx, {
            id: orderId,
            status: 'in_progress',
            source: 'pos',
            customerName: body.customerDetails.name,
            customerPhone: body.customerDetails.phone ?? '',
            guests: body.customerDetails.guests,
            tableId: body.tableId ?? null,
            customerId: body.customerId ?? null,
            ...bills,
            couponCode: body.couponCode ?? null,
            couponId: coupon?.couponId ?? null,
            paymentMethod: body.paymentMethod ?? null,
            isPreorder: body.isPreorder ?? false,
            note: body.note ?? '',
            createdById: actor.id,
          });
          await repo.insertLines(tx, lines);
          if (body.tableId) await tables.seatOrder(tx, body.tableId, orderId);
          await runHooks(effects, { tx, order, lines, settings: current, actorId: actor.id });
          return load(tx, orderId);
        });
      } catch (error) {
        if (error instanceof IdempotentReplay) return { order: await load(db, error.orderId), replayed: true };
        if (isForeignKeyViolation(error, 'orders_customer_id_customers_id_fk')) throw missingCustomer();
        throw error;
      }
      realtime.emitToStaff('order:created', placed);
      if (placed.table) await tables.announce([placed.table._id]);
      for (const effect of effects) effect();
      return { order: placed, replayed: false };
    },

    /**
     * A diner's order from the table page: the QR key must match the table's, the order waits as
     * `pending` for staff to accept, and the answer carries the token that lets this phone follow it.
     */
    async createForDiner(
      body: DinerOrderBody,
      idempotencyKey?: string,
    ): Promise<{ order: DinerOrderResult; replayed: boolean }> {
      const orderId = newId();
      const current = await settings.get();
      let seatedTableId: string | null = null;
      const effects: (() => void)[] = [];
      let placed: { order: Order; trackingToken: string };
      try {
        placed = await db.transaction(async (tx) => {
          const table = await tables.findByNumber(tx, body.tableNo);
          if (!table) throw notFound(`There is no table ${body.tableNo}`);
          if (!sameSecret(table.qrKey, body.tableKey)) throw forbidden('Scan the QR code on your table to order');
          if (idempotencyKey) await claimKey(tx, `table:${table.id}:${idempotencyKey}`, body, orderId);

          const lines = await priceLines(tx, orderId, body);
          const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
          if (subtotal > MAX_BILL) throw badRequest('The order is too large; ask the staff for help');
          const trackingToken = randomBytes(32).toString('base64url');
          const order = await repo.insertOrder(tx, {
            id: orderId,
            status: 'pending',
            source: 'table',
            customerName: body.customerDetails?.name || `Table ${table.tableNo}`,
            guests: body.customerDetails?.guests ?? 1,
            tableId: table.id,
            ...computeBills(subtotal, 0, current.taxRate),
            note: body.note ?? '',
            trackingToken,
          });
          await repo.insertLines(tx, lines);
          if (await tables.seatIfFree(tx, table.id, orderId)) seatedTableId = table.id;
          await runHooks(effects, { tx, order, lines, settings: current, actorId: null });
          return { order: await load(tx, orderId), trackingToken };
        });
      } catch (error) {
        if (!(error instanceof IdempotentReplay)) throw error;
        const [first] = await repo.findOrders(db, [error.orderId]);
        if (!first?.order.trackingToken) throw notFound('That order does not exist');
        return {
          order: { ...toPublicOrder(toOrder(first)), trackingToken: first.order.trackingToken },
          replayed: true,
        };
      }
      realtime.emitToStaff('order:created', placed.order);
      if (seatedTableId) await tables.announce([seatedTableId]);
      for (const effect of effects) effect();
      return { order: { ...toPublicOrder(placed.order), trackingToken: placed.trackingToken }, replayed: false };
    },

    /** Whether this token follows this order (the diner's phone that placed it). */
    async mayFollow(orderId: string, token: string): Promise<boolean> {
      const [found] = await repo.findOrders(db, [orderId]);
      return !!found?.order.trackingToken && sameSecret(found.order.trackingToken, token);
    },

    /** The diner's view of their order; any other token gets the same 404 as a missing order. */
    async getForDiner(orderId: string, token: string): Promise<PublicOrder> {
      const [found] = await repo.findOrders(db, [orderId]);
      if (!found?.order.trackingToken || !sameSecret(found.order.trackingToken, token)) {
        throw notFound('That order does not exist, or this link is not for it');
      }
      return toPublicOrder(toOrder(found));
    },

    async list(query: ListOrdersFilter): Promise<{ orders: Order[]; pagination: Pagination }> {
      const { ids, total } = await repo.pageOrderIds(
        db,
        {
          startDate: query.startDate ? new Date(query.startDate) : undefined,
          endDate: query.endDate ? new Date(query.endDate) : undefined,
          statuses: query.status,
          tableId: query.tableId,
          customerId: query.customerId,
        },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      const orders = (await repo.findOrders(db, ids)).map(toOrder);
      return {
        orders,
        pagination: {
          currentPage: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          totalItems: total,
          itemsPerPage: query.limit,
        },
      };
    },

    get: (id: string) => load(db, id),

    /** Moves an order along the status machine, records payment, edits its note. */
    async update(actor: AuthUser, id: string, body: UpdateOrderBody): Promise<Order> {
      const currentSettings = await settings.get();
      const freedTables: string[] = [];
      const effects: (() => void)[] = [];
      const updated = await db
        .transaction(async (tx) => {
          const order = await repo.lockOrder(tx, id);
          if (!order) throw notFound('That order does not exist');
          const next = body.status !== undefined && body.status !== order.status ? body.status : undefined;
          if (next && !allowedOrderMoves[order.status].includes(next)) {
            throw conflict(`Cannot move order ${order.orderNo} from ${order.status} to ${next}`);
          }
          if (
            !next &&
            !isOpenOrderStatus(order.status) &&
            (body.paymentMethod !== undefined || body.note !== undefined || body.customerId !== undefined)
          ) {
            throw conflict(`Order ${order.orderNo} is ${order.status} and can no longer be changed`);
          }
          if (body.customerId !== undefined && body.customerId !== order.customerId && order.couponCode) {
            // The coupon was checked for this customer (a spin prize belongs to one): place a new order instead.
            throw conflict(`Order ${order.orderNo} used coupon ${order.couponCode}; its customer can no longer change`);
          }
          const paymentMethod = body.paymentMethod ?? order.paymentMethod;
          if (next === 'completed' && !paymentMethod) {
            throw badRequest(`Choose how order ${order.orderNo} was paid`, [
              { path: 'paymentMethod', message: 'Choose cash, card, transfer or ewallet' },
            ]);
          }
          await repo.updateOrder(tx, id, {
            status: next,
            paymentMethod: body.paymentMethod,
            note: body.note,
            customerId: body.customerId,
            ...(next === 'completed' ? { paymentStatus: 'paid' as const, completedAt: new Date() } : {}),
          });
          if ((next === 'completed' || next === 'cancelled') && order.tableId) {
            if (await tables.releaseOrder(tx, order.tableId, order.id)) freedTables.push(order.tableId);
          }
          const [moved] = await repo.findOrders(tx, [id]);
          if (next) {
            const context = {
              tx,
              order: moved!.order,
              lines: moved!.lines,
              settings: currentSettings,
              actorId: actor.id,
            };
            await runHooks(effects, context, order.status);
          }
          return toOrder(moved!);
        })
        .catch((error: unknown) => {
          throw isForeignKeyViolation(error, 'orders_customer_id_customers_id_fk') ? missingCustomer() : error;
        });
      realtime.emitToStaff('order:updated', updated);
      realtime.emitToOrderFollowers({ _id: updated._id, orderNo: updated.orderNo, status: updated.status });
      await tables.announce(freedTables);
      for (const effect of effects) effect();
      return updated;
    },

    /** PUT /api/table {orderId}: seats an open order at another table, freeing the one it had. */
    async moveToTable(orderId: string, tableId: string): Promise<void> {
      const touched: string[] = [tableId];
      const moved = await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order) throw notFound('That order does not exist');
        if (!isOpenOrderStatus(order.status)) {
          throw conflict(`Order ${order.orderNo} is ${order.status}; only an open order can move to a table`);
        }
        if (order.tableId === tableId) return load(tx, orderId);
        if (order.tableId && (await tables.releaseOrder(tx, order.tableId, order.id))) touched.push(order.tableId);
        await tables.seatOrder(tx, tableId, order.id);
        await repo.updateOrder(tx, orderId, { tableId });
        return load(tx, orderId);
      });
      realtime.emitToStaff('order:updated', moved);
      await tables.announce(touched);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
