import { computeBill, divideBill, type BillAmounts } from '@quan/contract/bill';
import type { SplitBillBody } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { divideWhatIsLeft, type SplitSource } from '../src/modules/orders/split-bill';

/** Two bowls of phở, three iced teas (one voided), a bún chả: 195.000 ₫ on the bill. */
const lines = [
  { position: 0, name: 'Phở bò', price: 65_000, quantity: 2, voidedQuantity: 0 },
  { position: 1, name: 'Trà đá', price: 5_000, quantity: 3, voidedQuantity: 1 },
  { position: 2, name: 'Bún chả', price: 55_000, quantity: 1, voidedQuantity: 0 },
];

/** The bill of those lines: 15.000 ₫ off, 5 % service, 8 % VAT added (or held in the prices). */
const billOf = (pricesIncludeTax: boolean) => ({
  orderNo: 1042,
  ...computeBill({
    subtotals: [{ vatRate: 8, amount: 195_000 }],
    discount: 15_000,
    serviceVatRate: 8,
    serviceRate: 5,
    pricesIncludeTax,
  }),
});
const order = billOf(false);

const byLines = (...parts: { position: number; quantity: number }[][]): SplitBillBody => ({ by: 'lines', parts });
const byGuests = (guests: number): SplitBillBody => ({ by: 'guests', guests });
const keys = ['subtotal', 'discount', 'serviceCharge', 'tax', 'total'] as const;
const sumOf = (parts: readonly BillAmounts[], key: keyof BillAmounts) =>
  parts.reduce((sum, part) => sum + part[key], 0);

/** The parts of a first split of `bill`. */
const firstSplit = (body: SplitBillBody, bill = order) =>
  divideWhatIsLeft({ order: bill, lines, parts: [], payments: [] }, body).added;

/** A payment of `amount` on part `partNo` (null: on the whole bill), `refunded` of it given back. */
const payment = (partNo: number | null, amount: number, refunded = 0) => ({
  partNo,
  method: 'cash' as const,
  amount,
  refunded,
  takenAt: new Date('2026-11-28T19:30:00Z'),
  takenById: null,
});

/** Every amount of the parts adds up to the bill's, and each part adds up on its own. */
function expectExact(bill: BillAmounts & { pricesIncludeTax: boolean }, parts: readonly BillAmounts[]) {
  for (const key of keys) expect(sumOf(parts, key)).toBe(bill[key]);
  for (const part of parts) {
    const taxAdded = bill.pricesIncludeTax ? 0 : part.tax;
    expect(part.total).toBe(part.subtotal - part.discount + part.serviceCharge + taxAdded);
    expect(part.tax).toBeGreaterThanOrEqual(0);
  }
}

describe('a bill split by lines', () => {
  const threeWays = byLines(
    [
      { position: 0, quantity: 1 },
      { position: 1, quantity: 1 },
    ],
    [{ position: 2, quantity: 1 }],
  );

  it('puts the chosen lines in the parts and what is left in one more', () => {
    const parts = firstSplit(threeWays);
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
    const parts = firstSplit(threeWays);
    expect(order).toMatchObject({ discount: 15_000, serviceCharge: 9_000, tax: 15_120, total: 204_120 });
    expect(parts.map((part) => part.discount)).toEqual([5_385, 4_231, 5_384]);
    expect(parts.map((part) => part.serviceCharge)).toEqual([3_231, 2_538, 3_231]);
    expect(parts.map((part) => part.tax)).toEqual([5_428, 4_264, 5_428]);
    expect(parts.map((part) => part.total)).toEqual([73_274, 57_571, 73_275]);
    expectExact(order, parts);
  });

  it('with VAT in the prices, a part pays its dishes less its discount plus its service charge', () => {
    const inside = billOf(true);
    expect(inside).toMatchObject({ serviceCharge: 9_000, tax: 14_000, total: 189_000 });
    const parts = firstSplit(threeWays, inside);
    expect(parts.map((part) => part.total)).toEqual([67_846, 53_307, 67_847]);
    expect(parts.map((part) => part.tax)).toEqual([5_025, 3_949, 5_026]);
    expectExact(inside, parts);
  });

  it('makes no extra part when the chosen parts hold every dish', () => {
    const parts = firstSplit(
      byLines(
        [{ position: 0, quantity: 2 }],
        [
          { position: 1, quantity: 2 },
          { position: 2, quantity: 1 },
        ],
      ),
    );
    expect(parts).toHaveLength(2);
    expectExact(order, parts);
  });

  it('refuses a line the order does not have', () => {
    expect(() => firstSplit(byLines([{ position: 9, quantity: 1 }]))).toThrow('Order 1042 has no line 9');
  });

  it('refuses more portions than are left on the bill, voided ones and other parts counted', () => {
    expect(() => firstSplit(byLines([{ position: 1, quantity: 3 }]))).toThrow(
      'Only 2 × Trà đá is left to put in a part',
    );
    expect(() => firstSplit(byLines([{ position: 0, quantity: 1 }], [{ position: 0, quantity: 2 }]))).toThrow(
      'Only 1 × Phở bò is left to put in a part',
    );
  });

  it('refuses a split with one part only', () => {
    const everything = lines.map((line) => ({
      position: line.position,
      quantity: line.quantity - line.voidedQuantity,
    }));
    expect(() => firstSplit(byLines(everything))).toThrow('A split needs at least two parts');
  });
});

