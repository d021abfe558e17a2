import { useId, type ReactNode } from 'react';
import { CalendarClock, CloudOff, Users } from 'lucide-react';
import type { Reservation } from '@quan/contract/reservations';
import type { Table } from '@quan/contract/table';
import { formatTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { tableStatusMessages } from './table-status';

const statusStyles = {
  available: {
    card: 'border-green-300 bg-green-50/60',
    badge: 'bg-green-100 text-green-900 ring-green-300',
    dot: 'bg-green-600',
  },
  booked: {
    card: 'border-amber-300 bg-amber-50/70',
    badge: 'bg-amber-100 text-amber-900 ring-amber-300',
    dot: 'bg-amber-500',
  },
} as const;

/** The message id of each order status the table may show. */
const orderStatusMessages = new Map<string, string>([
  ['pending', 'tables.orderStatus.pending'],
  ['in_progress', 'tables.orderStatus.inProgress'],
  ['ready', 'tables.orderStatus.ready'],
  ['served', 'tables.orderStatus.served'],
  ['completed', 'tables.orderStatus.completed'],
  ['cancelled', 'tables.orderStatus.cancelled'],
]);

/** "in_progress" → "In progress": the table only knows the order's status as text; an unknown one is shown as it is. */
function orderStatusText(status: string, t: ReturnType<typeof useT>): string {
  const message = orderStatusMessages.get(status);
  if (message) return t(message);
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface TableCardProps {
  table: Table;
  /** Seat / free buttons, then the manager's buttons. */
  actions: ReactNode;
  /** The table's next booking today, and whether the table is held for it already (from shortly before). */
  booking?: { reservation: Pick<Reservation, 'startsAt' | 'name' | 'partySize'>; held: boolean };
  /** A new order for the table waits on this tablet to be sent: the server still says the table is free. */
  isAwaitingSend?: boolean;
}

export function TableCard({ table, actions, booking, isAwaitingSend = false }: TableCardProps) {
  const t = useT();
  const titleId = useId();
  const styles = statusStyles[isAwaitingSend ? 'booked' : table.status];
  const order = table.currentOrder;

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col gap-3 rounded-2xl border-2 p-4 shadow-sm ${styles.card}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {t('tables.table', { tableNo: table.tableNo })}
        </h2>
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles.badge}`}
        >
          <span aria-hidden="true" className={`size-2 rounded-full ${styles.dot}`} />
          {t(tableStatusMessages[table.status])}
        </span>
      </div>
      <p className="flex items-center gap-1.5 text-sm text-stone-700">
        <Users aria-hidden="true" className="size-4" />
        {t('tables.seats', { count: table.seats })}
      </p>
      {isAwaitingSend && !order && (
        <p className="flex items-center gap-1.5 rounded-lg bg-white/80 px-3 py-2 text-sm font-medium text-stone-800">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          {t('tables.awaitingSend')}
        </p>
      )}
      {order ? (
        <div className="rounded-lg bg-white/80 px-3 py-2 text-sm">
          <p className="font-semibold text-stone-900">{t('tables.order', { orderNo: order.orderNo })}</p>
          <p className="text-stone-700">{order.customerName || t('tables.guest')}</p>
          <p className="text-stone-600">{orderStatusText(order.status, t)}</p>
        </div>
      ) : (
        table.status === 'booked' && <p className="text-sm text-stone-600">{t('tables.bookedNoOrder')}</p>
      )}
      {booking && (
        <p
          className={`flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium ${
            booking.held ? 'bg-amber-200 text-amber-950' : 'bg-sky-50 text-sky-900'
          }`}
        >
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          {t(booking.held ? 'tables.heldFor' : 'tables.reservedAt', {
            time: formatTime(booking.reservation.startsAt),
            name: booking.reservation.name,
            count: booking.reservation.partySize,
          })}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">{actions}</div>
    </article>
  );
}
