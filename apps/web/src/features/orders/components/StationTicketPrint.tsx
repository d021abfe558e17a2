import type { Order, OrderItem, OrderRound } from '@quan/contract/order';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { billedQuantity, formatClock, tableLabel } from './order-status';

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
  const station = stationName ?? 'Kitchen';
  return (
    <article aria-label={`${station} ticket, order ${order.orderNo}, round ${round.no}`} className="ticket">
      {copy > 1 && (
        <p className="mb-2 border-4 border-black py-1 text-center text-2xl font-extrabold tracking-widest">
          REPRINT <span className="block text-sm font-bold tracking-normal">copy {copy}</span>
        </p>
      )}
      <header className="ticket-center">
        <p className="text-base font-bold">
          {station.toLocaleUpperCase('vi')} · #{order.orderNo}
        </p>
        <p className="text-lg font-bold">{tableLabel(order)}</p>
        <p className="font-bold">Round {round.no}</p>
        <p>
          Sent {formatClock(round.sentAt)} · Printed {formatClock(printedAt)}
        </p>
      </header>
      <ul className="ticket-rule space-y-1.5">
        {lines.map((line) => (
          <li key={line.position} className="flex gap-2 text-base">
            <span className="shrink-0 font-extrabold">{billedQuantity(line)} ×</span> <OrderLineLabel line={line} />
          </li>
        ))}
      </ul>
      {order.note && <p className="ticket-rule font-bold">Note: {order.note}</p>}
    </article>
  );
}
