import { computeBill } from '@quan/contract/bill';
import type { SplitBillBody } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { divideBill } from '../src/modules/orders/split-bill';

/** Two bowls of phở, three iced teas (one voided), a bún chả: 195.000 ₫ on the bill. */
const lines = [
  { position: 0, name: 'Phở bò', price: 65_000, quantity: 2, voidedQuantity: 0 },
  { position: 1, name: 'Trà đá', price: 5_000, quantity: 3, voidedQuantity: 1 },
  { position: 2, name: 'Bún chả', price: 55_000, quantity: 1, voidedQuantity: 0 },
];

/** The bill of those lines: 15.000 ₫ off, 5 % service, 8 % tax. */
const order = { orderNo: 1042, ...computeBill({ subtotal: 195_000, discount: 15_000, taxRate: 8, serviceRate: 5 }) };

const byLines = (...parts: { position: number; quantity: number }[][]): SplitBillBody => ({ by: 'lines', parts });
const byGuests = (guests: number): SplitBillBody => ({ by: 'guests', guests });
const sumOf = (parts: Record<string, unknown>[], key: 'subtotal' | 'discount' | 'serviceCharge' | 'tax' | 'total') =>
  parts.reduce((sum, part) => sum + (part[key] as number), 0);

describe('a bill split by lines', () => {
  it('puts the chosen lines in the parts and what is left in one more', () => {
    const parts = divideBill(
      order,
      lines,
      byLines(
        [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        [{ position: 2, quantity: 1 }],
      ),
    );
    expect(parts.map((part) => part.lines)).toEqual([
      [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
      [{ position: 2, quantity: 1 }],
      [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
    ]);
    expect(parts.map((part) => part.no)).toEqual([1, 2, 3]);
    expect(parts.map((part) => part.subtotal)).toEqual([70_000, 55_000, 70_000]);
  });

  it('divides the discount, the service charge and the tax in proportion, adding up to the bill exactly', () => {
    const parts = divideBill(
      order,
      lines,
      byLines(
        [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        [{ position: 2, quantity: 1 }],
      ),
    );
    expect(order).toMatchObject({ discount: 15_000, serviceCharge: 9_000, tax: 15_120, total: 204_120 });
    expect(parts.map((part) => part.discount)).toEqual([5_385, 4_231, 5_384]);
    expect(parts.map((part) => part.serviceCharge)).toEqual([3_231, 2_538, 3_231]);
    expect(parts.map((part) => part.tax)).toEqual([5_428, 4_264, 5_428]);
    expect(parts.map((part) => part.total)).toEqual([73_274, 57_571, 73_275]);
    for (const key of ['subtotal', 'discount', 'serviceCharge', 'tax', 'total'] as const) {
      expect(sumOf(parts, key)).toBe(order[key]);
    }
    for (const part of parts) {
      expect(part.total).toBe(part.subtotal - part.discount + part.serviceCharge + part.tax);
    }
  });

  it('makes no extra part when the chosen parts hold every dish', () => {
    const parts = divideBill(
      order,
      lines,
      byLines(
        [{ position: 0, quantity: 2 }],
        [
          { position: 1, quantity: 2 },
          { position: 2, quantity: 1 },
        ],
      ),
    );
    expect(parts).toHaveLength(2);
    expect(sumOf(parts, 'total')).toBe(order.total);
  });

  it('refuses a line the order does not have', () => {
    expect(() => divideBill(order, lines, byLines([{ position: 9, quantity: 1 }]))).toThrow('Order 1042 has no line 9');
  });

  it('refuses more portions than are left on the bill, voided ones and other parts counted', () => {
    expect(() => divideBill(order, lines, byLines([{ position: 1, quantity: 3 }]))).toThrow(
      'Only 2 × Trà đá is left to put in a part',
    );
    expect(() =>
      divideBill(order, lines, byLines([{ position: 0, quantity: 1 }], [{ position: 0, quantity: 2 }])),
    ).toThrow('Only 1 × Phở bò is left to put in a part');
  });

  it('refuses a split with one part only', () => {
    const everything = lines.map((line) => ({
      position: line.position,
      quantity: line.quantity - line.voidedQuantity,
    }));
    expect(() => divideBill(order, lines, byLines(everything))).toThrow('A split needs at least two parts');
  });
});

describe('a bill split evenly between guests', () => {
  it('gives each guest an equal share, the first ones taking the đồng left over', () => {
    const bill = { orderNo: 7, ...computeBill({ subtotal: 200_000, discount: 20_000, taxRate: 8, serviceRate: 5 }) };
    const parts = divideBill(bill, [], byGuests(3));
    expect(parts.map((part) => part.total)).toEqual([68_040, 68_040, 68_040]);
    expect(parts.map((part) => part.tax)).toEqual([5_040, 5_040, 5_040]);
    expect(parts.map((part) => part.serviceCharge)).toEqual([3_000, 3_000, 3_000]);
    expect(parts.map((part) => part.discount)).toEqual([6_667, 6_667, 6_666]);
    expect(parts.map((part) => part.subtotal)).toEqual([66_667, 66_667, 66_666]);
    expect(parts.every((part) => part.lines.length === 0)).toBe(true);
  });

  it("adds up exactly, each part's own sum holding, for any number of guests", () => {
    for (const bill of [
      computeBill({ subtotal: 108_000, discount: 0, taxRate: 8 }),
      computeBill({ subtotal: 1_234_567, discount: 34_567, taxRate: 10, serviceRate: 5 }),
      computeBill({ subtotal: 99_999, discount: 1, taxRate: 0.7 }),
    ]) {
      for (let guests = 2; guests <= 20; guests++) {
        const parts = divideBill({ orderNo: 1, ...bill }, [], byGuests(guests));
        expect(parts).toHaveLength(guests);
        for (const key of ['subtotal', 'discount', 'serviceCharge', 'tax', 'total'] as const) {
          expect(sumOf(parts, key)).toBe(bill[key]);
        }
        for (const part of parts) {
          expect(part.total).toBe(part.subtotal - part.discount + part.serviceCharge + part.tax);
          expect(part.tax).toBeGreaterThanOrEqual(0);
        }
        const totals = parts.map((part) => part.total);
        expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
      }
    }
  });
});
