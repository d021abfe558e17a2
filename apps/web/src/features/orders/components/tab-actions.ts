import type { Translate } from '../../../lib/i18n';
import { billLeft, divideBill, type BillAmounts } from '@quan/contract/bill';
import { describeOptions } from '@quan/contract/option-rules';
import { isOpenOrderStatus, type Order, type OrderItem, type VoidReason } from '@quan/contract/order';
import { billedQuantity } from './order-lines';
import { hasRounds } from './order-names';
import { lineKitchenStart } from './round-status';

/** The message ids of the reasons a void is recorded with, as the floor says them. */
export const voidReasonMessages: Record<VoidReason, string> = {
  wrong_dish: 'orders.voidReason.wrongDish',
  changed_mind: 'orders.voidReason.changedMind',
  quality: 'orders.voidReason.quality',
  other: 'orders.voidReason.other',
};

/** How many of each line (by its position) a dialog has picked; a line not in it is 0. */
export type LinePicks = ReadonlyMap<number, number>;

/** A line, or part of its quantity, as the API takes it. */
export interface LinePortion {
  position: number;
  quantity: number;
}

/** The lines still on the bill, in the order's order: what can be voided, moved or put in a part. */
export function billedLines(order: Pick<Order, 'items'>): OrderItem[] {
  return order.items.filter((line) => billedQuantity(line) > 0);
}

/** The picks as the API's lines, in the order's line order, leaving out the lines picked 0 times. */
export function pickedPortions(order: Pick<Order, 'items'>, picks: LinePicks): LinePortion[] {
  return billedLines(order)
    .map((line) => ({
      position: line.position,
      quantity: Math.min(picks.get(line.position) ?? 0, billedQuantity(line)),
    }))
    .filter((portion) => portion.quantity > 0);
}

/** How many dishes are picked in all. */
export function pickedCount(order: Pick<Order, 'items'>, picks: LinePicks): number {
  return pickedPortions(order, picks).reduce((sum, portion) => sum + portion.quantity, 0);
}

/** What the picked dishes cost at their prices, before any discount and tax. */
export function pickedAmount(order: Pick<Order, 'items'>, picks: LinePicks): number {
  return pickedPortions(order, picks).reduce((sum, { position, quantity }) => {
    const line = order.items.find((one) => one.position === position);
    return sum + (line ? line.price * quantity : 0);
  }, 0);
}

/** "2 × Phở bò, 1 × Trà đá" */
export function describePortions(order: Pick<Order, 'items'>, portions: readonly LinePortion[]): string {
  return portions
    .map(({ position, quantity }) => {
      const line = order.items.find((one) => one.position === position);
      return `${quantity} × ${line ? dishLabel(line) : '?'}`;
    })
    .join(', ');
}

/**
 * Whether the kitchen has started a line (its station said so, or the grace time since it was sent is over):
 * voiding it needs a manager, and it may have been cooked.
 */
export function isStartedLine(
  order: Pick<Order, 'rounds'>,
  line: Pick<OrderItem, 'roundNo' | 'startedAt'>,
  now = Date.now(),
): boolean {
  return lineKitchenStart(order, line, now) !== 'not_started';
}

/**
 * Whether the bill of an order may still change: open, and no part of a split paid, even partly (the server
 * refuses then). Money on the whole bill still allows a void that leaves at least that much to pay.
 */
export function canChangeBill(order: Pick<Order, 'status' | 'billParts'>): boolean {
  return isOpenOrderStatus(order.status) && !order.billParts.some((part) => part.paid > 0);
}

/** A dish with its options, in one phrase: "Phở bò (Lớn · không hành)". */
export function dishLabel(line: Pick<OrderItem, 'name' | 'options'>): string {
  return line.options.length > 0 ? `${line.name} (${describeOptions(line.options)})` : line.name;
}

/**
 * How a line is named where two lines could share a dish: "Phở bò (Lớn)", or "Phở bò (Lớn), round 2" on a
 * tab; the options tell a large bowl from a small one.
 */
export function lineLabel(
  t: Translate,
  order: Pick<Order, 'rounds'>,
  line: Pick<OrderItem, 'name' | 'options' | 'roundNo'>,
): string {
  return hasRounds(order) ? t('orders.lineOfRound', { dish: dishLabel(line), roundNo: line.roundNo }) : dishLabel(line);
}

/** What a split of an order's bill divides now, as the server works it out. */
export interface SplitLeft {
  /** The parts with money on them (paid in full or in part): a new split keeps them as they are. */
  kept: BillPart[];
  /** What was paid on a bill never split: the split makes it a part of its own, paid (0: nothing). */
  paidBefore: number;
  /** The amounts the new parts share: the bill less the kept parts (and the part paid before). */
  left: BillAmounts & { pricesIncludeTax: boolean };
  /** The number of the first new part: after every number a part or a payment has. */
  firstNo: number;
  /**
   * How many of each dish (by line position) the new parts hold between them; null when money was paid for
   * no dish in particular (an even share, a payment on the whole bill), so the rest can only be split evenly.
   */
  dishes: LinePicks | null;
}

