import { useState, type FormEvent } from 'react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { cashMovementBodySchema, type Shift } from '@quan/contract/shifts';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useAddCashMovement } from '../api/add-cash-movement';
import { MoneyField } from '../../../components/MoneyField';
import { formatTime } from './shift-display';

type Kind = 'in' | 'out';

const kindTitles: Record<Kind, string> = { in: 'Cash in', out: 'Cash out' };

function CashMovementDialog({ shiftId, kind, onClose }: { shiftId: string; kind: Kind; onClose: () => void }) {
  const addMovement = useAddCashMovement();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'reason', string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = cashMovementBodySchema.safeParse({ kind, amount: parseDong(amountText) ?? NaN, reason });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'amount' || field === 'reason') next[field] ??= issue.message;
      }
      if (next.amount && parseDong(amountText) === null) next.amount = 'Enter the amount in đồng.';
      setErrors(next);
      return;
    }
    setErrors({});
    addMovement.mutate({ shiftId, ...parsed.data }, { onSuccess: onClose });
  }

  return (
    <Dialog title={kindTitles[kind]} onClose={onClose} className="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">
          {kind === 'in'
            ? 'Cash put into the drawer (change from the bank, a float top-up).'
            : 'Cash taken out of the drawer (a supplier paid, a bank drop).'}{' '}
          It is recorded with your name.
        </p>
        {addMovement.isError && (
          <FormAlert>{describeApiError(addMovement.error, 'Could not record the cash. Please try again.')}</FormAlert>
        )}
        <MoneyField label="Amount" value={amountText} onChange={setAmountText} error={errors.amount} />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'in' ? 'Small change from the bank' : 'Ice delivery'}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={addMovement.isPending}>
            {addMovement.isPending ? 'Saving…' : `Record ${kindTitles[kind].toLowerCase()}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Pay-ins and pay-outs of the open shift: the two buttons and what was moved so far, oldest first. */
export function CashMovements({ shift }: { shift: Shift }) {
  const [dialog, setDialog] = useState<Kind | null>(null);

  return (
    <section aria-labelledby="cash-movements-title" className="card space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cash-movements-title" className="text-sm font-semibold text-stone-900">
          Cash in and out
        </h3>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('in')}>
            <ArrowDownToLine aria-hidden="true" className="size-4" />
            Cash in
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('out')}>
            <ArrowUpFromLine aria-hidden="true" className="size-4" />
            Cash out
          </button>
        </div>
      </div>
      {shift.movements.length === 0 ? (
        <p className="text-sm text-stone-600">No cash put in or taken out in this shift.</p>
      ) : (
        <ul aria-label="Cash movements" className="divide-y divide-stone-100 text-sm">
          {shift.movements.map((movement) => (
            <li key={movement._id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-stone-900">{movement.reason}</p>
                <p className="text-xs text-stone-600">
                  <time dateTime={movement.at}>{formatTime(movement.at)}</time>
                  {movement.by && ` · ${movement.by.name}`}
                </p>
              </div>
              <span
                className={`shrink-0 font-semibold tabular-nums ${movement.kind === 'in' ? 'text-green-800' : 'text-red-700'}`}
              >
                {movement.kind === 'in' ? '+' : '\u2212'}
                {formatMoney(movement.amount)}
                <span className="sr-only">{movement.kind === 'in' ? ' in' : ' out'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog && <CashMovementDialog shiftId={shift._id} kind={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
