import { useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useT } from '../../../lib/i18n';

/**
 * The booking's address, to keep: the only way back to it from another device. Copied with the Clipboard API;
 * where that is missing or refused (an old browser, a page not served over HTTPS), the address is selected so
 * the phone's own copy menu takes it.
 */
export function KeepLink({ url }: { url: string }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied('select');
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="card space-y-3 p-4 sm:p-6">
      <h2 id={`${inputId}-title`} className="text-lg font-bold">
        {t('booking.link.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('booking.link.body')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('booking.link.label')}
        </label>
        <input
          id={inputId}
          ref={input}
          readOnly
          value={url}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-secondary shrink-0" onClick={() => void copy()}>
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {t('booking.link.copy')}
        </button>
      </div>
      {/* Always there, so the sentence is read out when it comes; it takes no room while empty. */}
      <p role="status" className={copied ? 'text-sm text-stone-700' : 'sr-only'}>
        {copied === 'yes' ? t('booking.link.copied') : copied === 'select' ? t('booking.link.select') : ''}
      </p>
    </section>
  );
}