type BillPart = Order['billParts'][number];

/**
 * What a split divides: parts with money on them stay, and only what the others held (on a bill never split,
 * what is still due) is divided, in parts numbered after them. Mirrors the server's `divideWhatIsLeft`.
 */
export function splitLeft(order: Pick<Order, 'items' | 'bills' | 'billParts' | 'payments'>): SplitLeft {
  const paidOf = (no: number | null) =>
    order.payments
      .filter((payment) => payment.partNo === no)
      .reduce((sum, payment) => sum + payment.amount - payment.refunded, 0);
  const kept = order.billParts.filter((part) => paidOf(part.no) > 0);
  const lastNo = Math.max(0, ...kept.map((part) => part.no), ...order.payments.map((payment) => payment.partNo ?? 0));
  const paidBefore = paidOf(null);
  const { pricesIncludeTax } = order.bills;
  let left = billLeft(order.bills, kept);
  if (paidBefore > 0) {
    const [share] = divideBill({ ...left, pricesIncludeTax }, { totals: [paidBefore, left.total - paidBefore] });
    left = billLeft(left, [share!]);
  }
  let dishes: Map<number, number> | null = null;
  if (paidBefore === 0 && kept.every((part) => part.lines.length > 0)) {
    dishes = new Map(billedLines(order).map((line) => [line.position, billedQuantity(line)]));
    for (const { position, quantity } of kept.flatMap((part) => part.lines)) {
      dishes.set(position, Math.max(0, (dishes.get(position) ?? 0) - quantity));
    }
  }
  return {
    kept,
    paidBefore,
    left: { ...left, pricesIncludeTax },
    firstNo: lastNo + 1 + (paidBefore > 0 ? 1 : 0),
    dishes,
  };
}

/** The amounts of an even split between `guests`, divided as the server divides them (they differ by 1 ₫ at most). */
export function evenSplitAmounts(split: Pick<SplitLeft, 'left'>, guests: number): number[] {
  return divideBill(split.left, { evenly: guests }).map((part) => part.total);
}

/** The dishes of `dishes` that no part of `parts` holds: the last part of a split by dishes. */
export function unpickedDishes(dishes: LinePicks, parts: readonly LinePicks[]): LinePicks {
  const rest = new Map(dishes);
  for (const picks of parts) {
    for (const [position, quantity] of picks) rest.set(position, Math.max(0, (rest.get(position) ?? 0) - quantity));
  }
  return new Map([...rest].filter(([, quantity]) => quantity > 0));
}

/**
 * The dishes of each part of a split by dishes as the server makes them: the parts picked, then one more
 * for the dishes no part holds (when some are left).
 */
export function dishGroups(dishes: LinePicks, parts: readonly LinePicks[]): LinePicks[] {
  const rest = unpickedDishes(dishes, parts);
  return rest.size > 0 ? [...parts, rest] : [...parts];
}

/**
 * What each part of a split by dishes pays, divided as the server divides it: each part's dishes at their
 * prices, the discount, service charge and VAT in proportion, the dishes no part holds in one more part.
 */
export function splitByDishesAmounts(
  order: Pick<Order, 'items'>,
  split: Pick<SplitLeft, 'left' | 'dishes'>,
  parts: readonly LinePicks[],
): number[] {
  const priceOf = (position: number) => order.items.find((line) => line.position === position)?.price ?? 0;
  const subtotals = dishGroups(split.dishes ?? new Map(), parts).map((picks) =>
    [...picks].reduce((sum, [position, quantity]) => sum + priceOf(position) * quantity, 0),
  );
  return divideBill(split.left, { subtotals }).map((part) => part.total);
}

/**
 * Whether an order's bill can be split now: open, with something still to pay. A split keeps the parts
 * already paid, so it stays on offer while any part is unpaid.
 */
export function canSplitBill(order: Pick<Order, 'status' | 'due' | 'bills'>): boolean {
  return isOpenOrderStatus(order.status) && order.bills.total > 0 && order.due > 0;
}

/** The picks with one line's number changed. */
export function withPick(picks: LinePicks, position: number, quantity: number): LinePicks {
  const next = new Map(picks);
  if (quantity > 0) next.set(position, quantity);
  else next.delete(position);
  return next;
}

/** The tables another order's dishes can go to or come from: those with an open order other than this one. */
export function otherOpenTables<T extends { tableNo: number; currentOrder: { _id: string } | null }>(
  tables: readonly T[],
  order: Pick<Order, '_id'>,
): T[] {
  return tables
    .filter((table) => table.currentOrder !== null && table.currentOrder._id !== order._id)
    .sort((a, b) => a.tableNo - b.tableNo);
}

/** The hand-made changes of an open order's bill offered on its card. */
export type TabAction = 'pay' | 'void' | 'move' | 'merge' | 'split';
