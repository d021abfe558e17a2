import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Reservation, ReservationStatusBody } from '@quan/contract/reservations';
import { defaultSettings } from '@quan/contract/settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/DateField';
import { LoadError } from '../../../components/LoadError';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { isDay, restaurantDay } from '../../../lib/restaurant-day';
import { useCan } from '../../../lib/use-can';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { useItems } from '../../menu/api/list-items';
import { useSettings } from '../../more/api/get-settings';
import { useTables } from '../../tables/api/list-tables';
import { useReservationRequests } from '../api/list-requests';
import { useReservations } from '../api/list-reservations';
import { useDeclineAlike } from '../api/decline-alike';
import { useMoveReservation } from '../api/save-reservation';
import { DayTimeline } from '../components/DayTimeline';
import { ReservationCard } from '../components/ReservationCard';
import { ReservationFormDialog } from '../components/ReservationFormDialog';
import { phaseOf, phaseOrder, type ReservationPhase } from '../components/reservation-display';

const sectionTitles: Record<ReservationPhase, string> = {
  late: 'reservations.section.late',
  soon: 'reservations.section.soon',
  requested: 'reservations.section.requested',
  later: 'reservations.section.later',
  seated: 'reservations.section.seated',
  closed: 'reservations.section.closed',
};

const movedMessages: Record<ReservationStatusBody['status'], string> = {
  booked: 'reservations.moved.booked',
  declined: 'reservations.moved.declined',
  arrived: 'reservations.moved.arrived',
  done: 'reservations.moved.done',
  cancelled: 'reservations.moved.cancelled',
  no_show: 'reservations.moved.noShow',
};

/**
 * `/reservations`: guests' online requests waiting to be accepted, whatever their day, then the day's book. A
 * timeline by table, then the bookings in words, what needs someone first (late guests, then those due within
 * half an hour), with the moves staff make: accept or decline a request, arrived (the party is seated and its
 * pre-order goes to the kitchen), no-show, cancel, done.
 */
