import { useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useT } from '../../../lib/i18n';

/** About what a line of the field holds in a phone's dialog, in the small monospace type. */
const charactersPerPhoneLine = 34;

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel: string;
}

/**
 * A value to take elsewhere (a bridge's key, its command), read-only, with a copy button. Copied with the Clipboard
 * API; where that is missing or refused (a page not served over HTTPS), the value is selected for the device's own
 * copy menu.
 */
export function CopyField({ label, value, copyLabel }: CopyFieldProps) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied('select');
    }
  }

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="flex flex-col gap-2">
        {/* A text area, so that a long command wraps where a phone can read all of it: as tall as its text where
            the browser sizes fields to their content, else as tall as a phone's width needs. */}
        <textarea
          id={inputId}
          ref={input}
          readOnly
          value={value}
          rows={Math.ceil(value.length / charactersPerPhoneLine)}
          spellCheck={false}
          className="field-input min-w-0 flex-1 resize-none font-mono text-sm break-all field-sizing-content"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-secondary sm:self-end" onClick={() => void copy()}>
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copyLabel}
        </button>
      </div>
      <p role="status" className={copied ? 'text-sm text-stone-700' : 'sr-only'}>
        {copied === 'yes' ? t('printers.copy.copied') : copied === 'select' ? t('printers.copy.select') : ''}
      </p>
    </div>
  );
}
