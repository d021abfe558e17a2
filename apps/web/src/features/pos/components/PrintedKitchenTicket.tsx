import { describeOptions } from '@quan/contract/option-rules';
import type { Order } from '@quan/contract/order';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';

/** What the kitchen needs to cook the order: no prices, large quantities, options, notes; nothing voided. */
export function PrintedKitchenTicket({ order }: { order: Order }) {
  const t = useT();
  return (
    <article aria-label={t('pos.ticket.label', { orderNo: order.orderNo })} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold">{t('pos.ticket.heading', { orderNo: order.orderNo })}</p>
        <p className="text-lg font-bold">
          {order.table ? t('pos.table', { tableNo: order.table.tableNo }) : t('pos.takeaway')}
        </p>
        <p>{formatDateTime(order.createdAt)}</p>
        {/* A table order may have no guest name: the table above names it. */}
        <p>
          {[order.customerDetails.name, t('pos.guests', { count: order.customerDetails.guests })]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {order.isPreorder && <p className="font-bold">{t('pos.ticket.preorder')}</p>}
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
      {order.note && <p className="ticket-rule font-bold">{t('pos.ticket.note', { note: order.note })}</p>}
    </article>
  );
}
