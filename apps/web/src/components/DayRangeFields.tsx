import { useT } from '../lib/i18n';

interface DayRangeFieldsProps {
  /** Makes the inputs' ids unique on the page ("orders" → "orders-from"). */
  idPrefix: string;
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
}

/** "From" and "To" day inputs of a list's filters; each bounds the other, so the range cannot run backwards. */
export function DayRangeFields({ idPrefix, from, to, onChange }: DayRangeFieldsProps) {
  const t = useT();
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-from`} className="field-label">
          {t('common.from')}
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          className="field-input"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="field-label">
          {t('common.to')}
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          className="field-input"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </>
  );
}
