import type { Order } from '@quan/contract/order';

let sequence = 0;

/** An order as GET /api/order returns it, for tests (the orders feature's and the pages composing it). */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  const orderNo = overrides.orderNo ?? 1000 + sequence;
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-${String(orderNo).padStart(12, '0')}`,
    orderNo,
    status: 'in_progress',
    source: 'pos',
    customerDetails: { name: 'Phạm Thu Hà', phone: '', guests: 2 },
    customerId: null,
    table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000004', tableNo: 4 },
    items: [
      { itemId: null, name: 'Phở bò', price: 65000, quantity: 2, note: '', total: 130000 },
      { itemId: null, name: 'Trà đá', price: 5000, quantity: 2, note: 'ít đá', total: 10000 },
    ],
    bills: { subtotal: 140000, discount: 0, taxRate: 8, tax: 11200, total: 151200 },
    coupon: null,
    paymentMethod: null,
    paymentStatus: 'unpaid',
    isPreorder: false,
    note: '',
    createdBy: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    completedAt: null,
    ...overrides,
  };
}
