import { computeBill, subtotalsByRate } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import type { RateAmount } from '@quan/contract/vat';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { BillRows, discountRow, serviceChargeRow, taxRows } from './BillSummary';

interface RoundBillSummaryProps {
  order: Pick<Order, 'bills' | 'coupon' | 'items'>;
  /** What the dishes of the new round add, by VAT rate, at the menu's prices and rates. */
  newSubtotals: readonly RateAmount[];
}

/**
 * The table's bill once the new round joins it: the order's lines (each at the rate it was ordered at) plus the
 * cart's, the service charge at the order's own rates, with the VAT inside the prices or added as the order was
 * placed, as the server does. The coupon's discount is the one on the bill now; the server works it out again
 * for the new subtotal when the round arrives.
 */
export function RoundBillSummary({ order, newSubtotals }: RoundBillSummaryProps) {
  const t = useT();
  const { bills, coupon } = order;
  const ordered = order.items.map((line) => ({ vatRate: line.vatRate, amount: line.total }));
  const bill = computeBill({
    subtotals: subtotalsByRate([...ordered, ...newSubtotals]),
    discount: bills.discount,
    serviceRate: bills.serviceRate,
    serviceVatRate: bills.serviceVatRate,
    pricesIncludeTax: bills.pricesIncludeTax,
  });
  const newSubtotal = newSubtotals.reduce((sum, part) => sum + part.amount, 0);
  const rows: [string, string][] = [
    [t('pos.bill.orderedSoFar'), formatMoney(bills.subtotal)],
    [t('pos.bill.newDishes'), formatMoney(newSubtotal)],
    [t('pos.bill.subtotal'), formatMoney(bill.subtotal)],
    discountRow(coupon?.code ?? null, bill.discount, t),
    ...serviceChargeRow(bills.serviceRate, bill.serviceCharge, t),
    ...taxRows(bill, t),
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
