import { Minus, Plus } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import { guestsLabel } from './booking-display';

/** The size of a party online: 1 to 50, as the contract allows; a larger one calls. */
export const MIN_PARTY = 1;
export const MAX_PARTY = 50;

/** "− 2 guests +": large targets for a thumb, the count read out as it changes. */
export function PartySizeStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const t = useT();
  const step =
    'flex size-12 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <fieldset>
      <legend className="field-label">{t('booking.guests.label')}</legend>
      <div className="flex items-center gap-4">
        <button
          type="button"
          className={step}
          aria-label={t('booking.guests.fewer')}
          disabled={value <= MIN_PARTY}
          onClick={() => onChange(Math.max(MIN_PARTY, value - 1))}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <output aria-live="polite" className="min-w-24 text-center text-lg font-semibold">
          {guestsLabel(t, value)}
        </output>
        <button
          type="button"
          className={step}
          aria-label={t('booking.guests.more')}
          disabled={value >= MAX_PARTY}
          onClick={() => onChange(Math.min(MAX_PARTY, value + 1))}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
    </fieldset>
  );
}
