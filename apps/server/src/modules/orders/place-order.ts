import { randomBytes } from 'node:crypto';
import { computeBill, subtotalsByRate } from '@quan/contract/bill';
import { serviceRateFor, type Settings } from '@quan/contract/settings';
import { isOpenOrderStatus, type CreateOrderBody, type Order, type OrderLineInput } from '@quan/contract/order';
import type { DinerOrderBody, DinerOrderResult } from '@quan/contract/public';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { badRequest, conflict, type AppError, forbidden, isForeignKeyViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { sameSecret } from '../../lib/same-secret';
import type { AuthUser } from '../../plugins/auth';
import type { OrderMenu } from '../menu/service';
import { appendRound } from './add-round';
import { CUSTOMER_FOREIGN_KEY, type OrdersDeps } from './deps';
import { transactIdempotent, type ClaimKey } from './idempotency';
import { loadOrder, newOrderView, toOrder, toPublicOrder } from './order-view';
import { explainMenuChanged, MAX_BILL, priceLines, roundUsesStock } from './price-lines';
import * as repo from './repository';

type NewOrder = Parameters<typeof repo.insertOrder>[1];

/**
 * What differs between the two ways an order comes in (the POS and a diner's phone); everything else is
 * the one pipeline of `placeOrder`.
 */
interface Door<T> {
  items: OrderLineInput[];
  couponCode?: string;
  customerId?: string;
  /** Who placed it: the order's author, and the stock history's; null for a diner. */
  actor: { id: string; name: string } | null;
  tooLarge: string;
  /**
   * Inside the transaction: checks who may order here, and gives the key's scope and either the new
   * order's own fields or the open order (locked) that these dishes join as a new round.
   */
  open(tx: Executor): Promise<{
    keyScope: string;
    fields: Omit<NewOrder, 'id' | 'branchId' | 'subtotal' | 'discount' | 'serviceVatRate' | 'tax' | 'total'>;
    /**
     * The refusal of a new order whose table another order took first (found when seating it, after the
     * insert); without one, the tables' own, naming the order there.
     */
    tableTaken?: () => AppError;
    joins?: repo.OrderRow;
  }>;
  /** The answer for the order placed (or joined). */
  answer(order: Order): T;
  /** The answer to a repeat of a key already used with the same body: the order that key placed. */
  replay(orderId: string): Promise<T>;
}

/**
 * The one placing pipeline, in one transaction of the branch: claim the idempotency key, price the lines from the menu,
 * redeem the coupon, compute the bill, write the order, seat the table, take the stock of an order that
 * goes to the kitchen, and record what happened. A replayed key writes nothing and answers the door's replay.
 * The settings and the menu come from memory, the answer from what the writes returned: a staff order at
 * the counter costs the key's claim, one insert of the order with its number, round and lines, and the stock
 * of the dishes that have a recipe.
 */
async function placeOrder<T>(
  deps: OrdersDeps,
  branchId: string,
  door: Door<T>,
  request: { body: unknown; idempotencyKey?: string },
): Promise<{ result: T; replayed: boolean }> {
  const orderId = newId();
  const [settings, menu] = await Promise.all([deps.settings.get(branchId), deps.menu.orderMenu(branchId)]);
  const call = { key: request.idempotencyKey, branchId, request: request.body, replay: door.replay };
  const context = { branchId, orderId, settings, menu };
  const placing = transactIdempotent(deps, call, (tx, record: RecordEvent, claimKey) =>
    placeWithin(deps, tx, record, door, { ...context, claimKey }),
  );
  return placing.catch((error: unknown) => {
    throw explainMenuChanged(error);
  });
}

/**
 * The pipeline's work inside its transaction, with the settings and menu of the branch read before it. The
 * order's number comes with its insert, after the key's claim: a replay, a refusal or a joined round takes none.
 */
async function placeWithin<T>(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  door: Door<T>,
  context: {
    branchId: string;
    orderId: string;
    settings: Settings;
    menu: OrderMenu;
    claimKey: ClaimKey;
  },
): Promise<T> {
  const { branchId, orderId, settings, menu, claimKey } = context;
  const actorId = door.actor?.id ?? null;
  const { keyScope, fields, tableTaken, joins } = await door.open(tx);
  await claimKey(keyScope, joins?.id ?? orderId);
  if (joins) {
    const change = { order: joins, actorId, settings };
    const added = await appendRound(deps, tx, record, change, { items: door.items, source: fields.source, menu });
    return door.answer(added.order);
  }

  const lines = await priceLines(deps, tx, menu, orderId, door.items, { position: 0, roundNo: 1 }, settings.taxRate);
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  if (subtotal > MAX_BILL) throw badRequest(door.tooLarge).because('ORDER_TOO_LARGE');
  const claim = { settings, branchId, subtotal, customerId: door.customerId ?? null };
  const coupon = door.couponCode ? await deps.coupons.redeem(tx, { ...claim, code: door.couponCode }) : null;
  const serviceRate = serviceRateFor(settings.serviceCharge, { source: fields.source, hasTable: !!fields.tableId });
  const bill = computeBill({
    subtotals: subtotalsByRate(lines.map((line) => ({ vatRate: line.vatRate, amount: line.total }))),
    discount: Math.min(subtotal, coupon?.discount ?? 0),
    serviceRate,
    serviceVatRate: settings.serviceVatRate ?? settings.taxRate,
    pricesIncludeTax: settings.pricesIncludeTax,
  });
  // The service charge and the tax come on top of the subtotal: the bill as a whole must fit the books.
  if (bill.total > MAX_BILL) throw badRequest(door.tooLarge).because('ORDER_TOO_LARGE');

  const roundStatus = fields.status === 'pending' ? 'pending' : 'in_progress';
  const { order, round } = await repo.insertOrder(
    tx,
    { ...fields, id: orderId, branchId, ...bill, couponId: coupon?.couponId ?? null },
    { round: { orderId, no: 1, status: roundStatus, source: fields.source, sentById: actorId }, lines },
  );
  let table: { id: string; tableNo: number } | null = null;
  if (order.tableId) {
    // Seated after the insert, which holds the branch's row: every new order locks the branch, then its table.
    if (!tableTaken) await deps.tables.seatOrder(tx, branchId, order.tableId, orderId);
    else if (!(await deps.tables.seatIfFree(tx, branchId, order.tableId, orderId))) throw tableTaken();
    const { _id, tableNo } = await deps.tables.recordChange(tx, record, branchId, order.tableId);
    table = { id: _id, tableNo };
  }
  // A staff order goes to the kitchen at once; a diner's waits for staff to accept it.
  if (order.status === 'in_progress' && roundUsesStock(menu, lines)) {
    await deps.stock.takeForRound(tx, branchId, record, { orderId, roundNo: 1 }, actorId);
  }

  const placed = newOrderView({ order, round, lines, table, author: door.actor });
  if (order.status === 'in_progress') {
    const cause = { branchId, order: () => Promise.resolve(placed), roundNo: 1, settings };
    await deps.printing.queueKitchenTickets(tx, record, cause);
  }
  record({ type: 'order.placed', branchId, order: placed });
  return door.answer(placed);
}

const missingCustomer = () =>
  badRequest('That customer does not exist', [{ path: 'customerId', message: 'Unknown customer' }]).because(
    'CUSTOMER_NOT_FOUND',
  );

/** The POS's door: a signed-in staff member's order in their branch, in the kitchen at once. */
export async function placeStaffOrder(
  deps: OrdersDeps,
  actor: AuthUser,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const door: Door<Order> = {
    items: body.items,
    couponCode: body.couponCode,
    customerId: body.customerId,
    actor,
    tooLarge: 'The order is too large; split it into several orders',
    open: async () => ({
      keyScope: `user:${actor.id}`,
      fields: {
        status: 'in_progress',
        source: 'pos',
        // A table order may come without a guest: the screens name it by its table, and it seats one.
        customerName: body.customerDetails?.name ?? '',
        customerPhone: body.customerDetails?.phone ?? '',
        guests: body.customerDetails?.guests ?? 1,
        tableId: body.tableId ?? null,
        customerId: body.customerId ?? null,
        couponCode: body.couponCode ?? null,
        paymentMethod: body.paymentMethod ?? null,
        isPreorder: body.isPreorder ?? false,
        note: body.note ?? '',
        createdById: actor.id,
      },
    }),
    answer: (order) => order,
    replay: (orderId) => loadOrder(deps.db, actor.branchId, orderId),
  };
  try {
    const { result, replayed } = await placeOrder(deps, actor.branchId, door, { body, idempotencyKey });
    return { order: result, replayed };
  } catch (error) {
    if (isForeignKeyViolation(error, CUSTOMER_FOREIGN_KEY)) throw missingCustomer();
    throw error;
  }
}

/**
 * The table page's door, at a table of `branchId` (the branch the diner's link names): the QR key must be the table's; the dishes wait as `pending` for staff to accept
 * them, as a new order or, when the table already has an open order, as its next round; the answer
 * carries the token that lets this phone follow that order.
 */
export async function placeDinerOrder(
  deps: OrdersDeps,
  branchId: string,
  body: DinerOrderBody,
  idempotencyKey?: string,
): Promise<{ order: DinerOrderResult; replayed: boolean }> {
  let trackingToken = randomBytes(32).toString('base64url');
  const door: Door<DinerOrderResult> = {
    items: body.items,
    actor: null,
    tooLarge: 'The order is too large; ask the staff for help',
    async open(tx) {
      const table = await deps.tables.findByNumber(tx, branchId, body.tableNo);
      if (!table)
        throw notFound(`There is no table ${body.tableNo}`).because('TABLE_NOT_FOUND', { tableNo: body.tableNo });
      if (!sameSecret(table.qrKey, body.tableKey)) {
        throw forbidden('Scan the QR code on your table to order').because('TABLE_KEY_INVALID');
      }
      let joins: repo.OrderRow | undefined;
      if (table.currentOrderId) {
        const open = await repo.lockOrder(tx, branchId, table.currentOrderId);
        // Read again under the order's lock: a bill paid meanwhile frees the table.
        const still = await deps.tables.findByNumber(tx, branchId, body.tableNo);
        if (open && isOpenOrderStatus(open.status) && still?.currentOrderId === open.id) joins = open;
      }
      if (joins) {
        // Every phone at the table follows the table's one order.
        if (joins.trackingToken) trackingToken = joins.trackingToken;
        else await repo.updateOrder(tx, joins.id, { trackingToken });
        // The name a diner typed is for staff to know whose the order is: it names an order that had none (a
        // waiter's, started from the table alone).
        const name = body.customerDetails?.name;
        if (name && joins.customerName === '') await repo.updateOrder(tx, joins.id, { customerName: name });
      }
      return {
        joins,
        keyScope: `table:${table.id}`,
        // Two phones at a free table: the second waits on the first's number, then finds the table taken.
        tableTaken: () =>
          conflict(
            `Someone at table ${body.tableNo} has just ordered; send your dishes again to join their order`,
          ).because('TABLE_JUST_ORDERED', { tableNo: body.tableNo }),
        fields: {
          status: 'pending',
          source: 'table',
          // No name typed: the screens name the order by its table, in their language ("Bàn 3").
          customerName: body.customerDetails?.name ?? '',
          guests: body.customerDetails?.guests ?? 1,
          tableId: table.id,
          note: body.note ?? '',
          trackingToken,
        },
      };
    },
    answer: (order) => ({ ...toPublicOrder(order), trackingToken }),
    async replay(orderId) {
      // The first request's token, so that the phone that retried follows the order it placed.
      const [first] = await repo.findOrders(deps.db, branchId, [orderId]);
      if (!first?.order.trackingToken) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
      return { ...toPublicOrder(toOrder(first)), trackingToken: first.order.trackingToken };
    },
  };
  const { result, replayed } = await placeOrder(deps, branchId, door, { body, idempotencyKey });
  return { order: result, replayed };
}

/** What a reservation's pre-order becomes when it fires (see placeReservedOrder). */
export interface ReservedOrder {
  /** The reservation's branch: the order's, and its table's. */
  branchId: string;
  tableId: string;
  customerDetails: { name: string; phone: string; guests: number };
  customerId: string | null;
  items: OrderLineInput[];
  note: string;
  /** Who sent it: the staff member who marked the guests arrived, or the booking's author when it fires on time. */
  actor: { id: string; name: string } | null;
}

/**
 * A reservation's door, in the caller's transaction (the reservation's row locked, so that it fires once):
 * a pre-order (`isPreorder`) placed like a POS order at the reservation's table, straight to the kitchen
 * with its stock; at a table that is still eating, the dishes join its open order as a POS round. The
 * settings and the menu are read by the caller before its transaction.
 */
export async function placeReservedOrder(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  read: { settings: Settings; menu: OrderMenu },
  reserved: ReservedOrder,
): Promise<Order> {
  const door: Door<Order> = {
    items: reserved.items,
    customerId: reserved.customerId ?? undefined,
    actor: reserved.actor,
    tooLarge: 'The pre-order is too large; split it into several orders',
    async open(tx) {
      const table = await deps.tables.findById(tx, reserved.branchId, reserved.tableId);
      if (!table) throw notFound('That table does not exist (it may have been deleted)').because('TABLE_GONE');
      let joins: repo.OrderRow | undefined;
      if (table.currentOrderId) {
        // Orders are locked before tables; read the table again under the order's lock (a bill paid meanwhile frees it).
        const open = await repo.lockOrder(tx, reserved.branchId, table.currentOrderId);
        const still = await deps.tables.findById(tx, reserved.branchId, reserved.tableId);
        if (open && isOpenOrderStatus(open.status) && still?.currentOrderId === open.id) joins = open;
      }
      return {
        joins,
        keyScope: '',
        fields: {
          status: 'in_progress',
          source: 'pos',
          customerName: reserved.customerDetails.name,
          customerPhone: reserved.customerDetails.phone,
          guests: reserved.customerDetails.guests,
          tableId: reserved.tableId,
          customerId: reserved.customerId,
          isPreorder: true,
          note: reserved.note,
          createdById: reserved.actor?.id ?? null,
        },
      };
    },
    answer: (order) => order,
    replay: (orderId) => loadOrder(deps.db, reserved.branchId, orderId),
  };
  const noKey: ClaimKey = async () => undefined;
  const context = { branchId: reserved.branchId, orderId: newId(), ...read, claimKey: noKey };
  try {
    return await placeWithin(deps, tx, record, door, context);
  } catch (error) {
    throw explainMenuChanged(error);
  }
}
