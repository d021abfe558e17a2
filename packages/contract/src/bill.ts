/**
 * `rate` percent (at most two decimals) of a whole amount of VND, rounded half up. Counted in whole basis
 * points, since `amount * 0.7 / 100` in floating point can fall just short of a half and round down.
 */
export function percentOf(amount: number, rate: number): number {
  const basisPoints = Math.round(rate * 100);
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

/**
 * The bill of an order: the service charge on the subtotal after the discount, then tax on both, each at a
 * percent rate and rounded to whole VND (half up). The server prices orders with it and the POS estimates
 * with it, so they never disagree.
 */
export function computeBill(subtotal: number, discount: number, taxRate: number, serviceRate = 0) {
  const afterDiscount = Math.max(0, subtotal - discount);
  const serviceCharge = percentOf(afterDiscount, serviceRate);
  const tax = percentOf(afterDiscount + serviceCharge, taxRate);
  return { subtotal, discount, serviceRate, serviceCharge, taxRate, tax, total: afterDiscount + serviceCharge + tax };
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
