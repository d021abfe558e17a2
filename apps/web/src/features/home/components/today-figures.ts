import type { Order } from '@quan/contract/order';

export interface PopularDish {
  name: string;
  quantity: number;
}

/** The dishes ordered most (by quantity) across the given orders; cancelled orders do not count. */
export function popularDishes(orders: readonly Order[], limit = 5): PopularDish[] {
  const byDish = new Map<string, PopularDish>();
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const line of order.items) {
      const key = line.itemId ?? `name:${line.name}`;
      const dish = byDish.get(key) ?? { name: line.name, quantity: 0 };
      dish.quantity += line.quantity;
      byDish.set(key, dish);
    }
  }
  return [...byDish.values()]
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'vi'))
    .slice(0, limit);
}

/**
 * Revenue of the given orders: the bill totals of the completed ones. Computed here from today's orders
 * until the reports issue moves the home card to GET /api/order/revenue, which also counts orders created
 * before midnight and settled today.
 */
export function completedRevenue(orders: readonly Order[]): { total: number; count: number } {
  const completed = orders.filter((order) => order.status === 'completed');
  return { total: completed.reduce((sum, order) => sum + order.bills.total, 0), count: completed.length };
}
