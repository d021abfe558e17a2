import { computeBill } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { BillRows, discountRow, serviceChargeRow, taxRow } from './BillSummary';

interface RoundBillSummaryProps {
  order: Pick<Order, 'bills' | 'coupon'>;
  /** What the dishes of the new round add, at the menu's prices. */
  newSubtotal: number;
}

/**
 * The table's bill once the new round joins it: the bill so far plus the cart, taxed (and service-charged) at the
 * order's own rates, with the VAT inside the prices or added as the order was placed, as the server does. The coupon's discount is the one on the bill now; the server works it out again for the new
 * subtotal when the round arrives.
 */
export function RoundBillSummary({ order, newSubtotal }: RoundBillSummaryProps) {
  const t = useT();
  const { bills, coupon } = order;
  const bill = computeBill({ ...bills, subtotal: bills.subtotal + newSubtotal });
  const rows: [string, string][] = [
    [t('pos.bill.orderedSoFar'), formatMoney(bills.subtotal)],
    [t('pos.bill.newDishes'), formatMoney(newSubtotal)],
    [t('pos.bill.subtotal'), formatMoney(bill.subtotal)],
    discountRow(coupon?.code ?? null, bill.discount, t),
    ...serviceChargeRow(bills.serviceRate, bill.serviceCharge, t),
    taxRow(bill, t),
  ];
  return (
    <div>
      <dl className="space-y-1 text-sm">
        <BillRows rows={rows} total={bill.total} />
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        {t('pos.bill.estimate')}
        {coupon && ` ${t('pos.bill.couponRechecked', { code: coupon.code })}`}
      </p>
    </div>
  );
}
