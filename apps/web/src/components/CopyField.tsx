import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useT } from '../lib/i18n';

/** About what a line of the field holds in a phone's dialog, in the small monospace type. */
const charactersPerPhoneLine = 34;
/** How long "Copied." stays: gone by the next tap, so that tap is announced again. */
const saidForMs = 3000;

interface CopyFieldProps {
  label: string;
  /** Read out but not shown, where a heading above already names the value. */
  hideLabel?: boolean;
  value: string;
  copyLabel: string;
  /** What is said once copied, and once the value is selected instead; "Copied." and its like by default. */
  copiedMessage?: string;
  selectMessage?: string;
}

/**
 * A value to take elsewhere (a booking's link, a print bridge's key), read-only, with a copy button. Copied with the
 * Clipboard API; where that is missing or refused (an old browser, a page not served over HTTPS), the value is
 * selected for the device's own copy menu.
 */
export function CopyField({
  label,
  hideLabel = false,
  value,
  copyLabel,
  copiedMessage,
  selectMessage,
}: CopyFieldProps) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  // A new object per tap: a second tap starts the time again.
  const [copied, setCopied] = useState<{ outcome: 'yes' | 'select' } | null>(null);

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), saidForMs);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setCopied({ outcome: 'yes' });
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied({ outcome: 'select' });
    }
  }

  const said =
    copied?.outcome === 'yes'
      ? (copiedMessage ?? t('common.copy.copied'))
      : copied?.outcome === 'select'
        ? (selectMessage ?? t('common.copy.select'))
        : '';

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      <div className="flex flex-col gap-2">
        {/* A text area, so that a long value wraps where a phone can read all of it: as tall as its text where
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
          {copied?.outcome === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copyLabel}
        </button>
      </div>
      {/* Always there, so the sentence is read out when it comes; it takes no room while empty. */}
      <p role="status" className={copied ? 'text-sm text-stone-700' : 'sr-only'}>
        {said}
      </p>
    </div>
  );
}
