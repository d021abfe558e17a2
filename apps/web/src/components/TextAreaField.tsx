import { useId, type ComponentPropsWithRef } from 'react';

interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: string;
  error?: string;
  /** Classes for the text area itself (`className` is the field's wrapper). */
  textAreaClassName?: string;
}

/** A labelled text area (a note, a reason) whose validation message is announced with it, as TextField's is. */
export function TextAreaField({
  label,
  error,
  id,
  className,
  textAreaClassName = '',
  ...textAreaProps
}: TextAreaFieldProps) {
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  const errorId = `${textAreaId}-error`;
  return (
    <div className={className}>
      <label htmlFor={textAreaId} className="field-label">
        {label}
      </label>
      <textarea
        id={textAreaId}
        className={`field-input ${textAreaClassName}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textAreaProps}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
