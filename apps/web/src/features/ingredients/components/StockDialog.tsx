import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
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
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useUpdateIngredient } from '../api/update-ingredient';

export const stockActions = ['restock', 'waste', 'adjust'] as const;
export type StockAction = (typeof stockActions)[number];

/** The message ids of each action's words. */
const actionTexts: Record<StockAction, { label: string; description: string; field: string; submit: string }> = {
  restock: {
    label: 'ingredients.stock.restock',
    description: 'ingredients.stock.restock.description',
    field: 'ingredients.stock.restock.field',
    submit: 'ingredients.stock.restock',
  },
  waste: {
    label: 'ingredients.stock.waste',
    description: 'ingredients.stock.waste.description',
    field: 'ingredients.stock.waste.field',
    submit: 'ingredients.stock.waste.submit',
  },
  adjust: {
    label: 'ingredients.stock.adjust',
    description: 'ingredients.stock.adjust.description',
    field: 'ingredients.stock.adjust.field',
    submit: 'ingredients.stock.adjust.submit',
  },
};

/** The form's own message (a message id, translated where it is shown); the others come from the contract. */
const amountNotPositive = 'ingredients.stock.moreThanZero';

const stockFormSchema = z
  .object({
    action: z.enum(stockActions),
    amount: stockQuantitySchema,
    note: updateIngredientBodySchema.shape.note.unwrap(),
  })
  .refine((values) => values.action === 'adjust' || values.amount > 0, {
    path: ['amount'],
    message: amountNotPositive,
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
  const t = useT();
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
    resolver: localizedZodResolver(stockFormSchema),
    defaultValues: { action: 'restock' as StockAction, amount: Number.NaN, note: '' },
  });
  const action = useWatch({ control, name: 'action' });
  const amount = useWatch({ control, name: 'amount' });
  const texts = actionTexts[action];
  const unit = ingredient.unit;
  const after = Number.isFinite(amount) && amount >= 0 ? stockAfter(ingredient, action, amount) : null;

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    action: register('action'),
    amount: register('amount', { valueAsNumber: true }),
    note: register('note'),
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await mutation.mutateAsync({ id: ingredient._id, ...stockChangeBody(values) });
      enqueueSnackbar(
        t('ingredients.stock.saved', { name: saved.name, quantity: formatQuantity(saved.quantity, saved.unit) }),
        {
          variant: 'success',
        },
      );
      onClose();
    } catch (error) {
      let matched = false;
      for (const fieldError of getApiFieldErrors(error)) {
        const field = formFieldOf.get(fieldError.path);
        if (!field) continue;
        setError(field, { type: 'server', message: translateValidationMessage(fieldError.message) });
        matched = true;
      }
      if (!matched) {
        setError('root.server', {
          message: describeApiError(error, t('ingredients.stock.failed', { name: ingredient.name })),
        });
      }
    }
  });

  return (
    <Dialog title={t('ingredients.stock.title', { name: ingredient.name })} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <p className="text-sm text-stone-700">
          {t('ingredients.stock.now')}{' '}
          <strong className="tabular-nums">{formatQuantity(ingredient.quantity, unit)}</strong>
        </p>
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <fieldset>
          <legend className="field-label">{t('ingredients.stock.what')}</legend>
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
                    {...inputs.action}
                  />
                  {t(actionTexts[value].label)}
                </label>
                <p id={`${baseId}-${value}`} className="mt-1 pl-6 text-xs text-stone-600">
                  {t(actionTexts[value].description)}
                </p>
              </div>
            ))}
          </div>
        </fieldset>
        <TextField
          label={`${t(texts.field)} (${unit})`}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          error={errors.amount?.message === amountNotPositive ? t(amountNotPositive) : errors.amount?.message}
          hint={after === null ? undefined : t('ingredients.stock.after', { quantity: formatQuantity(after, unit) })}
          {...inputs.amount}
        />
        {after !== null && after < 0 && (
          <p className="text-sm font-medium text-red-700">
            {t('ingredients.stock.tooMuch', { quantity: formatQuantity(ingredient.quantity, unit) })}
          </p>
        )}
        <TextField
          label={t('ingredients.stock.note')}
          autoComplete="off"
          maxLength={300}
          hint={t('ingredients.stock.noteHint')}
          error={errors.note?.message}
          {...inputs.note}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('ingredients.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('ingredients.saving') : t(texts.submit)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
