import { isDay } from '../lib/restaurant-day';
import { useT } from '../lib/i18n';
import { DateField } from './DateField';

interface DayRangeFieldsProps {
  /** Makes the inputs' ids unique on the page ("orders" → "orders-from"). */
  idPrefix: string;
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
}

/** A day typed so far that is no day yet filters nothing, as an empty field. */
const dayOrNothing = (value: string) => (isDay(value) ? value : '');

/**
 * "From" and "To" day fields of a list's filters, in the screen's language; each bounds the other's calendar,
 * so the range is not chosen backwards.
 */
export function DayRangeFields({ idPrefix, from, to, onChange }: DayRangeFieldsProps) {
  const t = useT();
  return (
    <>
      <DateField
        id={`${idPrefix}-from`}
        label={t('common.from')}
        value={from}
        max={to || undefined}
        onChange={(value) => onChange({ from: dayOrNothing(value) })}
      />
      <DateField
        id={`${idPrefix}-to`}
        label={t('common.to')}
        value={to}
        min={from || undefined}
        onChange={(value) => onChange({ to: dayOrNothing(value) })}
      />
    </>
  );
}