export function ReservationsPage() {
  const t = useT();
  usePageTitle(t('reservations.heading'));
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('reservations:manage');
  const now = useNow();
  const today = restaurantDay(new Date(now));
  const [day, setDay] = useState(today);
  const shownDay = isDay(day) ? day : today;
  const reservations = useReservations(shownDay);
  const requests = useReservationRequests();
  const tables = useTables();
  const items = useItems();
  const settings = useSettings();
  const move = useMoveReservation();
  const [editing, setEditing] = useState<Reservation | 'new' | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [declining, setDeclining] = useState<Reservation | null>(null);
  const [decliningAlike, setDecliningAlike] = useState<Reservation | null>(null);
  const declineAlike = useDeclineAlike();

  async function declineAllFrom(reservation: Reservation) {
    setBusyId(reservation._id);
    try {
      const { declined } = await declineAlike.mutateAsync(reservation._id);
      enqueueSnackbar(t('reservations.declinedAlike', { count: declined }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('reservations.moveFailed', { name: reservation.name })), {
        variant: 'error',
      });
    } finally {
      setBusyId(null);
    }
  }

  async function moveReservation(reservation: Reservation, status: ReservationStatusBody['status']) {
    setBusyId(reservation._id);
    try {
      await move.mutateAsync({ reservationId: reservation._id, status, expectedVersion: reservation.version });
      enqueueSnackbar(t(movedMessages[status], { name: reservation.name }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('reservations.moveFailed', { name: reservation.name })), {
        variant: 'error',
      });
    } finally {
      setBusyId(null);
    }
  }

  const cardProps = (reservation: Reservation) => ({
    reservation,
    canManage,
    busy: busyId === reservation._id,
    onMove: (status: ReservationStatusBody['status']) => void moveReservation(reservation, status),
    onEdit: () => setEditing(reservation),
    onDecline: () => setDeclining(reservation),
    onDeclineAlike: () => setDecliningAlike(reservation),
  });

  const waiting = requests.data ?? [];
  const list = reservations.data ?? [];
  // A request waiting to be accepted is listed once, among the requests above; the day's book names it again only
  // when those could not be loaded. The timeline still shows where it would sit.
  const waitingIds = new Set(waiting.map((reservation) => reservation._id));
  const byPhase = new Map<ReservationPhase, Reservation[]>();
  for (const reservation of list) {
    if (waitingIds.has(reservation._id)) continue;
    const phase = phaseOf(reservation, now);
    byPhase.set(phase, [...(byPhase.get(phase) ?? []), reservation]);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{t('reservations.heading')}</h1>
          <p className="text-stone-600">{t('reservations.intro')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <DateField label={t('reservations.day')} value={day} onChange={setDay} />
          <button type="button" className="btn btn-secondary min-h-11" onClick={() => setDay(today)}>
            {t('reservations.today')}
          </button>
          {canManage && (
            <button type="button" className="btn btn-primary min-h-11" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              {t('reservations.new')}
            </button>
          )}
        </div>
      </div>

      {requests.isError ? (
        <LoadError
          error={requests.error}
          fallback={t('reservations.requests.loadError')}
          onRetry={() => void requests.refetch()}
        />
      ) : (
        waiting.length > 0 && (
          <section
            aria-labelledby="reservations-requests"
            className="space-y-3 rounded-2xl border border-violet-200 bg-violet-50/60 p-4"
          >
            <div>
              <h2 id="reservations-requests" className="text-lg font-semibold text-stone-900">
                {t('reservations.requests.heading', { count: waiting.length })}
              </h2>
              <p className="text-sm text-stone-700">{t('reservations.requests.intro')}</p>
            </div>
            <div className="grid gap-3 md:grid-cols-2">
              {waiting.map((reservation) => (
                <ReservationCard key={reservation._id} {...cardProps(reservation)} phase="requested" showDay />
              ))}
            </div>
          </section>
        )
      )}

      {reservations.isError ? (
        <LoadError
          error={reservations.error}
          fallback={t('reservations.loadError')}
          onRetry={() => void reservations.refetch()}
        />
      ) : reservations.isPending ? (
        <p role="status" className="text-stone-600">
          {t('reservations.loading')}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
          {t('reservations.none')}
        </p>
      ) : (
        <>
          <DayTimeline day={shownDay} reservations={list} tables={tables.data ?? []} now={now} />
          {phaseOrder.map((phase) => {
            const inPhase = byPhase.get(phase);
            if (!inPhase) return null;
            return (
              <section key={phase} aria-labelledby={`reservations-${phase}`} className="space-y-3">
                <h2 id={`reservations-${phase}`} className="text-lg font-semibold text-stone-900">
                  {t(sectionTitles[phase], { count: inPhase.length })}
                </h2>
                <div className="grid gap-3 md:grid-cols-2">
                  {inPhase.map((reservation) => (
                    <ReservationCard key={reservation._id} {...cardProps(reservation)} phase={phase} />
                  ))}
                </div>
              </section>
            );
          })}
        </>
      )}

      {editing && (
        <ReservationFormDialog
          reservation={editing === 'new' ? undefined : editing}
          day={shownDay}
          tables={tables.data ?? []}
          items={items.data ?? []}
          defaultMinutes={(settings.data?.reservations ?? defaultSettings.reservations).defaultMinutes}
          onClose={() => setEditing(null)}
        />
      )}

      <ConfirmDialog
        open={declining !== null}
        title={t('reservations.decline.title', { name: declining?.name ?? '' })}
        description={t('reservations.decline.description')}
        confirmLabel={t('reservations.action.decline')}
        onCancel={() => setDeclining(null)}
        onConfirm={() => {
          if (declining) void moveReservation(declining, 'declined');
          setDeclining(null);
        }}
      />

      <ConfirmDialog
        open={decliningAlike !== null}
        title={t('reservations.declineAlike.title', { name: decliningAlike?.name ?? '' })}
        description={t('reservations.declineAlike.description')}
        confirmLabel={t('reservations.declineAlike.confirm')}
        onCancel={() => setDecliningAlike(null)}
        onConfirm={() => {
          if (decliningAlike) void declineAllFrom(decliningAlike);
          setDecliningAlike(null);
        }}
      />
    </div>
  );
}
