import { useId } from 'react';
import { Search } from 'lucide-react';

interface SearchFieldProps {
  /** What is searched, for screen readers ("Search coupons"); the placeholder says how. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
}

/** The search box of the management pages: a magnifier, a hidden label, no browser autocomplete. */
export function SearchField({ label, value, onChange, placeholder, maxLength }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
      />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="field-input pl-10"
      />
    </div>
  );
}
