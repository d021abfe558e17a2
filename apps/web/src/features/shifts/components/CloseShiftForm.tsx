import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { countedTotal, type CloseShiftBody, type Shift } from '@quan/contract/shifts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError, getApiFieldErrors, getApiStatus } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useCloseShift } from '../api/close-shift';
import { MoneyField } from '../../../components/MoneyField';
import { NoteCountFields } from './NoteCountFields';
import { OverShortBadge } from './OverShortBadge';
import { emptyNoteCounts, invalidNoteRows, noteCountsOf } from './shift-display';
import { TextAreaField } from '../../../components/TextAreaField';

type CountMode = 'notes' | 'total';

/** The two ways to count, each with the message id of its name. */
const countModes = [
  ['notes', 'shifts.close.byNote'],
  ['total', 'shifts.close.oneTotal'],
] as const;

/** What the count says against what the drawer should hold, as the cashier sees it before closing. */
function CountSummary({ expected, counted }: { expected: number; counted: number | null }) {
  const t = useT();
  return (
    <dl
      className="grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-3 text-sm sm:grid-cols-3"
      aria-label={t('shifts.close.summary')}
    >
      <div>
        <dt className="text-xs text-stone-600">{t('shifts.close.expected')}</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(expected)}</dd>
      </div>
      <div>
        <dt className="text-xs text-stone-600">{t('shifts.close.counted')}</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{counted === null ? '—' : formatMoney(counted)}</dd>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <dt className="text-xs text-stone-600">{t('shifts.close.difference')}</dt>
        <dd>{counted === null ? '—' : <OverShortBadge overShort={counted - expected} />}</dd>
      </div>
    </dl>
  );
}

/**
 * The server refuses to close the last open shift while orders are still open; its answer names them, one field
 * error each: the order's number in its path ("orders.5502") and where it stands as a sentence the validation
 * catalogue translates ("In the kitchen"). Each is shown with the way to the orders screen to settle them.
 */
function OpenOrdersRefusal({ error }: { error: unknown }) {
  const t = useT();
  const openOrders = getApiFieldErrors(error);
  return (
    <FormAlert>
      <p>{describeApiError(error, t('shifts.close.ordersOpen'))}</p>
      {openOrders.length > 0 && (
        <ul aria-label={t('shifts.close.openOrders')} className="mt-2 list-disc space-y-1 pl-5">
          {openOrders.map((order, index) => (
            <li key={`${order.path}-${index}`}>
              <Link to="/orders" className="font-medium underline underline-offset-2">
                {t('shifts.close.openOrder', {
                  orderNo: order.path.replace(/^orders\./, ''),
                  state: translateValidationMessage(order.message),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2">
        <Link to="/orders" className="font-semibold underline underline-offset-2">
          {t('shifts.close.goToOrders')}
        </Link>
      </p>
    </FormAlert>
  );
}

interface CloseShiftFormProps {
  shift: Shift;
  onCancel: () => void;
  onClosed: (shift: Shift) => void;
}

/**
 * Counting the drawer at the end of the shift, note by note (a row per banknote with the running total) or
 * as one total, against what it should hold; the difference shows before the cashier confirms.
 */
export function CloseShiftForm({ shift, onCancel, onClosed }: CloseShiftFormProps) {
  const t = useT();
  const closeShift = useCloseShift();
  const [mode, setMode] = useState<CountMode>('notes');
  const [noteCounts, setNoteCounts] = useState(emptyNoteCounts);
  const [totalText, setTotalText] = useState('');
  const [note, setNote] = useState('');
  const [countError, setCountError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CloseShiftBody | null>(null);

  const expected = shift.report.cash.expected;
  const counted = mode === 'notes' ? countedTotal(noteCountsOf(noteCounts)) : parseDong(totalText);

  function review(event: FormEvent) {
    event.preventDefault();
    closeShift.reset();
    if (mode === 'notes' && invalidNoteRows(noteCounts).length > 0) {
      setCountError(t('shifts.notes.whole'));
      return;
    }
    if (counted === null) {
      setCountError(t('shifts.close.enterCount'));
      return;
    }
    setCountError(null);
    const trimmedNote = note.trim();
    setConfirming({
      ...(mode === 'notes' ? { noteCounts: noteCountsOf(noteCounts) } : { countedCash: counted }),
      ...(trimmedNote ? { note: trimmedNote } : {}),
    });
  }

  async function confirm() {
    if (!confirming) return;
    // Awaited here rather than in mutate's callbacks: closing clears this device's current shift, which unmounts
    // this form before such a callback would run, and the report must still reach the drawer panel.
    try {
      onClosed(await closeShift.mutateAsync({ shiftId: shift._id, ...confirming }));
    } catch {
      // The refusal is shown from closeShift.error.
    } finally {
      setConfirming(null);
    }
  }

  const status = getApiStatus(closeShift.error);

  return (
    <section aria-labelledby="close-shift-title" className="card space-y-4 p-4 sm:p-6">
      <div>
        <h3 id="close-shift-title" className="text-lg font-semibold text-stone-900">
          {t('shifts.close.title', { shiftNo: shift.shiftNo })}
        </h3>
        <p className="text-sm text-stone-600">{t('shifts.close.intro')}</p>
      </div>
      {closeShift.isError &&
        (status === 409 && getApiFieldErrors(closeShift.error).length > 0 ? (
          <OpenOrdersRefusal error={closeShift.error} />
        ) : (
          <FormAlert>{describeApiError(closeShift.error, t('shifts.close.failed'))}</FormAlert>
        ))}
      <form onSubmit={review} noValidate className="space-y-4">
        <fieldset>
          <legend className="field-label">{t('shifts.close.howToCount')}</legend>
          <div className="inline-flex rounded-lg border border-stone-300 p-0.5">
            {countModes.map(([value, labelId]) => (
              <label
                key={value}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-600 ${mode === value ? 'bg-amber-700 text-white' : 'text-stone-800'}`}
              >
                <input
                  type="radio"
                  name="count-mode"
                  value={value}
                  className="sr-only"
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {t(labelId)}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'notes' ? (
          <NoteCountFields legend={t('shifts.close.drawer')} counts={noteCounts} onChange={setNoteCounts} />
        ) : (
          <MoneyField label={t('shifts.close.countedCash')} value={totalText} onChange={setTotalText} />
        )}
        {countError && (
          <p role="alert" className="field-error">
            {countError}
          </p>
        )}
        <TextAreaField
          label={t('shifts.close.note')}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('shifts.close.note.placeholder')}
        />
        <CountSummary expected={expected} counted={counted} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('shifts.close.keepOpen')}
          </button>
          <button type="submit" className="btn btn-primary min-h-12" disabled={closeShift.isPending}>
            {t('shifts.close.review')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('shifts.close.confirm.title', { shiftNo: shift.shiftNo })}
        confirmLabel={
          closeShift.isPending ? t('shifts.close.closing') : t('shifts.close.title', { shiftNo: shift.shiftNo })
        }
        isPending={closeShift.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        description={
          <div className="space-y-3">
            <p>{t('shifts.close.confirm.final')}</p>
            <CountSummary expected={expected} counted={counted} />
          </div>
        }
      />
    </section>
  );
}
