import { useId, useState, type FormEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Item } from '@quan/contract/menu';
import type { OrderLineInput } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import type { CreateReservationBody, Reservation } from '@quan/contract/reservations';
import { DateField } from '../../../components/DateField';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { formatClock } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { restaurantDay, restaurantInstantIso } from '../../../lib/restaurant-day';
import { useCreateReservation, useUpdateReservation } from '../api/save-reservation';
import { TextAreaField } from '../../../components/TextAreaField';

/** The lengths a booking is offered in, in minutes, besides the restaurant's default and the booking's own. */
const durations = [60, 90, 120, 150, 180, 240];

const lengthChoices = (...own: number[]) => [...new Set([...durations, ...own])].sort((a, b) => a - b);

interface ReservationFormDialogProps {
  /** The booking to change; without one the dialog takes a new booking. */
  reservation?: Reservation;
  /** The day the book shows: a new booking starts on it. */
  day: string;
  /** The restaurant's tables, to hold some of them. */
  tables: readonly Table[];
  /** The dishes on the menu, to order some ahead. */
  items: readonly Item[];
  /** How long a new booking lasts unless changed: the restaurant's setting (settings.reservations.defaultMinutes). */
  defaultMinutes: number;
  onClose: () => void;
}

/** What the form holds, as the fields show it (day and times as typed). */
interface Draft {
  name: string;
  phone: string;
  partySize: string;
  day: string;
  time: string;
  /** Null: the restaurant's default length, until someone chooses another. */
  durationMinutes: number | null;
  tableIds: string[];
  note: string;
  preorder: { itemId: string; quantity: number }[];
  fireTime: string;
}

function draftOf(reservation: Reservation | undefined, day: string): Draft {
  if (!reservation) {
    return {
      name: '',
      phone: '',
      partySize: '2',
      day,
      time: '19:00',
      durationMinutes: null,
      tableIds: [],
      note: '',
      preorder: [],
      fireTime: '',
    };
  }
  return {
    name: reservation.name,
    phone: reservation.phone,
    partySize: String(reservation.partySize),
    day: restaurantDay(new Date(reservation.startsAt)),
    time: formatClock(reservation.startsAt),
    durationMinutes: reservation.durationMinutes,
    tableIds: reservation.tables.map((table) => table._id),
    note: reservation.note,
    preorder: reservation.preorder.flatMap((line) =>
      line.itemId ? [{ itemId: line.itemId, quantity: line.quantity }] : [],
    ),
    fireTime: reservation.fireAt ? formatClock(reservation.fireAt) : '',
  };
}

/**
 * A booking taken on the phone or at the door: who, how many, when and for how long, the tables (now or later),
 * a note, and dishes ordered ahead, which the kitchen gets when the guests arrive or at the time given.
 */
