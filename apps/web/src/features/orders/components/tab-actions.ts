import type { Translate } from '../../../lib/i18n';
import { splitAmount } from '@quan/contract/bill';
import { describeOptions } from '@quan/contract/option-rules';
import { isOpenOrderStatus, type Order, type OrderItem, type VoidReason } from '@quan/contract/order';
import { billedQuantity } from './order-lines';
import { hasRounds } from './order-names';

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
 * Whether the kitchen has started a line's round (accepted, made or served it): voiding it needs a manager,
 * and its dishes may have been cooked.
 */
export function isStartedLine(order: Pick<Order, 'rounds'>, line: Pick<OrderItem, 'roundNo'>): boolean {
  const round = order.rounds.find((one) => one.no === line.roundNo);
  return round !== undefined && round.status !== 'pending';
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

/** The amounts of an even split between `guests`, divided as the server divides them (they differ by 1 ₫ at most). */
export function evenSplitAmounts(total: number, guests: number): number[] {
  return splitAmount(total, Array<number>(guests).fill(1));
}

/**
 * The two parts of a split by dishes as the server makes them: part 1 the picked dishes, part 2 the rest,
 * the discount and the tax divided in proportion, so the preview shows what each guest will pay.
 */
export function splitByDishesAmounts(order: Pick<Order, 'items' | 'bills'>, picks: LinePicks): [number, number] {
  const first = pickedAmount(order, picks);
  const whole = billedLines(order).reduce((sum, line) => sum + line.price * billedQuantity(line), 0);
  const subtotals = [first, whole - first];
  const discounts = splitAmount(order.bills.discount, subtotals);
  const taxes = splitAmount(
    order.bills.tax,
    subtotals.map((subtotal, index) => subtotal - discounts[index]!),
  );
  const totals = subtotals.map((subtotal, index) => subtotal - discounts[index]! + taxes[index]!);
  return [totals[0]!, totals[1]!];
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
