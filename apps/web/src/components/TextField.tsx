import { useId, type ComponentPropsWithRef } from 'react';

interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  error?: string;
  hint?: string;
  /** A unit drawn inside the input's right edge ("₫"); not read out, the label names it. */
  suffix?: string;
  /** Classes for the input itself (`className` is the field's wrapper). */
  inputClassName?: string;
}

/** A labelled input whose validation message is announced with it. */
export function TextField({
  label,
  error,
  hint,
  suffix,
  id,
  className,
  inputClassName = '',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const input = (
    <input
      id={inputId}
      className={`field-input ${suffix ? 'pr-8' : ''} ${inputClassName}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...inputProps}
    />
  );

  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      {suffix ? (
        <div className="relative">
          {input}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-stone-500"
          >
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
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
