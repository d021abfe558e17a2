import { useId } from 'react';

interface MoneyFieldProps {
  label: string;
  /** The text as typed; digits, shown with the dots of "500.000". */
  value: string;
  onChange: (text: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

/** The đồng sign, the same in every language. */
const currencySign = '₫';

const groupFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** The digits of what was typed, grouped as a Vietnamese amount ("500000" → "500.000"). */
function grouped(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 10);
  return digits ? groupFormat.format(Number(digits)) : '';
}

/** A labelled amount of đồng: a numeric keypad on phones, the digits grouped as they are typed. */
export function MoneyField({ label, value, onChange, error, hint, disabled }: MoneyFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="field-input pr-8 text-right tabular-nums"
          value={grouped(value)}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={disabled}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-stone-500"
        >
          {currencySign}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
