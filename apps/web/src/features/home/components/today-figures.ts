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
