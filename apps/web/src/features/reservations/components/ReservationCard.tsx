import { Ban, Check, Clock, Pencil, Phone, Users, X } from 'lucide-react';
import type { Reservation, ReservationStatusBody } from '@quan/contract/reservations';
import { formatLongDay, formatTime } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { restaurantDay } from '../../../lib/restaurant-day';
import type { ReservationPhase } from './reservation-display';

/** The badge of each phase: its words and colours. */
const phaseBadges: Record<ReservationPhase, { id: string; className: string }> = {
  late: { id: 'reservations.phase.late', className: 'bg-red-100 text-red-800' },
  soon: { id: 'reservations.phase.soon', className: 'bg-amber-100 text-amber-900' },
  requested: { id: 'reservations.phase.requested', className: 'bg-violet-100 text-violet-800' },
  later: { id: 'reservations.phase.later', className: 'bg-stone-100 text-stone-700' },
  seated: { id: 'reservations.phase.seated', className: 'bg-emerald-100 text-emerald-800' },
  closed: { id: 'reservations.phase.closed', className: 'bg-stone-100 text-stone-600' },
};

const closedStatusIds: Record<string, string> = {
  done: 'reservations.status.done',
  cancelled: 'reservations.status.cancelled',
  no_show: 'reservations.status.noShow',
  declined: 'reservations.status.declined',
  expired: 'reservations.status.expired',
};

interface ReservationCardProps {
  reservation: Reservation;
  phase: ReservationPhase;
  canManage: boolean;
  busy: boolean;
  onMove: (status: ReservationStatusBody['status']) => void;
  onEdit: () => void;
  /** Declining asks first: the page shows the question. */
  onDecline?: () => void;
  /** Declines every request from this guest's phone or connection (the page asks first); online requests only. */
  onDeclineAlike?: () => void;
  /** Say the day too, for a list that spans days (the requests waiting to be accepted). */
  showDay?: boolean;
}

/** One booking in the day's book: when, who, how many, where, what was ordered ahead, and what to do next. */
export function ReservationCard({
  reservation,
  phase,
  canManage,
  busy,
  onMove,
  onEdit,
  onDecline = () => onMove('declined'),
  onDeclineAlike,
  showDay = false,
}: ReservationCardProps) {
  const t = useT();
  const badge = phaseBadges[phase];
  const tables = reservation.tables.map((table) => table.tableNo).join(', ');
  const preorderUnits = reservation.preorder.reduce((sum, line) => sum + line.quantity, 0);
  const time = formatTime(reservation.startsAt);
  const day = showDay ? formatLongDay(restaurantDay(new Date(reservation.startsAt))) : null;
  const isOpen = ['requested', 'booked', 'arrived'].includes(reservation.status);

  return (
    <article
      aria-label={
        day
          ? t('reservations.card.labelWithDay', { day, time, name: reservation.name })
          : t('reservations.card.label', { time, name: reservation.name })
      }
      className={`rounded-2xl border bg-white p-4 shadow-sm ${
        phase === 'soon'
          ? 'border-amber-400 ring-2 ring-amber-200'
          : phase === 'late'
            ? 'border-red-300'
            : phase === 'requested'
              ? 'border-violet-300'
              : 'border-stone-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {day && <p className="text-sm font-semibold text-violet-800">{day}</p>}
          <h3 className="text-lg font-semibold text-stone-900">
            {time} · {reservation.name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-4" />
              {t('reservations.card.party', { count: reservation.partySize })}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {t('reservations.card.until', { time: formatTime(reservation.endsAt) })}
            </span>
            <span>{tables ? t('reservations.card.tables', { tables }) : t('reservations.card.noTable')}</span>
            {reservation.phone && (
              // A tap calls the guest from a phone or tablet, to confirm or to talk about another time.
              <a
                href={`tel:${reservation.phone.replace(/[^\d+]/g, '')}`}
                className="inline-flex min-h-8 items-center gap-1 font-medium text-amber-800 underline underline-offset-2"
              >
                <Phone aria-hidden="true" className="size-4" />
                {reservation.phone}
              </a>
            )}
            {reservation.source === 'public' && (
              <span className="text-xs text-stone-600">{t('reservations.card.online')}</span>
            )}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${badge.className}`}>
          {phase === 'closed' ? t(closedStatusIds[reservation.status] ?? badge.id) : t(badge.id)}
        </span>
      </div>

      {reservation.preorder.length > 0 && (
        <p className="mt-2 text-sm text-stone-700">
          {t('reservations.card.preorder', {
            count: preorderUnits,
            dishes: reservation.preorder.map((line) => `${line.quantity}× ${line.name}`).join(', '),
            total: formatMoney(reservation.preorderTotal),
          })}
          {' · '}
          {reservation.orderId
            ? t('reservations.card.preorderSent')
            : reservation.fireAt
              ? t('reservations.card.preorderAt', { time: formatTime(reservation.fireAt) })
              : t('reservations.card.preorderOnArrival')}
        </p>
      )}
      {reservation.note && <p className="mt-2 text-sm text-stone-600 italic">{reservation.note}</p>}

      {canManage && isOpen && (
        <div className="mt-3 flex flex-wrap gap-2">
          {reservation.status === 'requested' && (
            <>
              <button
                type="button"
                className="btn btn-primary min-h-11"
                disabled={busy}
                onClick={() => onMove('booked')}
              >
                <Check aria-hidden="true" className="size-4" />
                {t('reservations.action.accept')}
              </button>
              <button type="button" className="btn btn-secondary min-h-11" disabled={busy} onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('reservations.action.edit')}
              </button>
              <button type="button" className="btn btn-secondary min-h-11" disabled={busy} onClick={onDecline}>
                <X aria-hidden="true" className="size-4" />
                {t('reservations.action.decline')}
              </button>
              {onDeclineAlike && reservation.source === 'public' && (
                <button type="button" className="btn btn-secondary min-h-11" disabled={busy} onClick={onDeclineAlike}>
                  <Ban aria-hidden="true" className="size-4" />
                  {t('reservations.action.declineAlike')}
                </button>
              )}
            </>
          )}
          {reservation.status === 'booked' && (
            <>
              <button
                type="button"
                className="btn btn-primary min-h-11"
                disabled={busy}
                onClick={() => onMove('arrived')}
              >
                {t('reservations.action.arrived')}
              </button>
              <button type="button" className="btn btn-secondary min-h-11" disabled={busy} onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('reservations.action.edit')}
              </button>
              {phase === 'late' && (
                <button
                  type="button"
                  className="btn btn-secondary min-h-11"
                  disabled={busy}
                  onClick={() => onMove('no_show')}
                >
                  {t('reservations.action.noShow')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-secondary min-h-11"
                disabled={busy}
                onClick={() => onMove('cancelled')}
              >
                {t('reservations.action.cancel')}
              </button>
            </>
          )}
          {reservation.status === 'arrived' && (
            <button type="button" className="btn btn-secondary min-h-11" disabled={busy} onClick={() => onMove('done')}>
              {t('reservations.action.done')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
