import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useT } from '../lib/i18n';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra classes for the panel, e.g. its max-width (default max-w-lg). */
  className?: string;
  /** Where the focus goes on opening; otherwise the first form field, else the first button. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The id of the element that describes the dialog, for screen readers. */
  describedBy?: string;
  /** A corner close button; a yes/no question offers its own Cancel instead. */
  showCloseButton?: boolean;
}

const focusableSelector =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

/**
 * The one modal shell of the app: a titled panel over the page (a bottom sheet on phones). Focus moves
 * in, Tab stays inside, Escape closes it, and focus returns where it was.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = 'max-w-lg',
  initialFocus,
  describedBy,
  showCloseButton = true,
}: DialogProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = dialogRef.current;
    const target =
      initialFocus?.current ??
      panel?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])') ??
      panel?.querySelector<HTMLElement>(focusableSelector);
    target?.focus();
    return () => previouslyFocused?.focus();
  }, [initialFocus]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-stone-900/50 sm:items-center sm:p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onKeyDown={handleKeyDown}
        className={`card max-h-[92dvh] w-full overflow-y-auto rounded-b-none p-6 sm:rounded-b-2xl ${className}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {showCloseButton && (
            <button
              type="button"
              onClick={onClose}
              className="btn btn-secondary btn-sm -mt-1 -mr-2 border-0"
              aria-label={t('common.close')}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
