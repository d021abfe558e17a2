import { useId } from 'react';
import { cashNotes } from '@quan/contract/payments';
import { countedTotal } from '@quan/contract/shifts';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { noteCountsOf, noteLabel, parseCount, type NoteCountDraft } from './shift-display';

interface NoteCountFieldsProps {
  /** What the whole count is of ("Float", "Drawer"), for the group's name. */
  legend: string;
  counts: NoteCountDraft;
  onChange: (counts: NoteCountDraft) => void;
}

/** A row per Vietnamese banknote, largest first: how many, what they make, and the running total. */
export function NoteCountFields({ legend, counts, onChange }: NoteCountFieldsProps) {
  const t = useT();
  const id = useId();
  const total = countedTotal(noteCountsOf(counts));

  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{t('shifts.notes.legend', { what: legend })}</legend>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
        {cashNotes.map((note) => {
          const text = counts[note];
          const count = parseCount(text);
          const isInvalid = text.trim() !== '' && count === null;
          const inputId = `${id}-${note}`;
          return (
            <li key={note} className="grid grid-cols-[1fr_5rem_1fr] items-center gap-2 px-3 py-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-stone-800 tabular-nums">
                <span className="sr-only">{t('shifts.notes.countOf')} </span>
                {noteLabel(note)}
              </label>
              <input
                id={inputId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="0"
                className="field-input py-1 text-right tabular-nums"
                value={text}
                aria-invalid={isInvalid ? true : undefined}
                onChange={(event) => onChange({ ...counts, [note]: event.target.value })}
              />
              <span className="text-right text-sm text-stone-700 tabular-nums">
                {count ? formatMoney(note * count) : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="flex justify-between px-3 font-semibold text-stone-900" aria-live="polite">
        <span>{t('shifts.notes.total')}</span>
        <span className="tabular-nums">{formatMoney(total)}</span>
      </p>
    </fieldset>
  );
}
