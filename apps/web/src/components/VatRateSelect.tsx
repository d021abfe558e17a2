import { useId, type Ref } from 'react';
import { vatPercent, vatRates, type VatRate } from '@quan/contract/vat';
import { formatPercent } from '../lib/date-format';

/** A VAT rate as the screens name it: "8%", or `exempt` ("Không chịu thuế (KCT)") for KCT. */
export function vatRateName(rate: VatRate, exempt: string): string {
  return rate === 'KCT' ? exempt : formatPercent(vatPercent(rate), 2);
}

/** The option a rate is (the select's values are text; "" is the inherited rate). */
const optionValue = (rate: VatRate | null) => (rate === null ? '' : String(rate));
const rateOf = (value: string): VatRate | null => vatRates.find((rate) => String(rate) === value) ?? null;
/** The rates from the lowest up, "not subject to VAT" last, as a manager reads them. */
const choices: readonly VatRate[] = [0, 5, 8, 10, 'KCT'];

interface VatRateSelectProps {
  label: string;
  value: VatRate | null;
  onChange: (rate: VatRate | null) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  /** What KCT is called in the screen's language ("Không chịu thuế (KCT)"). */
  exemptLabel: string;
  /**
   * The first choice, for a rate taken from elsewhere ("Theo mặc định (8%)"), chosen as null. Absent: a rate must
   * be chosen.
   */
  inheritLabel?: string;
  hint?: string;
  error?: string;
}

/** A select of the VAT rates a bill may carry, or the rate the thing inherits. */
export function VatRateSelect({
  label,
  value,
  onChange,
  onBlur,
  name,
  ref,
  exemptLabel,
  inheritLabel,
  hint,
  error,
}: VatRateSelectProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        name={name}
        className="field-input"
        value={optionValue(value)}
        onBlur={onBlur}
        onChange={(event) => onChange(rateOf(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {inheritLabel !== undefined && <option value="">{inheritLabel}</option>}
        {choices.map((rate) => (
          <option key={rate} value={optionValue(rate)}>
            {vatRateName(rate, exemptLabel)}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
