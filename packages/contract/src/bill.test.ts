import { describe, expect, it } from 'vitest';
import { cashDueOf, changeDue } from './payments';
import { computeBill, percentOf, roundCash, splitAmount, subtotalsByRate, taxContained } from './bill';
import type { VatRate } from './vat';

const sum = (parts: readonly number[]) => parts.reduce((total, part) => total + part, 0);
/** A bill whose lines are all at one rate. */
const atOneRate = (amount: number, vatRate: VatRate) => [{ vatRate, amount }];

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

describe('computeBill at one rate: the discount first, then the service charge, then tax on both', () => {
  it('adds 8 % tax to a 65.000 ₫ bowl of phở', () => {
    expect(computeBill({ subtotals: atOneRate(65_000, 8), discount: 0, serviceVatRate: 8 })).toEqual({
      subtotal: 65_000,
      discount: 0,
      discounts: [],
      serviceRate: 0,
      serviceCharge: 0,
      serviceVatRate: 8,
      pricesIncludeTax: false,
      taxes: [{ vatRate: 8, taxable: 65_000, tax: 5_200 }],
      tax: 5_200,
      total: 70_200,
    });
  });

  it('takes the tax on the subtotal after the discount, not before', () => {
    const bill = computeBill({ subtotals: atOneRate(200_000, 10), discount: 20_000, serviceVatRate: 8 });
    expect(bill.tax).toBe(18_000); // 10 % of 180.000 ₫, not of 200.000 ₫
    expect(bill.total).toBe(198_000);
  });

  it('takes the service charge after the discount and the tax on the service charge too', () => {
    const bill = computeBill({ subtotals: atOneRate(200_000, 8), discount: 20_000, serviceRate: 5, serviceVatRate: 8 });
    expect(bill.serviceCharge).toBe(9_000); // 5 % of 180.000 ₫
    expect(bill.tax).toBe(15_120); // 8 % of 189.000 ₫
    expect(bill.taxes).toEqual([{ vatRate: 8, taxable: 189_000, tax: 15_120 }]);
    expect(bill.total).toBe(204_120);
  });

  it('rounds each of the service charge and the tax to whole đồng, half up', () => {
    // 5 % of 45.010 ₫ is 2.250,5 ₫ → 2.251 ₫; 10 % of 47.261 ₫ is 4.726,1 ₫ → 4.726 ₫.
    const bill = computeBill({ subtotals: atOneRate(45_010, 10), discount: 0, serviceRate: 5, serviceVatRate: 10 });
    expect(bill.serviceCharge).toBe(2_251);
    expect(bill.tax).toBe(4_726);
    expect(bill.total).toBe(51_987);
  });

  it('has its total made of its parts: subtotal − discount + service charge + tax', () => {
    for (const [subtotal, discount, vatRate, serviceRate] of [
      [65_000, 0, 8, 0],
      [187_500, 12_345, 8, 5],
      [99_999, 1, 10, 7.5],
      [1_250_000, 250_000, 5, 0],
    ] as const) {
      const bill = computeBill({
        subtotals: atOneRate(subtotal, vatRate),
        discount,
        serviceRate,
        serviceVatRate: vatRate,
      });
      expect(bill.total).toBe(subtotal - discount + bill.serviceCharge + bill.tax);
      expect(Number.isInteger(bill.tax) && Number.isInteger(bill.serviceCharge)).toBe(true);
    }
  });

  it('never takes off more than the subtotal nor charges less than nothing', () => {
    const bill = computeBill({ subtotals: atOneRate(50_000, 8), discount: 80_000, serviceRate: 5, serviceVatRate: 8 });
    expect(bill).toMatchObject({ discount: 50_000, serviceCharge: 0, tax: 0, total: 0 });
  });

  it('has no service charge unless a rate is given', () => {
    expect(computeBill({ subtotals: atOneRate(100_000, 8), discount: 0, serviceVatRate: 8 })).toMatchObject({
      serviceRate: 0,
      serviceCharge: 0,
      total: 108_000,
    });
  });

  it('is an empty bill with no lines', () => {
    expect(computeBill({ subtotals: [], discount: 0, serviceRate: 5, serviceVatRate: 8 })).toMatchObject({
      subtotal: 0,
      serviceCharge: 0,
      taxes: [],
      tax: 0,
      total: 0,
    });
  });
});

