import { useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Ingredient } from '@quan/contract/ingredient';
import type { TransferDestination } from '@quan/contract/stock-transfer';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useSendStockTransfer } from '../api/stock-transfers';
import { parseQuantity } from './ReceiveTransferDialog';

interface LineDraft {
  key: number;
  ingredientId: string;
  quantity: string;
}

interface LineErrors {
  ingredientId?: string;
  quantity?: string;
}

let nextKey = 0;
const emptyLine = (): LineDraft => ({ key: nextKey++, ingredientId: '', quantity: '' });

interface SendTransferDialogProps {
  /** The chain's other branches. */
  destinations: readonly TransferDestination[];
  /** This branch's ingredients; only those it holds can be sent. */
  ingredients: readonly Ingredient[];
  onClose: () => void;
}

/** Sends ingredients from this branch to another: its stock falls at once, the other's when it receives them. */
export function SendTransferDialog({ destinations, ingredients, onClose }: SendTransferDialogProps) {
  const t = useT();
  const ids = { destination: useId(), lines: useId() };
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useSendStockTransfer();
  const held = ingredients.filter((ingredient) => ingredient.quantity > 0);
  const byId = new Map(ingredients.map((ingredient) => [ingredient._id, ingredient]));
  const [toBranchId, setToBranchId] = useState(destinations.length === 1 ? destinations[0]!._id : '');
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [note, setNote] = useState('');
  const [destinationError, setDestinationError] = useState<string>();
  const [lineErrors, setLineErrors] = useState<LineErrors[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const change = (key: number, patch: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  function check(): { destination?: string; lines: LineErrors[] } {
    const chosen = new Set<string>();
    return {
      destination: toBranchId ? undefined : t('stockTransfers.send.chooseBranch'),
      lines: lines.map((line) => {
        const errors: LineErrors = {};
        if (!line.ingredientId) errors.ingredientId = t('stockTransfers.send.chooseIngredient');
        else if (chosen.has(line.ingredientId)) errors.ingredientId = t('stockTransfers.send.onceEach');
        chosen.add(line.ingredientId);
        const quantity = parseQuantity(line.quantity);
        const ingredient = byId.get(line.ingredientId);
        if (quantity === null || quantity <= 0) errors.quantity = t('stockTransfers.send.quantityInvalid');
        else if (ingredient && quantity > ingredient.quantity) {
          errors.quantity = t('stockTransfers.send.moreThanHeld', {
            quantity: formatQuantity(ingredient.quantity, ingredient.unit),
          });
        }
        return errors;
      }),
    };
  }

  async function submit() {
    const found = check();
    setDestinationError(found.destination);
    setLineErrors(found.lines);
    setFormError(null);
    if (found.destination || found.lines.some((errors) => errors.ingredientId || errors.quantity)) return;
    try {
      const sent = await mutation.mutateAsync({
        toBranchId,
        lines: lines.map((line) => ({ ingredientId: line.ingredientId, quantity: parseQuantity(line.quantity)! })),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      enqueueSnackbar(t('stockTransfers.send.done', { transferNo: sent.transferNo, branch: sent.toBranch.name }), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      const fromServer: LineErrors[] = [];
      for (const fieldError of getApiFieldErrors(error)) {
        const match = /^lines\.(\d+)\.(ingredientId|quantity)$/.exec(fieldError.path);
        if (match) {
          const index = Number(match[1]);
          fromServer[index] = { ...fromServer[index], [match[2]!]: translateValidationMessage(fieldError.message) };
        }
        if (fieldError.path === 'toBranchId') setDestinationError(translateValidationMessage(fieldError.message));
      }
      setLineErrors(fromServer);
      setFormError(describeApiError(error, t('stockTransfers.send.failed')));
    }
  }

  return (
    <Dialog title={t('stockTransfers.send.title')} onClose={onClose} className="max-w-2xl">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {formError && <FormAlert>{formError}</FormAlert>}
        <div>
          <label htmlFor={ids.destination} className="field-label">
            {t('stockTransfers.send.to')}
          </label>
          <select
            id={ids.destination}
            className="field-input"
            value={toBranchId}
            aria-invalid={destinationError ? true : undefined}
            onChange={(event) => setToBranchId(event.target.value)}
          >
            <option value="">{t('stockTransfers.send.chooseBranch')}</option>
            {destinations.map((branch) => (
              <option key={branch._id} value={branch._id}>
                {branch.name}
              </option>
            ))}
          </select>
          {destinationError && <p className="mt-1 text-sm text-red-700">{destinationError}</p>}
        </div>

        <fieldset aria-describedby={ids.lines}>
          <legend className="field-label">{t('stockTransfers.send.lines')}</legend>
          <p id={ids.lines} className="text-sm text-stone-600">
            {held.length > 0 ? t('stockTransfers.send.linesHint') : t('stockTransfers.send.nothingHeld')}
          </p>
          <ul className="mt-2 space-y-3">
            {lines.map((line, index) => {
              const ingredient = byId.get(line.ingredientId);
              return (
                <li key={line.key} className="grid items-start gap-2 sm:grid-cols-[1fr_10rem_auto]">
                  <div>
                    <label htmlFor={`${ids.lines}-${line.key}`} className="sr-only">
                      {t('stockTransfers.send.ingredient', { line: index + 1 })}
                    </label>
                    <select
                      id={`${ids.lines}-${line.key}`}
                      className="field-input"
                      value={line.ingredientId}
                      aria-invalid={lineErrors[index]?.ingredientId ? true : undefined}
                      onChange={(event) => change(line.key, { ingredientId: event.target.value })}
                    >
                      <option value="">{t('stockTransfers.send.chooseIngredient')}</option>
                      {held.map((option) => (
                        <option key={option._id} value={option._id}>
                          {t('stockTransfers.send.ingredientOption', {
                            name: option.name,
                            quantity: formatQuantity(option.quantity, option.unit),
                          })}
                        </option>
                      ))}
                    </select>
                    {lineErrors[index]?.ingredientId && (
                      <p className="mt-1 text-sm text-red-700">{lineErrors[index]?.ingredientId}</p>
                    )}
                  </div>
                  <TextField
                    label={
                      ingredient
                        ? t('stockTransfers.send.quantityIn', { line: index + 1, unit: ingredient.unit })
                        : t('stockTransfers.send.quantity', { line: index + 1 })
                    }
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={line.quantity}
                    error={lineErrors[index]?.quantity}
                    onChange={(event) => change(line.key, { quantity: event.target.value })}
                  />
                  <button
                    type="button"
                    className="btn btn-secondary mt-6"
                    disabled={lines.length === 1}
                    aria-label={t('stockTransfers.send.removeLine', { line: index + 1 })}
                    onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn-secondary mt-3"
            disabled={lines.length >= held.length}
            onClick={() => setLines((current) => [...current, emptyLine()])}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('stockTransfers.send.addLine')}
          </button>
        </fieldset>

        <TextField
          label={t('stockTransfers.send.note')}
          autoComplete="off"
          maxLength={300}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('stockTransfers.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending || held.length === 0}>
            {mutation.isPending ? t('stockTransfers.saving') : t('stockTransfers.send.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
