import type { Order } from '@quan/contract/order';

import { formatDateTime, formatMoney, formatPriceChange } from '../../../lib/format';
import { formatTaxRate } from './BillSummary';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'text-base font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** What the guest pays for: a voided line is off the bill, and a partly voided one counts what is left of it. */
function billedLines(order: Order) {
  return order.items.filter((line) => line.quantity > line.voidedQuantity);
}

/**
 * The guest's bill with the server's numbers, laid out for an 80 mm receipt printer: each dish in bold, its
 * options under it with their prices, then the portion's price and the line's total.
 */
export function Receipt({ order, restaurantName }: { order: Order; restaurantName: string }) {
  const { bills } = order;
  return (
    <article aria-label={`Receipt for order ${order.orderNo}`} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        <p>Receipt · Order #{order.orderNo}</p>
        <p>{formatDateTime(order.createdAt)}</p>
      </header>
      <p className="ticket-rule">
        {order.table ? `Table ${order.table.tableNo}` : 'Takeaway'} · {order.customerDetails.guests}{' '}
        {order.customerDetails.guests === 1 ? 'guest' : 'guests'}
        <br />
        Guest: {order.customerDetails.name}
        {order.customerDetails.phone && ` · ${order.customerDetails.phone}`}
      </p>
      <ul className="ticket-rule space-y-1">
        {billedLines(order).map((line) => (
          <li key={line.position}>
            <p className="font-bold">
              {line.quantity - line.voidedQuantity} × {line.name}
            </p>
            {/* Each option as it was sold, with what it added to the portion ("Lớn +10.000 ₫"). */}
            {line.options.map((option, index) => (
              <p key={index} className="flex justify-between gap-2 pl-4">
                <span>{option.name}</span>
                {option.priceDelta !== 0 && (
                  <span className="tabular-nums">{formatPriceChange(option.priceDelta)}</span>
                )}
              </p>
            ))}
            <p className="flex justify-between gap-2 pl-4 tabular-nums">
              <span>{formatMoney(line.price)}</span>
              <span>{formatMoney(line.total)}</span>
            </p>
            {line.note && <p className="pl-4 italic">({line.note})</p>}
          </li>
        ))}
      </ul>
      <dl className="ticket-rule space-y-0.5">
        <Row label="Subtotal" value={formatMoney(bills.subtotal)} />
        <Row
          label={order.coupon ? `Discount (${order.coupon.code})` : 'Discount'}
          value={bills.discount > 0 ? `−${formatMoney(bills.discount)}` : formatMoney(0)}
        />
        <Row label={`Tax (${formatTaxRate(bills.taxRate)})`} value={formatMoney(bills.tax)} />
        <Row label="Total" value={formatMoney(bills.total)} strong />
      </dl>
      <footer className="ticket-rule ticket-center">
        <p>{order.paymentStatus === 'paid' ? 'Paid' : 'Not paid yet'}</p>
        {order.createdBy && <p>Served by {order.createdBy.name}</p>}
        <p>Cảm ơn quý khách! Thank you!</p>
      </footer>
    </article>
  );
}
