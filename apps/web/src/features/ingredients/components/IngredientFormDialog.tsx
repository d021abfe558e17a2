import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { createIngredientBodySchema, ingredientUnits, type Ingredient } from '@quan/contract/ingredient';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useCreateIngredient } from '../api/create-ingredient';
import { useUpdateIngredient } from '../api/update-ingredient';
import { unitMessages } from './ingredient-display';

// Every number is asked for: an empty box is an error rather than a silent 0 (a cost of 0 would make dishes free).
const ingredientFormSchema = createIngredientBodySchema.required();

const ingredientFields = ['name', 'unit', 'quantity', 'lowStockThreshold', 'costPerUnit', 'supplier'] as const;

interface IngredientFormDialogProps {
  /** The ingredient to edit; without one the dialog adds an ingredient. */
  ingredient?: Ingredient;
  onClose: () => void;
}

/**
 * Adds an ingredient with its opening stock, or edits one. Editing leaves the stock alone: stock changes go
 * through the stock dialog, which records why.
 */
export function IngredientFormDialog({ ingredient, onClose }: IngredientFormDialogProps) {
  const t = useT();
  const unitId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateIngredient();
  const updateMutation = useUpdateIngredient();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(ingredientFormSchema),
    defaultValues: {
      name: ingredient?.name ?? '',
      unit: ingredient?.unit ?? 'kg',
      // An edit neither shows nor sends the quantity; 0 only satisfies the schema.
      quantity: ingredient ? 0 : Number.NaN,
      lowStockThreshold: ingredient?.lowStockThreshold ?? Number.NaN,
      costPerUnit: ingredient?.costPerUnit ?? Number.NaN,
      supplier: ingredient?.supplier ?? '',
    },
  });
  const unit = useWatch({ control, name: 'unit' });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    name: register('name'),
    unit: register('unit'),
    quantity: register('quantity', { valueAsNumber: true }),
    lowStockThreshold: register('lowStockThreshold', { valueAsNumber: true }),
    costPerUnit: register('costPerUnit', { valueAsNumber: true }),
    supplier: register('supplier'),
  };

  const onSubmit = handleSubmit(async ({ quantity, ...fields }) => {
    try {
      if (ingredient) {
        const saved = await updateMutation.mutateAsync({ id: ingredient._id, ...fields });
        enqueueSnackbar(t('ingredients.form.saved', { name: saved.name }), { variant: 'success' });
      } else {
        const created = await createMutation.mutateAsync({ ...fields, quantity });
        enqueueSnackbar(t('ingredients.form.added', { name: created.name }), { variant: 'success' });
      }
      onClose();
    } catch (error) {
      applyApiFieldErrors(error, ingredientFields, setError);
      setError('root.server', {
        message: describeApiError(
          error,
          ingredient ? t('ingredients.form.saveFailed', { name: ingredient.name }) : t('ingredients.form.addFailed'),
        ),
      });
    }
  });

  return (
    <Dialog
      title={ingredient ? t('ingredients.form.editTitle', { name: ingredient.name }) : t('ingredients.form.addTitle')}
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField
          label={t('ingredients.form.name')}
          autoComplete="off"
          error={errors.name?.message}
          {...inputs.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={unitId} className="field-label">
              {t('ingredients.form.unit')}
            </label>
            <select
              id={unitId}
              className="field-input"
              aria-invalid={errors.unit ? true : undefined}
              aria-describedby={ingredient ? `${unitId}-hint` : undefined}
              {...inputs.unit}
            >
              {ingredientUnits.map((value) => (
                <option key={value} value={value}>
                  {t(unitMessages[value])}
                </option>
              ))}
            </select>
            {ingredient && (
              <p id={`${unitId}-hint`} className="mt-1 text-xs text-stone-600">
                {t('ingredients.form.unitHint')}
              </p>
            )}
            {errors.unit && <p className="field-error">{errors.unit.message}</p>}
          </div>
          {!ingredient && (
            <TextField
              label={t('ingredients.form.quantity', { unit })}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="0"
              error={errors.quantity?.message}
              {...inputs.quantity}
            />
          )}
          <TextField
            label={t('ingredients.form.threshold', { unit })}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint={t('ingredients.form.thresholdHint')}
            error={errors.lowStockThreshold?.message}
            {...inputs.lowStockThreshold}
          />
          <TextField
            label={t('ingredients.form.cost', { unit })}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint={t('ingredients.form.costHint')}
            error={errors.costPerUnit?.message}
            {...inputs.costPerUnit}
          />
        </div>
        <TextField
          label={t('ingredients.form.supplier')}
          autoComplete="off"
          hint={t('ingredients.form.optional')}
          error={errors.supplier?.message}
          {...inputs.supplier}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('ingredients.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('ingredients.saving') : ingredient ? t('ingredients.form.save') : t('ingredients.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
