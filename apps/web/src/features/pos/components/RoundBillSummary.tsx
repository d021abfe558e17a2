import { computeBill } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import { formatMoney } from '../../../lib/format';
import { BillRows, formatTaxRate, serviceChargeRow } from './BillSummary';

interface RoundBillSummaryProps {
  order: Pick<Order, 'bills' | 'coupon'>;
  /** What the dishes of the new round add, at the menu's prices. */
  newSubtotal: number;
}

/**
 * The table's bill once the new round joins it: the bill so far plus the cart, taxed (and service-charged) at the
 * order's own rates as the server does. The coupon's discount is the one on the bill now; the server works it out again for the new
 * subtotal when the round arrives.
 */
export function RoundBillSummary({ order, newSubtotal }: RoundBillSummaryProps) {
  const { bills, coupon } = order;
  const { subtotal, discount, serviceCharge, tax, total } = computeBill(
    bills.subtotal + newSubtotal,
    bills.discount,
    bills.taxRate,
    bills.serviceRate,
  );
  const rows: [string, string][] = [
    ['Ordered so far', formatMoney(bills.subtotal)],
    ['New dishes', formatMoney(newSubtotal)],
    ['Subtotal', formatMoney(subtotal)],
    [coupon ? `Discount (${coupon.code})` : 'Discount', discount > 0 ? `−${formatMoney(discount)}` : formatMoney(0)],
    ...serviceChargeRow(bills.serviceRate, serviceCharge),
    [`Tax (${formatTaxRate(bills.taxRate)})`, formatMoney(tax)],
  ];
  return (
    <div>
      <dl className="space-y-1 text-sm">
        <BillRows rows={rows} total={total} />
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        An estimate. Final prices are set by the server.
        {coupon && ` Coupon ${coupon.code} re-checked when sent.`}
      </p>
    </div>
  );
}
