import type { Order, OrderItem } from '@quan/contract/order';

/** How many of a line are still on the bill (and still to cook). */
export function billedQuantity(line: Pick<OrderItem, 'quantity' | 'voidedQuantity'>): number {
  return Math.max(0, line.quantity - line.voidedQuantity);
}

export function linesOfRound(order: Pick<Order, 'items'>, roundNo: number): OrderItem[] {
  return order.items.filter((line) => line.roundNo === roundNo);
}
