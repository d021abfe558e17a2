import { useId, useState, type FormEvent } from 'react';
import { Copy, Plus, X } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { reservationSettingsSchema, type OpeningSpan, type ReservationSettings } from '@quan/contract/reservations';
import type { Settings } from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { weekdayNames } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useUpdateSettings } from '../api/update-settings';

/** A day may be open in at most this many spans (the contract's limit). */
const MAX_SPANS = 3;

/** What the form holds: the numbers as typed, each day's spans as the time inputs show them. */
interface Draft {
  publicBooking: boolean;
  defaultMinutes: string;
  warnMinutes: string;
  openingHours: OpeningSpan[][];
}

/*
 * A time input cannot hold "24:00", the contract's close at midnight; it shows "00:00" instead. A span never
 * closes at 00:00 otherwise (it must close after it opens), so reading "00:00" as a close at midnight is safe.
 */
const shownClose = (to: string) => (to === '24:00' ? '00:00' : to);
const savedClose = (to: string) => (to === '00:00' ? '24:00' : to);

function draftOf(settings: ReservationSettings): Draft {
  return {
    publicBooking: settings.publicBooking,
    defaultMinutes: String(settings.defaultMinutes),
    warnMinutes: String(settings.warnMinutes),
    openingHours: settings.openingHours.map((spans) => spans.map(({ from, to }) => ({ from, to: shownClose(to) }))),
  };
}

/** An emptied number field is NaN, which the contract refuses with its own sentence ("a whole number"). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function valueOf(draft: Draft): ReservationSettings {
  return {
    publicBooking: draft.publicBooking,
    defaultMinutes: numberOf(draft.defaultMinutes),
    warnMinutes: numberOf(draft.warnMinutes),
    openingHours: draft.openingHours.map((spans) => spans.map(({ from, to }) => ({ from, to: savedClose(to) }))),
  };
}

/** Problems by where they are, as "defaultMinutes", "openingHours.0" (Monday) or "openingHours.0.1.to". */
type Problems = Record<string, string>;

function problemsOf(value: ReservationSettings): Problems | null {
  const parsed = reservationSettingsSchema.safeParse(value);
  if (parsed.success) return null;
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    problems[path] ??= translateValidationMessage(issue.message);
  }
  return problems;
}

/** The hours a new span of a day is offered with: after the day's last one, else a lunch service. */
function nextSpan(spans: readonly OpeningSpan[]): OpeningSpan {
  const last = spans.at(-1);
  if (!last) return { from: '10:00', to: '14:00' };
  return last.to < '17:00' ? { from: '17:00', to: '22:00' } : { from: '22:30', to: '00:00' };
}

/**
 * Reservations (admins): whether guests may ask for a table from the public page, how long a booking holds its
 * tables unless it says otherwise, how soon a booking warns the POS off seating walk-ins there, and the week's
 * opening hours, within which guests book online. Checked with the contract's schema before it is sent, and
 * sent whole.
 */
