import { describeOptions } from '@quan/contract/option-rules';
import type { Order } from '@quan/contract/order';
import { formatDateTime } from '../../../lib/format';

/** What the kitchen needs to cook the order: no prices, large quantities, options, notes; nothing voided. */
export function PrintedKitchenTicket({ order }: { order: Order }) {
  return (
    <article aria-label={`Kitchen ticket for order ${order.orderNo}`} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold">KITCHEN · #{order.orderNo}</p>
        <p className="text-lg font-bold">{order.table ? `Table ${order.table.tableNo}` : 'Takeaway'}</p>
        <p>{formatDateTime(order.createdAt)}</p>
        <p>
          {order.customerDetails.name} · {order.customerDetails.guests}{' '}
          {order.customerDetails.guests === 1 ? 'guest' : 'guests'}
        </p>
        {order.isPreorder && <p className="font-bold">PREORDER</p>}
      </header>
      <ul className="ticket-rule space-y-1">
        {order.items
          .filter((line) => line.quantity > line.voidedQuantity)
          .map((line) => (
            <li key={line.position}>
              <p className="text-base font-bold">
                {line.quantity - line.voidedQuantity} × {line.name}
              </p>
              {line.options.length > 0 && <p className="pl-6 font-bold">{describeOptions(line.options)}</p>}
              {line.note && <p className="pl-6">→ {line.note}</p>}
            </li>
          ))}
      </ul>
      {order.note && <p className="ticket-rule font-bold">Note: {order.note}</p>}
    </article>
  );
}
