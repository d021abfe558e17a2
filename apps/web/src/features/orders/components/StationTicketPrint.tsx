import type { Order, OrderItem, OrderRound } from '@quan/contract/order';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { useT } from '../../../lib/i18n';
import { billedQuantity } from './order-lines';
import { tableLabel } from './order-names';
import { formatClock } from '../../../lib/date-format';

export interface PrintedStationTicketProps {
  order: Order;
  round: Pick<OrderRound, 'no' | 'sentAt'>;
  /** The dishes on the ticket: the station's, or the whole round's. */
  lines: readonly OrderItem[];
  /** The station's name; null for a ticket of the whole round. */
  stationName: string | null;
  /** Which copy this is: the second and later ones are reprints. */
  copy: number;
  printedAt: string;
}

/**
 * A station's ticket of one round, for an 80 mm printer (the `.ticket` styles in index.css): who and where,
 * then each dish big and bold with its options and note under it, no prices. A reprint says so at the top, so
 * the kitchen does not make the dishes twice.
 */
export function PrintedStationTicket({ order, round, lines, stationName, copy, printedAt }: PrintedStationTicketProps) {
  const t = useT();
  const station = stationName ?? t('orders.print.kitchen');
  const stationHeading = station.toLocaleUpperCase('vi');
  return (
    <article
      aria-label={t('orders.print.label', { station, orderNo: order.orderNo, roundNo: round.no })}
      className="ticket"
    >
      {copy > 1 && (
        <p className="mb-2 border-4 border-black py-1 text-center text-2xl font-extrabold tracking-widest">
          {t('orders.print.reprint')}{' '}
          <span className="block text-sm font-bold tracking-normal">{t('orders.print.copy', { copy })}</span>
        </p>
      )}
      <header className="ticket-center">
        <p className="text-base font-bold">
          {stationHeading} {'·'} #{order.orderNo}
        </p>
        <p className="text-lg font-bold">{tableLabel(order, t)}</p>
        <p className="font-bold">{t('orders.rounds.one', { no: round.no })}</p>
        <p>{t('orders.print.times', { sent: formatClock(round.sentAt), printed: formatClock(printedAt) })}</p>
      </header>
      <ul className="ticket-rule space-y-1.5">
        {lines.map((line) => (
          <li key={line.position} className="flex gap-2 text-base">
            <span className="shrink-0 font-extrabold">{billedQuantity(line)} ×</span> <OrderLineLabel line={line} />
          </li>
        ))}
      </ul>
      {order.note && <p className="ticket-rule font-bold">{t('orders.note', { note: order.note })}</p>}
    </article>
  );
}