export function ReservationFormDialog({
  reservation,
  day,
  tables,
  items,
  defaultMinutes,
  onClose,
}: ReservationFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const ids = { duration: useId(), dish: useId(), tables: useId() };
  const createMutation = useCreateReservation();
  const updateMutation = useUpdateReservation();
  const [draft, setDraft] = useState(() => draftOf(reservation, day));
  const [dishToAdd, setDishToAdd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isPending = createMutation.isPending || updateMutation.isPending;
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  // Read when shown, so a new booking takes the setting even if it arrived after the dialog opened.
  const durationMinutes = draft.durationMinutes ?? defaultMinutes;

  const dishes = items.filter((item) => item.isAvailable && !item.isSoldOut);
  const dishOf = (itemId: string) => items.find((item) => item._id === itemId);
  const preorderTotal = draft.preorder.reduce(
    (sum, line) => sum + (dishOf(line.itemId)?.price ?? 0) * line.quantity,
    0,
  );
  const chosenSeats = tables
    .filter((table) => draft.tableIds.includes(table._id))
    .reduce((sum, table) => sum + table.seats, 0);

  function setQuantity(itemId: string, quantity: number) {
    change({
      preorder:
        quantity <= 0
          ? draft.preorder.filter((line) => line.itemId !== itemId)
          : draft.preorder.map((line) => (line.itemId === itemId ? { ...line, quantity } : line)),
    });
  }

  function addDish() {
    if (!dishToAdd) return;
    const existing = draft.preorder.find((line) => line.itemId === dishToAdd);
    if (existing) setQuantity(dishToAdd, existing.quantity + 1);
    else change({ preorder: [...draft.preorder, { itemId: dishToAdd, quantity: 1 }] });
    setDishToAdd('');
  }

  /** The body to send, or the sentence of what is wrong with the form. */
  function bodyOf(): CreateReservationBody | string {
    const startsAt = restaurantInstantIso(draft.day, draft.time);
    if (!draft.name.trim()) return t('reservations.form.nameMissing');
    const partySize = Number(draft.partySize);
    if (!Number.isInteger(partySize) || partySize < 1) return t('reservations.form.partyMissing');
    if (!startsAt) return t('reservations.form.whenMissing');
    const fireAt = draft.fireTime ? restaurantInstantIso(draft.day, draft.fireTime) : null;
    if (draft.fireTime && !fireAt) return t('reservations.form.fireTimeWrong');
    const preorder: OrderLineInput[] = draft.preorder.map(({ itemId, quantity }) => ({ itemId, quantity }));
    return {
      name: draft.name.trim(),
      phone: draft.phone.trim(),
      partySize,
      startsAt,
      durationMinutes,
      tableIds: draft.tableIds,
      note: draft.note.trim(),
      preorder,
      fireAt,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf();
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    setProblem(null);
    try {
      if (reservation) {
        await updateMutation.mutateAsync({
          reservationId: reservation._id,
          expectedVersion: reservation.version,
          ...body,
        });
        enqueueSnackbar(t('reservations.form.saved', { name: body.name }), { variant: 'success' });
      } else {
        await createMutation.mutateAsync(body);
        enqueueSnackbar(t('reservations.form.booked', { name: body.name }), { variant: 'success' });
      }
      onClose();
    } catch (error) {
      setProblem(describeApiError(error, t('reservations.form.failed')));
    }
  }

  return (
    <Dialog
      title={
        reservation ? t('reservations.form.editTitle', { name: reservation.name }) : t('reservations.form.newTitle')
      }
      onClose={onClose}
      className="max-w-2xl"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('reservations.form.name')}
            value={draft.name}
            autoComplete="off"
            onChange={(event) => change({ name: event.target.value })}
          />
          <TextField
            label={t('reservations.form.phone')}
            type="tel"
            inputMode="tel"
            value={draft.phone}
            hint={t('reservations.form.phoneHint')}
            onChange={(event) => change({ phone: event.target.value })}
          />
          <TextField
            label={t('reservations.form.partySize')}
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            value={draft.partySize}
            onChange={(event) => change({ partySize: event.target.value })}
          />
          <DateField
            label={t('reservations.form.day')}
            value={draft.day}
            onChange={(value) => change({ day: value })}
          />
          <TextField
            label={t('reservations.form.time')}
            type="time"
            step={300}
            value={draft.time}
            onChange={(event) => change({ time: event.target.value })}
          />
          <div>
            <label htmlFor={ids.duration} className="field-label">
              {t('reservations.form.duration')}
            </label>
            <select
              id={ids.duration}
              className="field-input"
              value={durationMinutes}
              onChange={(event) => change({ durationMinutes: Number(event.target.value) })}
            >
              {lengthChoices(durationMinutes, defaultMinutes).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('reservations.form.minutes', { minutes })}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset aria-describedby={ids.tables}>
          <legend className="field-label">{t('reservations.form.tables')}</legend>
          <p id={ids.tables} className="text-sm text-stone-600">
            {draft.tableIds.length > 0
              ? t('reservations.form.seatsChosen', { seats: chosenSeats })
              : t('reservations.form.tablesLater')}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {tables.map((table) => {
              const chosen = draft.tableIds.includes(table._id);
              return (
                <button
                  key={table._id}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() =>
                    change({
                      tableIds: chosen
                        ? draft.tableIds.filter((id) => id !== table._id)
                        : [...draft.tableIds, table._id],
                    })
                  }
                  className={`min-h-11 rounded-lg border px-3 text-sm font-medium ${
                    chosen
                      ? 'border-amber-700 bg-amber-700 text-white'
                      : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'
                  }`}
                >
                  {t('reservations.form.tableChip', { tableNo: table.tableNo, seats: table.seats })}
                </button>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="field-label">{t('reservations.form.preorder')}</legend>
          <div className="flex gap-2">
            <label htmlFor={ids.dish} className="sr-only">
              {t('reservations.form.dish')}
            </label>
            <select
              id={ids.dish}
              className="field-input flex-1"
              value={dishToAdd}
              onChange={(event) => setDishToAdd(event.target.value)}
            >
              <option value="">{t('reservations.form.chooseDish')}</option>
              {dishes.map((item) => (
                <option key={item._id} value={item._id}>
                  {`${item.name} · ${formatMoney(item.price)}`}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-secondary min-h-11" onClick={addDish} disabled={!dishToAdd}>
              {t('reservations.form.addDish')}
            </button>
          </div>
          {draft.preorder.length > 0 && (
            <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
              {draft.preorder.map((line) => {
                const dish = dishOf(line.itemId);
                const name = dish?.name ?? line.itemId;
                return (
                  <li key={line.itemId} className="flex items-center gap-3 px-3 py-2">
                    <span className="min-w-0 flex-1 truncate">{name}</span>
                    <button
                      type="button"
                      className="btn btn-secondary size-9 p-0"
                      onClick={() => setQuantity(line.itemId, line.quantity - 1)}
                      aria-label={t('reservations.form.lessOf', { dish: name })}
                    >
                      <Minus aria-hidden="true" className="size-4" />
                    </button>
                    <span className="w-6 text-center tabular-nums">{line.quantity}</span>
                    <button
                      type="button"
                      className="btn btn-secondary size-9 p-0"
                      onClick={() => setQuantity(line.itemId, line.quantity + 1)}
                      aria-label={t('reservations.form.moreOf', { dish: name })}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {draft.preorder.length > 0 && (
            <>
              <p className="text-sm text-stone-700">
                {t('reservations.form.preorderTotal', { total: formatMoney(preorderTotal) })}
              </p>
              <TextField
                label={t('reservations.form.fireTime')}
                type="time"
                step={300}
                value={draft.fireTime}
                hint={t('reservations.form.fireTimeHint')}
                onChange={(event) => change({ fireTime: event.target.value })}
              />
            </>
          )}
        </fieldset>

        <TextAreaField
          label={t('reservations.form.note')}
          textAreaClassName="min-h-20"
          maxLength={500}
          value={draft.note}
          onChange={(event) => change({ note: event.target.value })}
        />

        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('reservations.cancelDialog')}
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={isPending}>
            {isPending
              ? t('reservations.form.saving')
              : reservation
                ? t('reservations.form.save')
                : t('reservations.form.book')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