describe('a bill split evenly between guests', () => {
  it('gives each guest an equal share, the first ones taking the đồng left over', () => {
    const bill = {
      orderNo: 7,
      ...computeBill({
        subtotals: [{ vatRate: 8, amount: 200_000 }],
        discount: 20_000,
        serviceVatRate: 8,
        serviceRate: 5,
      }),
    };
    const parts = firstSplit(byGuests(3), bill);
    expect(parts.map((part) => part.total)).toEqual([68_040, 68_040, 68_040]);
    expect(parts.map((part) => part.tax)).toEqual([5_040, 5_040, 5_040]);
    expect(parts.map((part) => part.serviceCharge)).toEqual([3_000, 3_000, 3_000]);
    expect(parts.map((part) => part.discount)).toEqual([6_667, 6_667, 6_666]);
    expect(parts.map((part) => part.subtotal)).toEqual([66_667, 66_667, 66_666]);
    expect(parts.every((part) => part.lines.length === 0)).toBe(true);
  });

  it("adds up exactly, each part's own sum holding, for any number of guests, VAT added or inside", () => {
    for (const pricesIncludeTax of [false, true]) {
      for (const bill of [
        computeBill({ subtotals: [{ vatRate: 8, amount: 108_000 }], discount: 0, serviceVatRate: 8, pricesIncludeTax }),
        computeBill({
          subtotals: [{ vatRate: 10, amount: 1_234_567 }],
          discount: 34_567,
          serviceVatRate: 10,
          serviceRate: 5,
          pricesIncludeTax,
        }),
        computeBill({ subtotals: [{ vatRate: 5, amount: 99_999 }], discount: 1, serviceVatRate: 5, pricesIncludeTax }),
      ]) {
        for (let guests = 2; guests <= 20; guests++) {
          const parts = divideBill(bill, { evenly: guests });
          expect(parts).toHaveLength(guests);
          expectExact(bill, parts);
          const totals = parts.map((part) => part.total);
          expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('splitting what is left', () => {
  /** Split by dishes into three (73.274 + 57.571 + 73.275 ₫), then money taken on some parts. */
  function splitThenPaid(...payments: ReturnType<typeof payment>[]): SplitSource {
    const parts = firstSplit(
      byLines(
        [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        [{ position: 2, quantity: 1 }],
      ),
    );
    return { order, lines, parts, payments };
  }

  it('keeps the paid part and divides the unpaid ones evenly, numbered after it, adding up to the bill', () => {
    const source = splitThenPaid(payment(1, 73_274));
    const { kept, paidBefore, added } = divideWhatIsLeft(source, byGuests(2));
    expect(kept).toEqual([source.parts[0]]);
    expect(paidBefore).toBeNull();
    expect(added.map((part) => part.no)).toEqual([2, 3]);
    expect(added.map((part) => part.total)).toEqual([65_423, 65_423]);
    expect(added.every((part) => part.lines.length === 0)).toBe(true);
    expectExact(order, [...kept, ...added]);
  });

  it('keeps a part paid in part as it is, with what is still due on it', () => {
    const source = splitThenPaid(payment(2, 20_000));
    const { kept, added } = divideWhatIsLeft(source, byGuests(3));
    expect(kept.map((part) => part.no)).toEqual([2]);
    expect(added.map((part) => part.no)).toEqual([3, 4, 5]);
    expectExact(order, [...kept, ...added]);
  });

  it('divides the dishes of the unpaid parts by dishes, and as often as needed', () => {
    const source = splitThenPaid(payment(2, 57_571));
    const again = divideWhatIsLeft(source, byLines([{ position: 0, quantity: 1 }], [{ position: 1, quantity: 1 }]));
    expect(again.added.map((part) => [part.no, part.lines])).toEqual([
      [3, [{ position: 0, quantity: 1 }]],
      [4, [{ position: 1, quantity: 1 }]],
      [
        5,
        [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
      ],
    ]);
    expectExact(order, [...again.kept, ...again.added]);
    // The bún chả is paid with part 2: no part can take it again.
    expect(() => divideWhatIsLeft(source, byLines([{ position: 2, quantity: 1 }]))).toThrow(
      'Only 0 × Bún chả is left to put in a part',
    );

    // Part 4 is paid too; what parts 3 and 5 held is split again, evenly.
    const parts = [...again.kept, ...again.added];
    const third = divideWhatIsLeft(
      { ...source, parts, payments: [...source.payments, payment(4, parts[2]!.total)] },
      byGuests(2),
    );
    expect(third.kept.map((part) => part.no)).toEqual([2, 4]);
    expect(third.added.map((part) => part.no)).toEqual([5, 6]);
    expectExact(order, [...third.kept, ...third.added]);
  });

  it('gives no new part the number of a part whose payment was refunded', () => {
    const source = splitThenPaid(payment(1, 73_274), payment(3, 73_275, 73_275));
    expect(divideWhatIsLeft(source, byGuests(2)).added.map((part) => part.no)).toEqual([4, 5]);
  });

  it('divides only evenly once a part was paid for no dish in particular', () => {
    const even = firstSplit(byGuests(3));
    const source = { order, lines, parts: even, payments: [payment(1, even[0]!.total)] };
    expect(() => divideWhatIsLeft(source, byLines([{ position: 0, quantity: 1 }]))).toThrow(
      'Part 1 of order 1042 was paid for no dish in particular',
    );
    const { added } = divideWhatIsLeft(source, byGuests(4));
    expect(added.map((part) => part.no)).toEqual([2, 3, 4, 5]);
    expectExact(order, [...even.slice(0, 1), ...added]);
  });

  it('on a bill never split, makes what was paid on it a part of its own, paid, and divides the rest evenly', () => {
    for (const bill of [order, billOf(true)]) {
      const source = { order: bill, lines, parts: [], payments: [payment(null, 100_000), payment(null, 5_000, 5_000)] };
      const { kept, paidBefore, added } = divideWhatIsLeft(source, byGuests(2));
      expect(kept).toEqual([]);
      expect(paidBefore).toMatchObject({ no: 1, total: 100_000, lines: [], paymentMethod: 'cash' });
      expect(added.map((part) => part.no)).toEqual([2, 3]);
      expect(sumOf(added, 'total')).toBe(bill.total - 100_000);
      expectExact(bill, [paidBefore!, ...added]);
      expect(() => divideWhatIsLeft(source, byLines([{ position: 0, quantity: 1 }]))).toThrow(
        'paid for no dish in particular',
      );
    }
  });

  it('refuses when nothing is left to pay, and beyond the last part number', () => {
    const paidInFull = { order, lines, parts: [], payments: [payment(null, order.total)] };
    expect(() => divideWhatIsLeft(paidInFull, byGuests(2))).toThrow('there is nothing left to split');
    const source = splitThenPaid(payment(1, 73_274));
    expect(() => divideWhatIsLeft(source, byGuests(20))).toThrow('parts would go up to 21');
  });
});
