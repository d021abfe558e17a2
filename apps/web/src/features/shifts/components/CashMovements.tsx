import { useState, type FormEvent } from 'react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { cashMovementBodySchema, type Shift } from '@quan/contract/shifts';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useAddCashMovement } from '../api/add-cash-movement';
import { MoneyField } from '../../../components/MoneyField';
import { formatClock } from '../../../lib/date-format';

type Kind = 'in' | 'out';

const kindTitleIds: Record<Kind, string> = { in: 'shifts.cash.in', out: 'shifts.cash.out' };
const recordIds: Record<Kind, string> = { in: 'shifts.cash.record.in', out: 'shifts.cash.record.out' };

function CashMovementDialog({ shiftId, kind, onClose }: { shiftId: string; kind: Kind; onClose: () => void }) {
  const t = useT();
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
        if (field === 'amount' || field === 'reason') next[field] ??= translateValidationMessage(issue.message);
      }
      if (next.amount && parseDong(amountText) === null) next.amount = t('shifts.cash.amountInDong');
      setErrors(next);
      return;
    }
    setErrors({});
    addMovement.mutate({ shiftId, ...parsed.data }, { onSuccess: onClose });
  }

  return (
    <Dialog title={t(kindTitleIds[kind])} onClose={onClose} className="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">
          {kind === 'in' ? t('shifts.cash.in.explain') : t('shifts.cash.out.explain')}{' '}
          {t('shifts.cash.recordedWithName')}
        </p>
        {addMovement.isError && <FormAlert>{describeApiError(addMovement.error, t('shifts.cash.failed'))}</FormAlert>}
        <MoneyField label={t('shifts.cash.amount')} value={amountText} onChange={setAmountText} error={errors.amount} />
        <TextField
          label={t('shifts.cash.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'in' ? t('shifts.cash.in.placeholder') : t('shifts.cash.out.placeholder')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('shifts.cancel')}
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={addMovement.isPending}>
            {addMovement.isPending ? t('shifts.saving') : t(recordIds[kind])}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Pay-ins and pay-outs of the open shift: the two buttons and what was moved so far, oldest first. */
export function CashMovements({ shift }: { shift: Shift }) {
  const t = useT();
  const [dialog, setDialog] = useState<Kind | null>(null);

  return (
    <section aria-labelledby="cash-movements-title" className="card space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cash-movements-title" className="text-sm font-semibold text-stone-900">
          {t('shifts.cash.title')}
        </h3>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('in')}>
            <ArrowDownToLine aria-hidden="true" className="size-4" />
            {t('shifts.cash.in')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('out')}>
            <ArrowUpFromLine aria-hidden="true" className="size-4" />
            {t('shifts.cash.out')}
          </button>
        </div>
      </div>
      {shift.movements.length === 0 ? (
        <p className="text-sm text-stone-600">{t('shifts.cash.none')}</p>
      ) : (
        <ul aria-label={t('shifts.cash.list')} className="divide-y divide-stone-100 text-sm">
          {shift.movements.map((movement) => (
            <li key={movement._id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-stone-900">{movement.reason}</p>
                <p className="text-xs text-stone-600">
                  <time dateTime={movement.at}>{formatClock(movement.at)}</time>
                  {movement.by && ` · ${movement.by.name}`}
                </p>
              </div>
              <span
                className={`shrink-0 font-semibold tabular-nums ${movement.kind === 'in' ? 'text-green-800' : 'text-red-700'}`}
              >
                {movement.kind === 'in' ? '+' : '\u2212'}
                {formatMoney(movement.amount)}
                <span className="sr-only">
                  {movement.kind === 'in' ? ` ${t('shifts.cash.srIn')}` : ` ${t('shifts.cash.srOut')}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog && <CashMovementDialog shiftId={shift._id} kind={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
