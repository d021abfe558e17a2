import { describe, expect, it } from 'vitest';
import { computeBill, percentOf, splitAmount } from './bill';

const sum = (parts: readonly number[]) => parts.reduce((total, part) => total + part, 0);

describe('percentOf: a percent of whole đồng, rounded half up', () => {
  it('takes 8 % of 65.000 ₫ as 5.200 ₫', () => {
    expect(percentOf(65_000, 8)).toBe(5_200);
  });

  it('rounds a half đồng up and anything less down', () => {
    expect(percentOf(35_005, 10)).toBe(3_501); // 3.500,5 ₫
    expect(percentOf(35_004, 10)).toBe(3_500); // 3.500,4 ₫
    expect(percentOf(35_006, 10)).toBe(3_501); // 3.500,6 ₫
  });

  it('counts in basis points, so a half that floating point would shave stays a half', () => {
    // 5.500 × 0,7 / 100 is 38,499999… in floating point; it is 38,5 ₫, so 39 ₫.
    expect(percentOf(5_500, 0.7)).toBe(39);
  });

  it('takes rates with two decimals', () => {
    expect(percentOf(100_000, 8.25)).toBe(8_250);
    expect(percentOf(100_000, 0.05)).toBe(50);
  });

  it('is nothing at 0 % or on nothing', () => {
    expect(percentOf(65_000, 0)).toBe(0);
    expect(percentOf(0, 10)).toBe(0);
  });
});

describe('computeBill: the discount first, then the service charge, then tax on both', () => {
  it('adds 8 % tax to a 65.000 ₫ bowl of phở', () => {
    expect(computeBill({ subtotal: 65_000, discount: 0, taxRate: 8 })).toEqual({
      subtotal: 65_000,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxRate: 8,
      tax: 5_200,
      total: 70_200,
    });
  });

  it('takes the tax on the subtotal after the discount, not before', () => {
    const bill = computeBill({ subtotal: 200_000, discount: 20_000, taxRate: 10 });
    expect(bill.tax).toBe(18_000); // 10 % of 180.000 ₫, not of 200.000 ₫
    expect(bill.total).toBe(198_000);
  });

  it('takes the service charge after the discount and the tax on the service charge too', () => {
    const bill = computeBill({ subtotal: 200_000, discount: 20_000, taxRate: 8, serviceRate: 5 });
    expect(bill.serviceCharge).toBe(9_000); // 5 % of 180.000 ₫
    expect(bill.tax).toBe(15_120); // 8 % of 189.000 ₫
    expect(bill.total).toBe(204_120);
  });

  it('rounds each of the service charge and the tax to whole đồng, half up', () => {
    // 5 % of 45.010 ₫ is 2.250,5 ₫ → 2.251 ₫; 10 % of 47.261 ₫ is 4.726,1 ₫ → 4.726 ₫.
    const bill = computeBill({ subtotal: 45_010, discount: 0, taxRate: 10, serviceRate: 5 });
    expect(bill.serviceCharge).toBe(2_251);
    expect(bill.tax).toBe(4_726);
    expect(bill.total).toBe(51_987);
  });

  it('has its total made of its parts: subtotal − discount + service charge + tax', () => {
    for (const [subtotal, discount, taxRate, serviceRate] of [
      [65_000, 0, 8, 0],
      [187_500, 12_345, 8, 5],
      [99_999, 1, 10, 7.5],
      [1_250_000, 250_000, 0.7, 0],
    ] as const) {
      const bill = computeBill({ subtotal, discount, taxRate, serviceRate });
      expect(bill.total).toBe(subtotal - discount + bill.serviceCharge + bill.tax);
      expect(Number.isInteger(bill.tax) && Number.isInteger(bill.serviceCharge)).toBe(true);
    }
  });

  it('never charges less than nothing when the discount is larger than the subtotal', () => {
    const bill = computeBill({ subtotal: 50_000, discount: 80_000, taxRate: 8, serviceRate: 5 });
    expect(bill).toMatchObject({ discount: 80_000, serviceCharge: 0, tax: 0, total: 0 });
  });

  it('has no service charge unless a rate is given', () => {
    expect(computeBill({ subtotal: 100_000, discount: 0, taxRate: 8 })).toMatchObject({ serviceRate: 0, serviceCharge: 0, total: 108_000 });
  });
});

describe('splitAmount: whole đồng in proportion, adding up exactly', () => {
  it('divides 100.000 ₫ between three guests, the first one taking the đồng left over', () => {
    expect(splitAmount(100_000, [1, 1, 1])).toEqual([33_334, 33_333, 33_333]);
  });

  it('gives the đồng left over to the largest remainders, the earlier part on a tie', () => {
    // 10 ₫ as 1 : 2 : 3 is 1,67 + 3,33 + 5: floors 1 + 3 + 5, and the last đồng to the 0,67.
    expect(splitAmount(10, [1, 2, 3])).toEqual([2, 3, 5]);
    expect(splitAmount(10, [1, 1, 1, 1, 1, 1, 1])).toEqual([2, 2, 2, 1, 1, 1, 1]);
  });

  it('divides in proportion to the weights, such as the parts of a bill by their lines', () => {
    // A 20.000 ₫ discount on a bill of 150.000 ₫ and 50.000 ₫ of dishes.
    expect(splitAmount(20_000, [150_000, 50_000])).toEqual([15_000, 5_000]);
  });

  it('always adds up to the amount, and equal weights give parts at most 1 ₫ apart', () => {
    for (const amount of [0, 1, 7, 99_999, 100_001, 1_234_567]) {
      for (const guests of [2, 3, 4, 6, 7, 9]) {
        const parts = splitAmount(amount, Array<number>(guests).fill(1));
        expect(sum(parts)).toBe(amount);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
      const uneven = splitAmount(amount, [45_000, 65_000, 120_000, 5_000]);
      expect(sum(uneven)).toBe(amount);
      expect(uneven.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
    }
  });

  it('divides evenly when every weight is 0, and into nothing when there are no parts', () => {
    expect(splitAmount(7, [0, 0])).toEqual([4, 3]);
    expect(splitAmount(10_000, [])).toEqual([]);
  });
});
