import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { bookingKeySchema, type PublicReservation } from '@quan/contract/reservations';
import { FormAlert } from '../../../components/FormAlert';
import { dinerPath } from '../../../lib/diner-branch';
import { useT } from '../../../lib/i18n';
import { describePublicError, PublicApiError } from '../../../lib/public-api';
import { usePageTitle } from '../../../lib/use-page-title';
import { cancelBooking, usePublicBooking } from '../api/public-booking';
import { BookingFrame } from '../components/BookingFrame';
import { formatBookingWhen, guestsLabel, statusTone, statusWords } from '../components/booking-display';
import { KeepLink } from '../components/KeepLink';
import { forgetBooking, rememberBooking } from '../components/remembered-bookings';

/** How often a booking waiting for the staff is asked again, so the guest sees the answer without reloading. */
export const BOOKING_POLL_MS = 20_000;

/** `/booking/:key`: the guest's own page of their booking: its status, what was asked for, and a way to cancel. */
export function BookingStatusPage() {
  const { key = '' } = useParams();
  const t = useT();
  usePageTitle(t('booking.status.pageTitle'));
  const isKey = bookingKeySchema.safeParse(key).success;

  const notice = (text: string) => (
    <BookingFrame
      title={t('booking.status.heading')}
      restaurantName={undefined}
      backTo="/book"
      backLabel={t('booking.status.back')}
    >
      <div className="card space-y-4 p-5">
        <p>{text}</p>
        <Link to="/book" className="btn btn-primary">
          {t('booking.another')}
        </Link>
      </div>
    </BookingFrame>
  );
  if (!isKey) return notice(t('errors.BOOKING_NOT_FOUND'));
  return <BookingStatus key={key} bookingKey={key} notice={notice} />;
}

function BookingStatus({ bookingKey, notice }: { bookingKey: string; notice: (text: string) => ReactNode }) {
  const t = useT();
  const booking = usePublicBooking(bookingKey);
  const { reload } = booking;
  // The answer to the guest's own cancel, shown at once.
  const [cancelled, setCancelled] = useState<PublicReservation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const reservation = cancelled ?? booking.data;
  const status = reservation?.status;
  const notFound = booking.error instanceof PublicApiError && booking.error.status === 404;

  // While the staff have not answered, ask again now and then, and as soon as the guest comes back to the page.
  useEffect(() => {
    if (status !== 'requested') return;
    const timer = setInterval(reload, BOOKING_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [status, reload]);

  // This device keeps the link (with the status it last showed) for "Your bookings"; an unknown link goes.
  useEffect(() => {
    if (reservation) {
      rememberBooking({
        key: bookingKey,
        startsAt: reservation.startsAt,
        partySize: reservation.partySize,
        timezone: reservation.restaurant.timezone,
        status: reservation.status,
      });
    }
  }, [bookingKey, reservation]);
  useEffect(() => {
    if (notFound) forgetBooking(bookingKey);
  }, [bookingKey, notFound]);

  async function cancel() {
    setIsCancelling(true);
    setCancelError(null);
    try {
      setCancelled(await cancelBooking(bookingKey));
      setConfirming(false);
    } catch (error) {
      setCancelError(describePublicError(error, t('booking.cancel.error')));
      // Its status may have moved on (the staff declined it, its time came): show where it stands.
      reload();
    } finally {
      setIsCancelling(false);
    }
  }

  if (!reservation) {
    if (notFound) return notice(describePublicError(booking.error, t('errors.BOOKING_NOT_FOUND')));
    return (
      <BookingFrame
        title={t('booking.status.heading')}
        restaurantName={undefined}
        backTo="/book"
        backLabel={t('booking.status.back')}
      >
        {booking.isPending ? (
          <p role="status" className="py-10 text-center text-stone-700">
            {t('booking.status.loading')}
          </p>
        ) : (
          <div className="space-y-3">
            <FormAlert>{describePublicError(booking.error, t('booking.status.loadError'))}</FormAlert>
            <button type="button" className="btn btn-secondary" onClick={reload}>
              {t('common.tryAgain')}
            </button>
          </div>
        )}
      </BookingFrame>
    );
  }

  const words = statusWords[reservation.status];
  const when = formatBookingWhen(reservation.startsAt, reservation.restaurant.timezone);
  // Booking again is at the branch this booking was asked of.
  const bookAgain = dinerPath(reservation.restaurant.branchSlug ?? null, '/book');
  return (
    <BookingFrame
      title={t('booking.status.heading')}
      restaurantName={reservation.restaurant.name}
      backTo={bookAgain}
      backLabel={t('booking.status.back')}
    >
      <div className="space-y-4">
        <section aria-labelledby="booking-status" className="card space-y-3 p-4 sm:p-6">
          <h2 id="booking-status" className="sr-only">
            {t('booking.status.title')}
          </h2>
          <p role="status">
            <span className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${statusTone[reservation.status]}`}>
              {t(words.label)}
            </span>
          </p>
          <p className="text-stone-800">{t(words.detail)}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t border-stone-200 pt-3">
            <dt className="text-stone-600">{t('booking.field.when')}</dt>
            <dd className="font-semibold">{when}</dd>
            <dt className="text-stone-600">{t('booking.field.party')}</dt>
            <dd>{guestsLabel(t, reservation.partySize)}</dd>
            <dt className="text-stone-600">{t('booking.field.name')}</dt>
            <dd className="break-words">{reservation.name}</dd>
            {reservation.note && (
              <>
                <dt className="text-stone-600">{t('booking.field.note')}</dt>
                <dd className="break-words whitespace-pre-line">{reservation.note}</dd>
              </>
            )}
          </dl>

          {reservation.canCancel &&
            (confirming ? (
              <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
                <p className="font-semibold text-red-900">{t('booking.cancel.question', { when })}</p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={isCancelling}
                    onClick={() => void cancel()}
                  >
                    {t('booking.cancel.confirm')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={isCancelling}
                    onClick={() => setConfirming(false)}
                  >
                    {t('booking.cancel.keep')}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
                {t('booking.cancel')}
              </button>
            ))}
          {cancelError && <FormAlert>{cancelError}</FormAlert>}
        </section>

        <KeepLink url={`${location.origin}/booking/${bookingKey}`} />

        <Link to={bookAgain} className="btn btn-secondary w-full">
          {t('booking.another')}
        </Link>
      </div>
    </BookingFrame>
  );
}
