import { useState, type FormEvent } from 'react';
import { reopenShiftBodySchema } from '@quan/contract/shifts';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useReopenShift } from '../api/reopen-shift';

interface ReopenShiftDialogProps {
  shiftId: string;
  shiftNo: number;
  onClose: () => void;
  onReopened: () => void;
}

/** Managers: why a closed shift is reopened (it goes to the audit trail with their name). */
export function ReopenShiftDialog({ shiftId, shiftNo, onClose, onReopened }: ReopenShiftDialogProps) {
  const t = useT();
  const reopen = useReopenShift();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reopenShiftBodySchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? translateValidationMessage(issue.message) : t('shifts.reopen.sayWhy'));
      return;
    }
    setError(undefined);
    reopen.mutate({ shiftId, ...parsed.data }, { onSuccess: onReopened });
  }

  return (
    <Dialog title={t('shifts.reopen.title', { shiftNo })} onClose={onClose} className="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">{t('shifts.reopen.explain')}</p>
        {reopen.isError && <FormAlert>{describeApiError(reopen.error, t('shifts.reopen.failed'))}</FormAlert>}
        <TextField
          label={t('shifts.cash.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          maxLength={200}
          autoComplete="off"
          placeholder={t('shifts.reopen.placeholder')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('shifts.cancel')}
          </button>
          <button type="submit" className="btn btn-danger min-h-11" disabled={reopen.isPending}>
            {reopen.isPending ? t('shifts.reopen.pending') : t('shifts.reopen.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
