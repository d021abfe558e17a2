import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  stockQuantitySchema,
  updateIngredientBodySchema,
  type Ingredient,
  type UpdateIngredientBody,
} from '@quan/contract/ingredient';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/format';
import { useUpdateIngredient } from '../api/update-ingredient';

export const stockActions = ['restock', 'waste', 'adjust'] as const;
export type StockAction = (typeof stockActions)[number];

const actionTexts: Record<StockAction, { label: string; description: string; field: string; submit: string }> = {
  restock: { label: 'Restock', description: 'A delivery came in.', field: 'Quantity received', submit: 'Restock' },
  waste: {
    label: 'Waste',
    description: 'Spoiled, dropped or thrown away.',
    field: 'Quantity thrown away',
    submit: 'Record waste',
  },
  adjust: {
    label: 'Adjust',
    description: 'Set the quantity counted on the shelf.',
    field: 'Counted quantity',
    submit: 'Save count',
  },
};

const stockFormSchema = z
  .object({
    action: z.enum(stockActions),
    amount: stockQuantitySchema,
    note: updateIngredientBodySchema.shape.note.unwrap(),
  })
  .refine((values) => values.action === 'adjust' || values.amount > 0, {
    path: ['amount'],
    message: 'Quantity must be more than 0',
  });
type StockFormValues = z.infer<typeof stockFormSchema>;

/** The server names `change` or `quantity`; here both are the one quantity box. */
const formFieldOf = new Map<string, 'amount' | 'note'>([
  ['change', 'amount'],
  ['quantity', 'amount'],
  ['note', 'note'],
]);

/**
 * What the server is asked: a delivery or a loss as a signed `change` (applied to whatever the stock is by
 * then, so an order placed meanwhile is not undone), a count as the new `quantity`.
 */
export function stockChangeBody({ action, amount, note }: StockFormValues): UpdateIngredientBody {
  const withNote = note ? { note } : {};
  if (action === 'restock') return { change: amount, reason: 'restock', ...withNote };
  if (action === 'waste') return { change: -amount, reason: 'waste', ...withNote };
  return { quantity: amount, reason: 'adjustment', ...withNote };
}

function stockAfter(ingredient: Ingredient, action: StockAction, amount: number): number {
  if (action === 'adjust') return amount;
  // Rounded to the 3 decimals stock keeps, so 0.1 + 0.2 reads 0,3.
  return Math.round((ingredient.quantity + (action === 'restock' ? amount : -amount)) * 1000) / 1000;
}

interface StockDialogProps {
  ingredient: Ingredient;
  onClose: () => void;
}

/** Restock, waste or adjust one ingredient's stock, with a note that goes to its history. */
export function StockDialog({ ingredient, onClose }: StockDialogProps) {
  const baseId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useUpdateIngredient();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(stockFormSchema),
    defaultValues: { action: 'restock' as StockAction, amount: Number.NaN, note: '' },
  });
  const action = useWatch({ control, name: 'action' });
  const amount = useWatch({ control, name: 'amount' });
  const texts = actionTexts[action];
  const unit = ingredient.unit;
  const after = Number.isFinite(amount) && amount >= 0 ? stockAfter(ingredient, action, amount) : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await mutation.mutateAsync({ id: ingredient._id, ...stockChangeBody(values) });
      enqueueSnackbar(`${saved.name}: ${formatQuantity(saved.quantity, saved.unit)} in stock.`, {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      let matched = false;
      for (const fieldError of getApiFieldErrors(error)) {
        const field = formFieldOf.get(fieldError.path);
        if (!field) continue;
        setError(field, { type: 'server', message: fieldError.message });
        matched = true;
      }
      if (!matched) {
        setError('root.server', {
          message: describeApiError(error, `Could not change the stock of ${ingredient.name}.`),
        });
      }
    }
  });

  return (
    <Dialog title={`Stock of ${ingredient.name}`} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <p className="text-sm text-stone-700">
          In stock now: <strong className="tabular-nums">{formatQuantity(ingredient.quantity, unit)}</strong>
        </p>
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <fieldset>
          <legend className="field-label">What happened?</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {stockActions.map((value) => (
              <div
                key={value}
                className="relative rounded-lg border border-stone-300 p-3 has-checked:border-amber-700 has-checked:bg-amber-50"
              >
                {/* The whole card is the label's target; the description stays out of the radio's name. */}
                <label className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-stone-900 after:absolute after:inset-0">
                  <input
                    type="radio"
                    value={value}
                    className="size-4 accent-amber-700"
                    aria-describedby={`${baseId}-${value}`}
                    {...register('action')}
                  />
                  {actionTexts[value].label}
                </label>
                <p id={`${baseId}-${value}`} className="mt-1 pl-6 text-xs text-stone-600">
                  {actionTexts[value].description}
                </p>
              </div>
            ))}
          </div>
        </fieldset>
        <TextField
          label={`${texts.field} (${unit})`}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          error={errors.amount?.message}
          hint={after === null ? undefined : `Stock after: ${formatQuantity(after, unit)}`}
          {...register('amount', { valueAsNumber: true })}
        />
        {after !== null && after < 0 && (
          <p className="text-sm font-medium text-red-700">
            That is more than the {formatQuantity(ingredient.quantity, unit)} in stock. If the stock is wrong, count it
            with Adjust.
          </p>
        )}
        <TextField
          label="Note"
          autoComplete="off"
          maxLength={300}
          hint="Optional: the supplier's invoice, what went wrong…"
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : texts.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
