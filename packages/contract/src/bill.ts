import { byVatRate, vatPercent, type RateAmount, type TaxPart, type VatRate } from './vat';

/**
 * `rate` percent (at most two decimals) of a whole amount of VND, rounded half up. Counted in whole basis
 * points, since `amount * 0.7 / 100` in floating point can fall just short of a half and round down.
 */
export function percentOf(amount: number, rate: number): number {
  const basisPoints = Math.round(rate * 100);
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

/**
 * The VAT a price that holds it contains: `rate` percent of the price before VAT, rounded half up, so that
 * 108.000 ₫ at 8 % contains 8.000 ₫. Counted in whole basis points, like `percentOf`.
 */
export function taxContained(amount: number, rate: number): number {
  const basisPoints = Math.round(rate * 100);
  const divisor = 10_000 + basisPoints;
  return Math.floor((2 * amount * basisPoints + divisor) / (2 * divisor));
}

export interface BillInput {
  /** The lines' prices added up by VAT rate, as the menu shows them. */
  subtotals: readonly RateAmount[];
  discount: number;
  /** The service-charge percent (0: none). */
  serviceRate?: number;
  /** The VAT rate of the service charge (the caller resolves a restaurant's "the default rate"). */
  serviceVatRate: VatRate;
  /** The menu prices hold the VAT: the bill shows what they contain instead of adding it. */
  pricesIncludeTax?: boolean;
}

/**
 * The bill of an order: the discount shared between the rates in proportion to their subtotals, the service
 * charge on the subtotal after the discount (at its own rate), then each rate's VAT on its part, rounded to
 * whole VND (half up) once per rate, so that an invoice's lines, its rates and its total agree to the đồng.
 * With prices that hold the VAT, the total is the subtotal after the discount plus the service charge, and
 * each rate's tax is what its part contains; otherwise the VAT is added. The server prices orders with it and
 * the POS estimates with it, so they never disagree. `discounts` is each rate's share of the discount (rates with
 * none left out), as an invoice writes it.
 */
export function computeBill({
  subtotals,
  discount: wanted,
  serviceRate = 0,
  serviceVatRate,
  pricesIncludeTax = false,
}: BillInput) {
  const rates = subtotals.filter((part) => part.amount !== 0);
  const subtotal = rates.reduce((sum, part) => sum + part.amount, 0);
  const discount = Math.min(Math.max(0, wanted), subtotal);
  const discounts = splitAmount(
    discount,
    rates.map((part) => part.amount),
  );
  const serviceCharge = percentOf(subtotal - discount, serviceRate);
  const charged = new Map<VatRate, number>();
  rates.forEach((part, index) =>
    charged.set(part.vatRate, (charged.get(part.vatRate) ?? 0) + part.amount - discounts[index]!),
  );
  if (serviceCharge > 0) charged.set(serviceVatRate, (charged.get(serviceVatRate) ?? 0) + serviceCharge);
  const taxes: TaxPart[] = byVatRate(
    [...charged].map(([vatRate, amount]) => {
      const percent = vatPercent(vatRate);
      const tax = pricesIncludeTax ? taxContained(amount, percent) : percentOf(amount, percent);
      return { vatRate, taxable: pricesIncludeTax ? amount - tax : amount, tax };
    }),
  );
  const tax = taxes.reduce((sum, part) => sum + part.tax, 0);
  const beforeTax = subtotal - discount + serviceCharge;
  const total = pricesIncludeTax ? beforeTax : beforeTax + tax;
  const discounted = new Map<VatRate, number>();
  rates.forEach((part, index) => {
    if (discounts[index]! !== 0) discounted.set(part.vatRate, (discounted.get(part.vatRate) ?? 0) + discounts[index]!);
  });
  const discountsByRate = byVatRate([...discounted].map(([vatRate, amount]): RateAmount => ({ vatRate, amount })));
  return {
    subtotal,
    discount,
    discounts: discountsByRate,
    serviceRate,
    serviceCharge,
    serviceVatRate,
    pricesIncludeTax,
    taxes,
    tax,
    total,
  };
}

/** The lines' prices added up by their VAT rate, for `computeBill`. */
export function subtotalsByRate(lines: readonly { vatRate: VatRate; amount: number }[]): RateAmount[] {
  const sums = new Map<VatRate, number>();
  for (const line of lines) sums.set(line.vatRate, (sums.get(line.vatRate) ?? 0) + line.amount);
  return byVatRate([...sums].map(([vatRate, amount]) => ({ vatRate, amount })));
}

/**
 * What a guest hands over in cash for `amount` when the restaurant rounds cash to `step` ₫ (0: not at
 * all), half up: 56.880 ₫ is paid with 57.000 ₫ at a step of 1.000 ₫, 56.400 ₫ with 56.000 ₫. Card and
 * transfer pay the exact amount; the difference is recorded as the payment's rounding.
 */
export function roundCash(amount: number, step: number): number {
  if (step <= 0) return amount;
  return Math.floor((amount + step / 2) / step) * step;
}

/**
 * Divides a whole amount of VND in proportion to `weights` so that the parts add up to it exactly: each
 * part gets the floor of its share and the VND left over go one by one to the largest remainders (the
 * earlier part on a tie). Equal weights give parts that differ by at most 1 ₫.
 */
export function splitAmount(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (weights.length === 0) return [];
  const shares = weights.map((weight, index) => {
    const exact = sum === 0 ? amount / weights.length : (amount * weight) / sum;
    return { index, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((total, share) => total + share.floor, 0);
  const parts = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    parts[share.index]! += 1;
    left -= 1;
  }
  return parts;
}

/** The amounts of a bill, or of one part of it: a split's parts add up to its bill in each of them. */
export interface BillAmounts {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  tax: number;
  total: number;
}

/** What is left of a bill once some parts of it are kept: the bill less those parts, amount by amount. */
export function billLeft(bill: BillAmounts, kept: readonly BillAmounts[]): BillAmounts {
  const less = (key: keyof BillAmounts) => kept.reduce((left, part) => left - part[key], bill[key]);
  return {
    subtotal: less('subtotal'),
    discount: less('discount'),
    serviceCharge: less('serviceCharge'),
    tax: less('tax'),
    total: less('total'),
  };
}

/**
 * Divides a bill, or what is left of it, into parts whose amounts add up to it exactly, to the đồng (the
 * last đồng to the largest remainders):
 * - `evenly` guests: the total, VAT, service charge and discount each divided evenly (parts differ by 1 ₫ at most);
 * - `totals` given (what a guest paid before the split, and the rest): the VAT, service charge and discount
 *   in proportion to them;
 * - `subtotals` given (a split by dishes: each part's dishes at their prices): the discount in proportion to
 *   them, the service charge to what the discount leaves, the VAT to that plus the service charge.
 * With prices that hold the VAT, a part's total is its subtotal less its discount plus its service charge and
 * its tax is the share of the VAT that total contains; otherwise its tax is added. In the first two ways the
 * subtotal is what makes a part add up, so no part shows a negative tax.
 */
export function divideBill(
  bill: BillAmounts & { pricesIncludeTax: boolean },
  division: { evenly: number } | { totals: readonly number[] } | { subtotals: readonly number[] },
): BillAmounts[] {
  const taxAdded = bill.pricesIncludeTax ? 0 : 1;
  if (!('subtotals' in division)) {
    const weights = 'evenly' in division ? Array<number>(division.evenly).fill(1) : division.totals;
    const totals = 'evenly' in division ? splitAmount(bill.total, weights) : division.totals;
    const taxes = splitAmount(bill.tax, weights);
    const services = splitAmount(bill.serviceCharge, weights);
    const discounts = splitAmount(bill.discount, weights);
    return totals.map((total, index) => ({
      subtotal: total - taxAdded * taxes[index]! - services[index]! + discounts[index]!,
      discount: discounts[index]!,
      serviceCharge: services[index]!,
      tax: taxes[index]!,
      total,
    }));
  }
  const { subtotals } = division;
  const discounts = splitAmount(bill.discount, subtotals);
  const afterDiscount = subtotals.map((subtotal, index) => subtotal - discounts[index]!);
  const services = splitAmount(bill.serviceCharge, afterDiscount);
  const beforeTax = afterDiscount.map((amount, index) => amount + services[index]!);
  const taxes = splitAmount(bill.tax, beforeTax);
  return subtotals.map((subtotal, index) => ({
    subtotal,
    discount: discounts[index]!,
    serviceCharge: services[index]!,
    tax: taxes[index]!,
    total: beforeTax[index]! + taxAdded * taxes[index]!,
  }));
}