describe('computeBill by rate: each rate its own part of the bill', () => {
  // Phở and bún at 8 %, beer at 10 %, a 20.000 ₫ discount and a 5 % service charge at 8 %.
  const lines = [
    { vatRate: 8 as const, amount: 130_000 },
    { vatRate: 10 as const, amount: 70_000 },
    { vatRate: 8 as const, amount: 50_000 },
  ];
  const mixed = () =>
    computeBill({ subtotals: subtotalsByRate(lines), discount: 20_000, serviceRate: 5, serviceVatRate: 8 });

  it('groups the lines by rate, in the order bills list them', () => {
    expect(subtotalsByRate([{ vatRate: 10, amount: 5 }, ...lines, { vatRate: 'KCT', amount: 7 }])).toEqual([
      { vatRate: 'KCT', amount: 7 },
      { vatRate: 8, amount: 180_000 },
      { vatRate: 10, amount: 70_005 },
    ]);
  });

  it('shares the discount in proportion, puts the service charge at its own rate and rounds each rate once', () => {
    const bill = mixed();
    // 250.000 ₫ of dishes: 180.000 ₫ at 8 % takes 14.400 ₫ of the discount, 70.000 ₫ at 10 % takes 5.600 ₫.
    // The service charge is 5 % of 230.000 ₫ = 11.500 ₫, at 8 %.
    expect(bill.serviceCharge).toBe(11_500);
    expect(bill.taxes).toEqual([
      { vatRate: 8, taxable: 180_000 - 14_400 + 11_500, tax: 14_168 }, // 8 % of 177.100 ₫
      { vatRate: 10, taxable: 70_000 - 5_600, tax: 6_440 },
    ]);
    expect(bill.tax).toBe(14_168 + 6_440);
    expect(bill.total).toBe(250_000 - 20_000 + 11_500 + 14_168 + 6_440);
  });

  it("says each rate's share of the discount, adding up to the discount", () => {
    expect(mixed().discounts).toEqual([
      { vatRate: 8, amount: 14_400 },
      { vatRate: 10, amount: 5_600 },
    ]);
    // 1 ₫ off two equal rates: the đồng goes to one of them, the other has no share and is left out.
    const bill = computeBill({
      subtotals: [
        { vatRate: 5, amount: 1_000 },
        { vatRate: 10, amount: 1_000 },
      ],
      discount: 1,
      serviceVatRate: 8,
    });
    expect(bill.discounts).toEqual([{ vatRate: 5, amount: 1 }]);
  });

  it('has rate parts that add up to the total, to the đồng', () => {
    for (const [discount, serviceRate, serviceVatRate] of [
      [0, 0, 8],
      [20_000, 5, 8],
      [33_333, 7.5, 10],
      [1, 5, 'KCT'],
    ] as const) {
      for (const pricesIncludeTax of [false, true]) {
        const subtotals = subtotalsByRate([
          ...lines,
          { vatRate: 'KCT', amount: 12_345 },
          { vatRate: 5, amount: 9_999 },
        ]);
        const bill = computeBill({ subtotals, discount, serviceRate, serviceVatRate, pricesIncludeTax });
        expect(sum(bill.taxes.map((part) => part.tax))).toBe(bill.tax);
        expect(sum(bill.taxes.map((part) => part.taxable + part.tax))).toBe(bill.total);
        expect(bill.total).toBe(bill.subtotal - bill.discount + bill.serviceCharge + (pricesIncludeTax ? 0 : bill.tax));
      }
    }
  });

  it('charges no VAT on lines not subject to it (KCT), nor at 0 %', () => {
    const bill = computeBill({
      subtotals: [
        { vatRate: 'KCT', amount: 40_000 },
        { vatRate: 0, amount: 10_000 },
        { vatRate: 8, amount: 100_000 },
      ],
      discount: 0,
      serviceVatRate: 8,
    });
    expect(bill.taxes).toEqual([
      { vatRate: 'KCT', taxable: 40_000, tax: 0 },
      { vatRate: 0, taxable: 10_000, tax: 0 },
      { vatRate: 8, taxable: 100_000, tax: 8_000 },
    ]);
    expect(bill.total).toBe(158_000);
  });

  it('with prices that hold the VAT, shows what each rate contains and charges the menu prices', () => {
    const bill = computeBill({
      subtotals: [
        { vatRate: 'KCT', amount: 30_000 },
        { vatRate: 8, amount: 108_000 },
        { vatRate: 10, amount: 55_000 },
      ],
      discount: 0,
      pricesIncludeTax: true,
      serviceVatRate: 8,
    });
    expect(bill.taxes).toEqual([
      { vatRate: 'KCT', taxable: 30_000, tax: 0 },
      { vatRate: 8, taxable: 100_000, tax: 8_000 },
      { vatRate: 10, taxable: 50_000, tax: 5_000 },
    ]);
    expect(bill).toMatchObject({ tax: 13_000, total: 193_000 });
  });

  it('rounds the VAT once per rate, not line by line', () => {
    // Three 10.005 ₫ lines at 10 %: 1.000,5 ₫ each would round to 1.001 ₫ three times; the rate's 3.001,5 ₫ is 3.002 ₫.
    const subtotals = subtotalsByRate(Array.from({ length: 3 }, () => ({ vatRate: 10 as const, amount: 10_005 })));
    expect(computeBill({ subtotals, discount: 0, serviceVatRate: 8 }).tax).toBe(3_002);
  });

  it('comes to exactly the single-rate bill when every line has the same rate', () => {
    const one = computeBill({ subtotals: atOneRate(250_000, 8), discount: 20_000, serviceRate: 5, serviceVatRate: 8 });
    const grouped = computeBill({
      subtotals: subtotalsByRate(lines.map((line) => ({ ...line, vatRate: 8 as const }))),
      discount: 20_000,
      serviceRate: 5,
      serviceVatRate: 8,
    });
    expect(grouped).toEqual(one);
  });
});

