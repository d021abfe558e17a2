import type { Order } from '@quan/contract/order';
import type { Translate } from '../../../lib/i18n';

/** Whether an order is a tab of several rounds: only then do its screens name the rounds. */
export function hasRounds(order: Pick<Order, 'rounds'>): boolean {
  return order.rounds.length > 1;
}

/** "Table 4", or "Takeaway" for an order without a table (in the active language when no `t` is given). */
export function tableLabel(order: Pick<Order, 'table'>, t: Translate): string {
  return order.table ? t('orders.table', { tableNo: order.table.tableNo }) : t('orders.takeaway');
}

/** "Order #5", or "Round 2 of order #5" on a tab: what a toast is about. */
export function orderOrRoundName(t: Translate, order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number): string {
  return hasRounds(order)
    ? t('orders.name.round', { roundNo, orderNo: order.orderNo })
    : t('orders.name.order', { orderNo: order.orderNo });
}

/** The words after a round button's visible label, for a screen reader: "order #5", "round 2 of order #5". */
export function roundButtonTarget(t: Translate, order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number): string {
  return hasRounds(order)
    ? t('orders.target.round', { roundNo, orderNo: order.orderNo })
    : t('orders.target.order', { orderNo: order.orderNo });
}

/** "Round 2", "Rounds 2 and 3". */
export function roundNames(t: Translate, numbers: readonly number[]): string {
  return numbers.length === 1
    ? t('orders.rounds.one', { no: numbers[0] })
    : t('orders.rounds.many', { list: numbers.slice(0, -1).join(', '), last: numbers.at(-1) });
}
