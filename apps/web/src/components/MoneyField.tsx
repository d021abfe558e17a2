import { formatDongDigits } from '../lib/format';
import { TextField } from './TextField';

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

/** The digits of what was typed, grouped as a Vietnamese amount ("500000" → "500.000"). */
function grouped(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 10);
  return digits ? formatDongDigits(Number(digits)) : '';
}

/** A labelled amount of đồng: a numeric keypad on phones, the digits grouped as they are typed. */
export function MoneyField({ label, value, onChange, error, hint, disabled }: MoneyFieldProps) {
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      suffix={currencySign}
      inputClassName="text-right tabular-nums"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={grouped(value)}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      disabled={disabled}
    />
  );
}
