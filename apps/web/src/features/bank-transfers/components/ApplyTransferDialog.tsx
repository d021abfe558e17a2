import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { applyBankTransferBodySchema, parseTransferNote, type BankTransfer } from '@quan/contract/payments';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useApplyBankTransfer } from '../api/apply-bank-transfer';
import { refusalReason } from './refusal-reason';
import { TextAreaField } from '../../../components/TextAreaField';

interface ApplyTransferDialogProps {
  transfer: BankTransfer;
  onClose: () => void;
}

type Field = 'orderNo' | 'partNo' | 'reason';
type Problems = Partial<Record<Field, string>>;

function isField(path: string): path is Field {
  return path === 'orderNo' || path === 'partNo' || path === 'reason';
}

/** A whole number typed into a field ("1042"); undefined for anything else. */
function wholeNumber(text: string): number | undefined {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * A manager pays a refused transfer's whole amount onto the order it was for (or one part of its split bill).
 * The fields start at the order the transfer note names, if it names one; the reason is required, since the
 * audit trail keeps it beside the manager's name.
 */
export function ApplyTransferDialog({ transfer, onClose }: ApplyTransferDialogProps) {
  const t = useT();
  const mutation = useApplyBankTransfer();
  const { enqueueSnackbar } = useSnackbar();
  const named = parseTransferNote(transfer.description);
  const [orderNoText, setOrderNoText] = useState(named ? String(named.orderNo) : '');
  const [partNoText, setPartNoText] = useState(named?.partNo ? String(named.partNo) : '');
  const [reason, setReason] = useState('');
  const [triedToSend, setTriedToSend] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);

  const orderNo = wholeNumber(orderNoText);
  const partNo = partNoText.trim() === '' ? undefined : wholeNumber(partNoText);
  const parsed = applyBankTransferBodySchema.safeParse({ orderNo, partNo, reason });
  const problems: Problems = {};
  if (orderNo === undefined || orderNo < 1) problems.orderNo = t('bankTransfers.apply.orderNoNeeded');
  if (partNoText.trim() !== '' && (partNo === undefined || partNo < 1 || partNo > 99)) {
    problems.partNo = t('bankTransfers.apply.partNoRange');
  }
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) problems.reason = translateValidationMessage(reasonIssue.message);
  }
  const shown: Problems = triedToSend ? { ...serverProblems, ...problems } : serverProblems;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (!parsed.success || Object.keys(problems).length > 0 || mutation.isPending) return;
    setError(null);
    setServerProblems({});
    try {
      const applied = await mutation.mutateAsync({ transactionId: transfer.transactionId, ...parsed.data });
      enqueueSnackbar(
        t('bankTransfers.apply.done', { amount: formatMoney(applied.amount), orderNo: parsed.data.orderNo }),
        { variant: 'success' },
      );
      onClose();
    } catch (caught) {
      const fieldProblems: Problems = {};
      for (const fieldError of getApiFieldErrors(caught)) {
        // The contract's sentences; the payment rules' own about the part of a split bill are said above the
        // buttons, by their code, in the screen's language.
        if (isField(fieldError.path) && fieldError.path !== 'partNo') {
          fieldProblems[fieldError.path] = translateValidationMessage(fieldError.message);
        }
      }
      setServerProblems(fieldProblems);
      setError(describeApiError(caught, t('bankTransfers.apply.error')));
    }
  }

  return (
    <Dialog title={t('bankTransfers.apply.title')} onClose={onClose} className="max-w-md">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-xl bg-stone-50 p-3 text-sm">
          <dt className="text-stone-600">{t('bankTransfers.amount')}</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(transfer.amount)}</dd>
          <dt className="text-stone-600">{t('bankTransfers.note')}</dt>
          <dd className="font-mono break-words text-stone-900">{transfer.description || t('bankTransfers.noNote')}</dd>
          <dt className="text-stone-600">{t('bankTransfers.reason')}</dt>
          <dd className="text-stone-900">{refusalReason(t, transfer)}</dd>
        </dl>
        <p className="text-sm text-stone-700">{t('bankTransfers.apply.explain')}</p>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('bankTransfers.apply.orderNo')}
            value={orderNoText}
            onChange={(event) => setOrderNoText(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            required
            error={shown.orderNo}
          />
          <TextField
            label={t('bankTransfers.apply.partNo')}
            value={partNoText}
            onChange={(event) => setPartNoText(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            hint={t('bankTransfers.apply.partNoHint')}
            error={shown.partNo}
          />
        </div>
        <TextAreaField
          label={t('bankTransfers.apply.reason')}
          textAreaClassName="min-h-20"
          value={reason}
          required
          maxLength={200}
          placeholder={t('bankTransfers.apply.reasonPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
          error={shown.reason}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('bankTransfers.apply.cancel')}
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={mutation.isPending}>
            {mutation.isPending ? t('bankTransfers.apply.pending') : t('bankTransfers.apply.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
