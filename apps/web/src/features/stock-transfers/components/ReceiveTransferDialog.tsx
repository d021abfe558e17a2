import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { StockTransfer } from '@quan/contract/stock-transfer';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useReceiveStockTransfer } from '../api/stock-transfers';

interface LineDraft {
  /** As typed; starts at what was sent. */
  received: string;
  reason: string;
}

interface LineErrors {
  received?: string;
  reason?: string;
}

/** A typed quantity: a number of at least 0 with up to 3 decimals (as stock keeps), else null. */
export function parseQuantity(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  const value = Number(normalized);
  if (normalized === '' || !Number.isFinite(value) || value < 0) return null;
  const [, fraction = ''] = normalized.split('.');
  return fraction.length <= 3 ? value : null;
}

/**
 * The receiving branch says what arrived of each line sent: what was sent unless changed, and why when it
 * differs (a torn bag, a short delivery). Its stock rises by what arrived.
 */
export function ReceiveTransferDialog({ transfer, onClose }: { transfer: StockTransfer; onClose: () => void }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useReceiveStockTransfer();
  const [drafts, setDrafts] = useState<LineDraft[]>(() =>
    transfer.lines.map((line) => ({ received: String(line.sent), reason: '' })),
  );
  const [errors, setErrors] = useState<LineErrors[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const change = (index: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  /** What the form checks before asking: a quantity on every line, and a reason for every difference. */
  function check(): LineErrors[] {
    return transfer.lines.map((line, index) => {
      const draft = drafts[index]!;
      const received = parseQuantity(draft.received);
      if (received === null) return { received: t('stockTransfers.receive.quantityInvalid') };
      if (received !== line.sent && !draft.reason.trim()) return { reason: t('stockTransfers.receive.reasonRequired') };
      return {};
    });
  }

  async function submit() {
    const found = check();
    setErrors(found);
    setFormError(null);
    if (found.some((error) => error.received || error.reason)) return;
    try {
      const received = await mutation.mutateAsync({
        id: transfer._id,
        lines: transfer.lines.map((line, index) => {
          const draft = drafts[index]!;
          const quantity = parseQuantity(draft.received)!;
          return {
            ingredientId: line.ingredientId,
            received: quantity,
            ...(quantity !== line.sent ? { reason: draft.reason.trim() } : {}),
          };
        }),
      });
      enqueueSnackbar(t('stockTransfers.receive.done', { transferNo: received.transferNo }), { variant: 'success' });
      onClose();
    } catch (error) {
      const fromServer: LineErrors[] = [];
      for (const fieldError of getApiFieldErrors(error)) {
        const match = /^lines\.(\d+)\.(received|reason)$/.exec(fieldError.path);
        if (!match) continue;
        const index = Number(match[1]);
        fromServer[index] = { ...fromServer[index], [match[2]!]: translateValidationMessage(fieldError.message) };
      }
      setErrors(fromServer);
      setFormError(describeApiError(error, t('stockTransfers.receive.failed')));
    }
  }

  return (
    <Dialog
      title={t('stockTransfers.receive.title', { transferNo: transfer.transferNo, from: transfer.fromBranch.name })}
      onClose={onClose}
      className="max-w-2xl"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-stone-700">{t('stockTransfers.receive.intro')}</p>
        {formError && <FormAlert>{formError}</FormAlert>}
        <ul className="space-y-3">
          {transfer.lines.map((line, index) => {
            const draft = drafts[index]!;
            const received = parseQuantity(draft.received);
            const differs = received !== null && received !== line.sent;
            return (
              <li key={line.ingredientId} className="rounded-lg border border-stone-200 p-3">
                <p className="font-semibold text-stone-900">
                  {line.name}{' '}
                  <span className="font-normal text-stone-600">
                    {t('stockTransfers.receive.sent', { quantity: formatQuantity(line.sent, line.unit) })}
                  </span>
                </p>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <TextField
                    label={t('stockTransfers.receive.received', { name: line.name, unit: line.unit })}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={draft.received}
                    error={errors[index]?.received}
                    onChange={(event) => change(index, { received: event.target.value })}
                  />
                  {(differs || errors[index]?.reason) && (
                    <TextField
                      label={t('stockTransfers.receive.reason', { name: line.name })}
                      autoComplete="off"
                      maxLength={200}
                      value={draft.reason}
                      error={errors[index]?.reason}
                      hint={t('stockTransfers.receive.reasonHint')}
                      onChange={(event) => change(index, { reason: event.target.value })}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('stockTransfers.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('stockTransfers.saving') : t('stockTransfers.receive.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
