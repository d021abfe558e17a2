import { useState, type FormEvent } from 'react';
import { LockOpen } from 'lucide-react';
import { countedTotal, openShiftBodySchema } from '@quan/contract/shifts';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useOpenShift } from '../api/open-shift';
import { MoneyField } from '../../../components/MoneyField';
import { NoteCountFields } from './NoteCountFields';
import {
  emptyNoteCounts,
  invalidNoteRows,
  noteCountsOf,
  rememberDrawerName,
  rememberedDrawerName,
} from './shift-display';

type FieldErrors = Partial<Record<'deviceName' | 'openingFloat', string>>;

/**
 * No shift is open on this device: name the drawer (remembered here for next time) and count the float into
 * it, as a total or note by note. Payments taken on this device then belong to the shift.
 */
export function OpenShiftForm({ onOpened }: { onOpened?: () => void }) {
  const t = useT();
  const openShift = useOpenShift();
  const [deviceName, setDeviceName] = useState(rememberedDrawerName);
  const [floatText, setFloatText] = useState('');
  const [byNote, setByNote] = useState(false);
  const [noteCounts, setNoteCounts] = useState(emptyNoteCounts);
  const [errors, setErrors] = useState<FieldErrors>({});

  const floatByNote = countedTotal(noteCountsOf(noteCounts));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (byNote && invalidNoteRows(noteCounts).length > 0) {
      setErrors({ openingFloat: t('shifts.notes.whole') });
      return;
    }
    const openingFloat = byNote ? floatByNote : (parseDong(floatText) ?? NaN);
    const parsed = openShiftBodySchema.safeParse({ deviceId: getDeviceId(), deviceName, openingFloat });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'deviceName' || field === 'openingFloat')
          next[field] ??= translateValidationMessage(issue.message);
        else next.deviceName ??= translateValidationMessage(issue.message);
      }
      if (next.openingFloat && Number.isNaN(openingFloat)) next.openingFloat = t('shifts.open.countFloat');
      setErrors(next);
      return;
    }
    setErrors({});
    openShift.mutate(parsed.data, {
      onSuccess: () => {
        rememberDrawerName(parsed.data.deviceName);
        onOpened?.();
      },
    });
  }

  const refusal =
    openShift.isError &&
    (getApiStatus(openShift.error) === 409
      ? describeApiError(openShift.error, t('shifts.open.alreadyOpen'))
      : describeApiError(openShift.error, t('shifts.open.failed')));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="open-shift-title" className="card space-y-4 p-4 sm:p-6">
      <div>
        <h2 id="open-shift-title" className="text-lg font-semibold text-stone-900">
          {t('shifts.openShift')}
        </h2>
        <p className="text-sm text-stone-600">{t('shifts.open.intro')}</p>
      </div>
      {refusal && <FormAlert>{refusal}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('shifts.open.drawerName')}
          value={deviceName}
          onChange={(event) => setDeviceName(event.target.value)}
          error={errors.deviceName}
          hint={t('shifts.open.drawerName.hint')}
          maxLength={40}
          autoComplete="off"
        />
        {!byNote && (
          <MoneyField
            label={t('shifts.open.float')}
            value={floatText}
            onChange={setFloatText}
            error={errors.openingFloat}
            hint={t('shifts.open.float.hint')}
          />
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-amber-700"
          checked={byNote}
          onChange={(event) => setByNote(event.target.checked)}
        />
        {t('shifts.open.byNote')}
      </label>
      {byNote && (
        <div className="space-y-2">
          <NoteCountFields legend={t('shifts.open.float')} counts={noteCounts} onChange={setNoteCounts} />
          {errors.openingFloat && <p className="field-error">{errors.openingFloat}</p>}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700">
          {t('shifts.open.floatTotal')}{' '}
          <strong className="tabular-nums">{formatMoney(byNote ? floatByNote : (parseDong(floatText) ?? 0))}</strong>
        </p>
        <button type="submit" className="btn btn-primary min-h-12" disabled={openShift.isPending}>
          <LockOpen aria-hidden="true" className="size-5" />
          {openShift.isPending ? t('shifts.open.opening') : t('shifts.openShift')}
        </button>
      </div>
    </form>
  );
}