export function ReservationSettingsForm({ settings }: { settings: Settings }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const updateSettings = useUpdateSettings();
  const [draft, setDraft] = useState(() => draftOf(settings.reservations));
  const [problems, setProblems] = useState<Problems>({});
  const ids = { publicBooking: useId(), publicBookingHint: useId(), hours: useId(), problem: useId() };
  const days = weekdayNames();
  const isDirty = JSON.stringify(draft) !== JSON.stringify(draftOf(settings.reservations));

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeDay = (day: number, spans: OpeningSpan[]) =>
    setDraft((current) => ({
      ...current,
      openingHours: current.openingHours.map((existing, index) => (index === day ? spans : existing)),
    }));
  const changeSpan = (day: number, spanIndex: number, patch: Partial<OpeningSpan>) =>
    changeDay(
      day,
      draft.openingHours[day]!.map((span, index) => (index === spanIndex ? { ...span, ...patch } : span)),
    );

  function copyMondayToEveryDay() {
    setDraft((current) => ({
      ...current,
      openingHours: current.openingHours.map(() => current.openingHours[0]!.map((span) => ({ ...span }))),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = valueOf(draft);
    const found = problemsOf(value);
    if (found) {
      setProblems(found);
      return;
    }
    setProblems({});
    updateSettings.mutate(
      { reservations: value },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved.reservations));
          enqueueSnackbar(t('settings.reservations.saved'), { variant: 'success' });
        },
        onError: (error) => {
          // The server's field errors name the whole path ("reservations.openingHours.0.1.to").
          const fromServer: Problems = {};
          for (const { path, message } of getApiFieldErrors(error)) {
            if (path.startsWith('reservations.')) {
              fromServer[path.slice('reservations.'.length)] = translateValidationMessage(message);
            }
          }
          setProblems(fromServer);
          enqueueSnackbar(describeApiError(error, t('settings.reservations.saveFailed')), { variant: 'error' });
        },
      },
    );
  }

  return (
    <section aria-labelledby="reservation-settings-title" className="card space-y-4 p-4 sm:p-6">
      <div>
        <h2 id="reservation-settings-title" className="text-lg font-semibold text-stone-900">
          {t('settings.reservations.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('settings.reservations.intro')}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="flex items-start gap-3">
          <input
            id={ids.publicBooking}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-amber-700"
            aria-describedby={ids.publicBookingHint}
            checked={draft.publicBooking}
            onChange={(event) => change({ publicBooking: event.target.checked })}
          />
          <div>
            <label htmlFor={ids.publicBooking} className="font-medium text-stone-900">
              {t('settings.reservations.publicBooking')}
            </label>
            <p id={ids.publicBookingHint} className="text-sm text-stone-600">
              {t('settings.reservations.publicBooking.hint')}
            </p>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('settings.reservations.defaultMinutes')}
            type="number"
            inputMode="numeric"
            min={15}
            max={480}
            step={15}
            hint={t('settings.reservations.defaultMinutes.hint')}
            error={problems.defaultMinutes}
            value={draft.defaultMinutes}
            onChange={(event) => change({ defaultMinutes: event.target.value })}
          />
          <TextField
            label={t('settings.reservations.warnMinutes')}
            type="number"
            inputMode="numeric"
            min={0}
            max={240}
            step={5}
            hint={t('settings.reservations.warnMinutes.hint')}
            error={problems.warnMinutes}
            value={draft.warnMinutes}
            onChange={(event) => change({ warnMinutes: event.target.value })}
          />
        </div>

        <fieldset aria-describedby={ids.hours} className="space-y-3">
          <legend className="field-label">{t('settings.reservations.hours')}</legend>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <p id={ids.hours} className="max-w-prose text-sm text-stone-600">
              {t('settings.reservations.hours.hint')}
            </p>
            <button type="button" className="btn btn-secondary min-h-11" onClick={copyMondayToEveryDay}>
              <Copy aria-hidden="true" className="size-4" />
              {t('settings.reservations.copyMonday')}
            </button>
          </div>
          {problems.openingHours && <p className="field-error">{problems.openingHours}</p>}
          <ul className="divide-y divide-stone-100 sm:rounded-xl sm:border sm:border-stone-200">
            {draft.openingHours.map((spans, day) => (
              <OpeningDay
                key={days[day]}
                name={days[day]!}
                spans={spans}
                problems={problems}
                path={`openingHours.${day}`}
                onAdd={() => changeDay(day, [...spans, nextSpan(spans)])}
                onRemove={(spanIndex) =>
                  changeDay(
                    day,
                    spans.filter((_, index) => index !== spanIndex),
                  )
                }
                onChange={(spanIndex, patch) => changeSpan(day, spanIndex, patch)}
              />
            ))}
          </ul>
        </fieldset>

        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary min-h-11" disabled={!isDirty || updateSettings.isPending}>
            {updateSettings.isPending ? t('settings.saving') : t('settings.reservations.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

interface OpeningDayProps {
  name: string;
  spans: readonly OpeningSpan[];
  problems: Problems;
  /** Where the day's problems are found: "openingHours.0" for Monday. */
  path: string;
  onAdd: () => void;
  onRemove: (spanIndex: number) => void;
  onChange: (spanIndex: number, patch: Partial<OpeningSpan>) => void;
}

/** One day of the week: its opening spans, each from–to with a button to remove it, or "closed" without any. */
function OpeningDay({ name, spans, problems, path, onAdd, onRemove, onChange }: OpeningDayProps) {
  const t = useT();
  const headingId = useId();
  const errorId = useId();
  const dayProblem = problems[path];

  return (
    <li className="py-3 sm:px-3">
      <div
        role="group"
        aria-labelledby={headingId}
        aria-describedby={dayProblem ? errorId : undefined}
        className="sm:flex sm:items-start sm:gap-4"
      >
        <p id={headingId} className="min-h-11 py-2.5 font-medium text-stone-900 sm:w-32 sm:shrink-0">
          {name}
        </p>
        <div className="min-w-0 flex-1 space-y-2">
          {spans.length === 0 && <p className="py-2.5 text-sm text-stone-600">{t('settings.reservations.closed')}</p>}
          {spans.map((span, index) => {
            const number = index + 1;
            const fromProblem = problems[`${path}.${index}.from`];
            const toProblem = problems[`${path}.${index}.to`];
            const spanErrorId = `${errorId}-${index}`;
            const describedBy = fromProblem || toProblem ? spanErrorId : undefined;
            return (
              <div key={index}>
                {/* On a phone the two times share the row with the remove button; on a wider screen they keep their size. */}
                <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1.5 sm:flex sm:gap-2">
                  <input
                    type="time"
                    step={300}
                    className="field-input min-h-11 px-2 sm:w-36 sm:px-3"
                    aria-label={t('settings.reservations.opens', { day: name, number })}
                    aria-invalid={fromProblem ? true : undefined}
                    aria-describedby={describedBy}
                    value={span.from}
                    onChange={(event) => onChange(index, { from: event.target.value })}
                  />
                  <span aria-hidden="true" className="text-stone-500">
                    {'–'}
                  </span>
                  <input
                    type="time"
                    step={300}
                    className="field-input min-h-11 px-2 sm:w-36 sm:px-3"
                    aria-label={t('settings.reservations.closes', { day: name, number })}
                    aria-invalid={toProblem ? true : undefined}
                    aria-describedby={describedBy}
                    value={span.to}
                    onChange={(event) => onChange(index, { to: event.target.value })}
                  />
                  <button
                    type="button"
                    className="btn btn-secondary size-11 p-0"
                    aria-label={t('settings.reservations.removeSpan', { day: name, number })}
                    onClick={() => onRemove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </div>
                {describedBy && (
                  <p id={spanErrorId} className="field-error">
                    {fromProblem ?? toProblem}
                  </p>
                )}
              </div>
            );
          })}
          {dayProblem && (
            <p id={errorId} className="field-error">
              {dayProblem}
            </p>
          )}
        </div>
        {spans.length < MAX_SPANS && (
          <button
            type="button"
            className="btn btn-secondary mt-2 min-h-11 sm:mt-0"
            aria-label={t('settings.reservations.addSpan.label', { day: name })}
            onClick={onAdd}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('settings.reservations.addSpan')}
          </button>
        )}
      </div>
    </li>
  );
}
