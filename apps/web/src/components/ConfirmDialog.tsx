import { useId, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
}

/** A modal yes/no question for destructive actions. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending = false,
}: ConfirmDialogProps) {
  const t = useT();
  const descriptionId = useId();
  // Cancel gets the focus: Enter on a freshly opened dialog must not destroy anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;

  return (
    <Dialog
      title={title}
      onClose={onCancel}
      className="max-w-md"
      initialFocus={cancelRef}
      describedBy={descriptionId}
      showCloseButton={false}
    >
      <div id={descriptionId} className="text-sm text-stone-700">
        {description}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={isPending}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
