/**
 * The bill of an order: tax on the subtotal after the discount, at a percent rate, rounded to whole VND
 * (half up). The server prices orders with it and the POS estimates with it, so they never disagree.
 */
export function computeBill(subtotal: number, discount: number, taxRate: number) {
  const taxable = Math.max(0, subtotal - discount);
  const tax = Math.round((taxable * taxRate) / 100);
  return { subtotal, discount, taxRate, tax, total: taxable + tax };
}