describe('taxContained: the VAT a price that holds it contains', () => {
  it('finds the 8.000 ₫ of VAT in 108.000 ₫, and the 4.213 ₫ in 56.880 ₫', () => {
    expect(taxContained(108_000, 8)).toBe(8_000);
    // 56.880 × 8 / 108 = 4.213,3 ₫.
    expect(taxContained(56_880, 8)).toBe(4_213);
  });

  it('rounds half up, in basis points, and is nothing at 0 %', () => {
    // 5.250 × 5 / 105 = 250 exactly; 21 × 10 / 110 = 1,909 → 2; 11 × 10 / 110 = 1.
    expect(taxContained(5_250, 5)).toBe(250);
    expect(taxContained(21, 10)).toBe(2);
    expect(taxContained(11, 10)).toBe(1);
    expect(taxContained(65_000, 0)).toBe(0);
  });

  it('is what VAT added would have put on the price before it, give or take a đồng', () => {
    for (const price of [1, 999, 45_010, 56_880, 139_320, 1_170_280]) {
      for (const rate of [0.7, 5, 8, 8.25, 10]) {
        const contained = taxContained(price, rate);
        expect(Math.abs(percentOf(price - contained, rate) - contained)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('computeBill with prices that hold the VAT', () => {
  it('charges the menu price and shows the VAT it contains', () => {
    expect(
      computeBill({ subtotals: atOneRate(108_000, 8), discount: 0, pricesIncludeTax: true, serviceVatRate: 8 }),
    ).toEqual({
      subtotal: 108_000,
      discount: 0,
      discounts: [],
      serviceRate: 0,
      serviceCharge: 0,
      serviceVatRate: 8,
      pricesIncludeTax: true,
      taxes: [{ vatRate: 8, taxable: 100_000, tax: 8_000 }],
      tax: 8_000,
      total: 108_000,
    });
  });

  it('takes the discount off the price, then the service charge on what is left, and the VAT out of both', () => {
    const bill = computeBill({
      subtotals: atOneRate(200_000, 8),
      discount: 20_000,
      serviceRate: 5,
      pricesIncludeTax: true,
      serviceVatRate: 8,
    });
    expect(bill.serviceCharge).toBe(9_000); // 5 % of 180.000 ₫
    expect(bill.total).toBe(189_000); // no VAT on top
    expect(bill.tax).toBe(14_000); // 189.000 × 8 / 108
  });

  it('adds up to the đồng for any prices, discounts and rates, and never contains more VAT than it charges', () => {
    for (const [subtotal, discount, vatRate, serviceRate] of [
      [56_880, 0, 8, 0],
      [232_345, 12_345, 8, 5],
      [99_999, 1, 10, 7.5],
      [1_250_000, 250_000, 5, 0],
      [45_010, 10, 10, 5.55],
    ] as const) {
      const bill = computeBill({
        subtotals: atOneRate(subtotal, vatRate),
        discount,
        serviceRate,
        serviceVatRate: vatRate,
        pricesIncludeTax: true,
      });
      expect(bill.total).toBe(subtotal - discount + bill.serviceCharge);
      expect(bill.tax).toBe(taxContained(bill.total, vatRate));
      expect(Number.isInteger(bill.tax) && bill.tax < bill.total).toBe(true);
    }
  });

  it('splits into parts whose totals, VAT and service charge each add up to the bill', () => {
    const bill = computeBill({
      subtotals: atOneRate(139_320, 8),
      discount: 9_320,
      serviceRate: 5,
      pricesIncludeTax: true,
      serviceVatRate: 8,
    });
    for (const weights of [
      [1, 1, 1],
      [65_000, 45_000, 29_320],
      [1, 1, 1, 1, 1, 1, 1],
    ]) {
      for (const key of ['total', 'tax', 'serviceCharge', 'discount'] as const) {
        expect(sum(splitAmount(bill[key], weights))).toBe(bill[key]);
      }
    }
  });

  it('comes to the same VAT as adding it when the menu prices are the prices before VAT plus it', () => {
    const added = computeBill({ subtotals: atOneRate(100_000, 8), discount: 0, serviceVatRate: 8 });
    const inside = computeBill({
      subtotals: atOneRate(108_000, 8),
      discount: 0,
      pricesIncludeTax: true,
      serviceVatRate: 8,
    });
    expect([inside.tax, inside.total]).toEqual([added.tax, added.total]);
  });
});

describe('roundCash and cashDueOf: what a guest hands over in real notes', () => {
  it('rounds half up to the step, and not at all at 0', () => {
    expect(roundCash(56_880, 1000)).toBe(57_000);
    expect(roundCash(56_400, 1000)).toBe(56_000);
    expect(roundCash(56_500, 1000)).toBe(57_000);
    expect(roundCash(56_880, 500)).toBe(57_000);
    expect(roundCash(56_700, 500)).toBe(56_500);
    expect(roundCash(56_750, 500)).toBe(57_000);
    expect(roundCash(56_880, 0)).toBe(56_880);
  });

  it('rounds all that is due, never a part of it, and the change is what is left of the notes', () => {
    expect(cashDueOf(56_880, 56_880, 1000)).toEqual({ cash: 57_000, rounding: 120 });
    expect(cashDueOf(56_400, 56_400, 1000)).toEqual({ cash: 56_000, rounding: -400 });
    expect(cashDueOf(30_000, 56_880, 1000)).toEqual({ cash: 30_000, rounding: 0 });
    expect(changeDue(100_000, 56_880, 0, 120)).toBe(43_000);
    expect(changeDue(100_000, 56_880, 10_000, 120)).toBe(33_000);
  });

  it('rounds each part of a split paid in cash on its own, by at most half a step', () => {
    const parts = splitAmount(139_321, [1, 1, 1]);
    const roundings = parts.map((part) => cashDueOf(part, part, 1000).rounding);
    expect(sum(parts)).toBe(139_321);
    expect(roundings.every((rounding) => Math.abs(rounding) <= 500)).toBe(true);
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
