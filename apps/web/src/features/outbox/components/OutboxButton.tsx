import { useState } from 'react';
import { CloudUpload } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import { OutboxDialog } from './OutboxDialog';
import { isPending, useOutboxEntries } from './use-outbox-entries';

/** The header's count of what this tablet keeps to send; hidden while the outbox is empty. */
export function OutboxButton() {
  const t = useT();
  const entries = useOutboxEntries();
  const [isOpen, setIsOpen] = useState(false);
  const pending = entries.filter(isPending).length;
  const refused = entries.some((entry) => entry.state === 'refused');
  if (entries.length === 0 && !isOpen) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={t('outbox.button.label', { count: pending })}
        className={`btn btn-sm ${refused ? 'btn-danger' : 'btn-secondary'}`}
      >
        <CloudUpload aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{pending}</span>
      </button>
      {isOpen && <OutboxDialog onClose={() => setIsOpen(false)} />}
    </>
  );
}
