import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PUBLIC_BOOKING_DAYS_AHEAD } from '@quan/contract/reservations';
import { phoneSchema } from '@quan/contract/user';
import { defaultSettings } from '@quan/contract/settings';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { formatLongDay } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { describePublicError, PublicApiError } from '../../../lib/public-api';
import { addDays, dayIn } from '../../../lib/restaurant-day';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { seedPublicData } from '../../../lib/use-public-data';
import { useDinerBranch } from '../../../lib/diner-branch';
import { usePublicMenu } from '../../public-menu/api/get-public-menu';
import { bookingDataKey, createBooking, useBookingDay } from '../api/public-booking';
import { BookingFrame } from '../components/BookingFrame';
import { guestsLabel } from '../components/booking-display';
import { DayPicker } from '../components/DayPicker';
import { PartySizeStepper } from '../components/PartySizeStepper';
import { RememberedBookingsList } from '../components/RememberedBookingsList';
import { rememberBooking } from '../components/remembered-bookings';
import { SlotPicker } from '../components/SlotPicker';
import { TextAreaField } from '../../../components/TextAreaField';

/** Refusals that mean the times on screen are out of date: they are loaded again. */
const staleTimeCodes = ['BOOKING_FULL', 'BOOKING_TOO_SOON', 'BOOKING_OUTSIDE_HOURS', 'BOOKING_PARTY_TOO_LARGE'];

type FieldName = 'name' | 'phone' | 'note' | 'time';

/**
 * `/book` (the first branch) or `/b/<slug>/book` (that branch: its hours and tables): a guest asks for a table:
 * party, day, a free time, then who they are. The branch's staff confirm it.
 */
export function BookingPage() {
  const t = useT();
  const navigate = useNavigate();
  const slug = useDinerBranch();
  usePageTitle(t('booking.pageTitle'));
  const menu = usePublicMenu(null);

  const [partySize, setPartySize] = useState(2);
  // The restaurant's zone is known once the first day is loaded; its default until then (they rarely differ).
  const [timeZone, setTimeZone] = useState(defaultSettings.timezone);
  const [openedAt] = useState(() => new Date());
  const today = dayIn(timeZone, openedAt);
  const [date, setDate] = useState(today);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // Each tap on the stepper would be a request: the times load once the party size settles.
  const askedPartySize = useDebouncedValue(partySize, 250);
  const day = useBookingDay(date, askedPartySize);
  // The last day shown stays (dimmed and not choosable) while the next one loads, so the page does not jump.
  const [shownDay, setShownDay] = useState(day.data);
  if (day.data && day.data !== shownDay) setShownDay(day.data);
  if (day.data && day.data.timezone !== timeZone) setTimeZone(day.data.timezone);
  const isStale = !day.data || askedPartySize !== partySize;
  const chosen = isStale ? undefined : day.data?.slots.find((slot) => slot.free && slot.startsAt === selected);
  const lastDay = addDays(today, PUBLIC_BOOKING_DAYS_AHEAD);

  const bookingOff = day.error instanceof PublicApiError && day.error.code === 'BOOKING_OFF';
  const restaurantName = menu.data?.restaurant.name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<FieldName, string>> = {};
    if (!chosen) found.time = t('booking.time.required');
    if (!name.trim()) found.name = t('booking.name.required');
    if (!phoneSchema.safeParse(phone).success) found.phone = t('booking.phone.invalid');
    setErrors(found);
    if (!chosen || Object.keys(found).length > 0) return;

    setIsSending(true);
    try {
      const result = await createBooking(
        {
          name: name.trim(),
          phone: phone.trim(),
          partySize,
          startsAt: chosen.startsAt,
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        slug,
      );
      const { reservation } = result;
      rememberBooking({
        key: result.key,
        startsAt: reservation.startsAt,
        partySize: reservation.partySize,
        timezone: reservation.restaurant.timezone,
        status: reservation.status,
      });
      // The booking's page shows it at once instead of asking for it again.
      seedPublicData(bookingDataKey(result.key), reservation);
      void navigate(`/booking/${result.key}`);
    } catch (error) {
      setIsSending(false);
      const refused = error instanceof PublicApiError ? error : null;
      const fields: Partial<Record<FieldName, string>> = {};
      for (const field of refused?.fieldErrors ?? []) {
        if (field.path === 'name') fields.name = t('booking.name.required');
        if (field.path === 'phone') fields.phone = t('booking.phone.invalid');
        if (field.path === 'note') fields.note = t('booking.note.tooLong');
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(describePublicError(error, t('booking.error.send')));
      if (refused?.code && staleTimeCodes.includes(refused.code)) {
        setSelected(null);
        day.reload();
      }
    }
  }

  return (
    <BookingFrame
      title={t('booking.heading')}
      restaurantName={restaurantName}
      backTo="/landing"
      backLabel={t('booking.back')}
    >
      <RememberedBookingsList />
      {bookingOff ? (
        <div className="card p-5">
          <p>{describePublicError(day.error, t('booking.error.load'))}</p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
          <section className="card space-y-6 p-4 sm:p-6">
            <PartySizeStepper value={partySize} onChange={setPartySize} />
            <DayPicker
              value={date}
              today={today}
              lastDay={lastDay}
              onChange={(next) => {
                setDate(next);
                setSelected(null);
              }}
            />
          </section>

          <section aria-labelledby="booking-time" className="card p-4 sm:p-6">
            <h2 id="booking-time" className="field-label">
              {t('booking.time.label')}
            </h2>
            {day.error && !day.isPending ? (
              <div className="space-y-3">
                <FormAlert>{describePublicError(day.error, t('booking.error.load'))}</FormAlert>
                <button type="button" className="btn btn-secondary" onClick={day.reload}>
                  {t('common.tryAgain')}
                </button>
              </div>
            ) : (
              <SlotPicker
                day={day.data ?? (shownDay?.date === date ? shownDay : undefined)}
                stale={isStale}
                partySize={partySize}
                selected={selected}
                onSelect={(startsAt) => {
                  setSelected(startsAt);
                  setErrors((previous) => ({ ...previous, time: undefined }));
                }}
              />
            )}
            {errors.time && <p className="field-error">{errors.time}</p>}
          </section>

          <section aria-labelledby="booking-contact" className="card space-y-4 p-4 sm:p-6">
            <h2 id="booking-contact" className="text-lg font-bold">
              {t('booking.contact.title')}
            </h2>
            <TextField
              label={t('booking.name.label')}
              autoComplete="name"
              maxLength={80}
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              label={t('booking.phone.label')}
              hint={t('booking.phone.hint')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              value={phone}
              error={errors.phone}
              onChange={(event) => setPhone(event.target.value)}
            />
            <TextAreaField
              label={t('booking.note.label')}
              rows={3}
              maxLength={500}
              placeholder={t('booking.note.placeholder')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              error={errors.note}
            />
          </section>

          <div className="space-y-3">
            {chosen && (
              <p className="font-semibold">
                {t('booking.summary', {
                  guests: guestsLabel(t, partySize),
                  day: formatLongDay(date),
                  time: chosen.time,
                })}
              </p>
            )}
            {formError && <FormAlert>{formError}</FormAlert>}
            <button type="submit" className="btn btn-primary w-full py-3 text-base" disabled={isSending}>
              {isSending ? t('booking.submit.sending') : t('booking.submit')}
            </button>
            <p className="text-sm text-stone-700">{t('booking.submit.hint')}</p>
          </div>
        </form>
      )}
    </BookingFrame>
  );
}
