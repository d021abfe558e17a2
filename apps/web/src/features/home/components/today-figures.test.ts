// @vitest-environment node
import type { Order } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { popularDishes } from './today-figures';

function order(status: Order['status'], total: number, items: [string, number][]): Order {
  return {
    status,
    bills: { subtotal: total, discount: 0, taxRate: 0, tax: 0, total },
    items: items.map(([name, quantity]) => ({ itemId: `id-${name}`, name, price: 1000, quantity, note: '', total: 0 })),
  } as Order;
}

describe('today figures', () => {
  const orders = [
    order('completed', 150_000, [
      ['Phở bò', 2],
      ['Trà đá', 3],
    ]),
    order('in_progress', 90_000, [
      ['Bún chả', 1],
      ['Phở bò', 1],
    ]),
    order('cancelled', 500_000, [['Cơm tấm', 10]]),
    order('completed', 65_000, [
      ['Bánh mì', 1],
      ['Gỏi cuốn', 1],
      ['Chè', 1],
    ]),
  ];

  it('ranks dishes by quantity across orders, ignoring cancelled ones, top five', () => {
    expect(popularDishes(orders)).toEqual([
      { name: 'Phở bò', quantity: 3 },
      { name: 'Trà đá', quantity: 3 },
      { name: 'Bánh mì', quantity: 1 },
      { name: 'Bún chả', quantity: 1 },
      { name: 'Chè', quantity: 1 },
    ]);
  });
});
