import { useState, type FormEvent } from 'react';
import { reopenShiftBodySchema } from '@quan/contract/shifts';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useReopenShift } from '../api/reopen-shift';

interface ReopenShiftDialogProps {
  shiftId: string;
  shiftNo: number;
  onClose: () => void;
  onReopened: () => void;
}

/** Managers: why a closed shift is reopened (it goes to the audit trail with their name). */
export function ReopenShiftDialog({ shiftId, shiftNo, onClose, onReopened }: ReopenShiftDialogProps) {
  const reopen = useReopenShift();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reopenShiftBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why in a few words');
      return;
    }
    setError(undefined);
    reopen.mutate({ shiftId, ...parsed.data }, { onSuccess: onReopened });
  }

  return (
    <Dialog title={`Reopen shift ${shiftNo}`} onClose={onClose} className="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">
          The drawer’s count is cleared and the shift takes payments again until it is counted and closed. The reason is
          kept in the audit trail.
        </p>
        {reopen.isError && (
          <FormAlert>{describeApiError(reopen.error, 'Could not reopen the shift. Please try again.')}</FormAlert>
        )}
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          maxLength={200}
          autoComplete="off"
          placeholder="A card payment was missed"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger min-h-11" disabled={reopen.isPending}>
            {reopen.isPending ? 'Reopening…' : 'Reopen shift'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
