import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { createIngredientBodySchema, ingredientUnits, type Ingredient } from '@quan/contract/ingredient';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useCreateIngredient } from '../api/create-ingredient';
import { useUpdateIngredient } from '../api/update-ingredient';
import { unitLabels } from './ingredient-display';

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
    resolver: zodResolver(ingredientFormSchema),
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

  const onSubmit = handleSubmit(async ({ quantity, ...fields }) => {
    try {
      if (ingredient) {
        const saved = await updateMutation.mutateAsync({ id: ingredient._id, ...fields });
        enqueueSnackbar(`${saved.name} is saved.`, { variant: 'success' });
      } else {
        const created = await createMutation.mutateAsync({ ...fields, quantity });
        enqueueSnackbar(`${created.name} is added.`, { variant: 'success' });
      }
      onClose();
    } catch (error) {
      applyApiFieldErrors(error, ingredientFields, setError);
      setError('root.server', {
        message: describeApiError(
          error,
          ingredient ? `Could not save ${ingredient.name}.` : 'Could not add the ingredient.',
        ),
      });
    }
  });

  return (
    <Dialog title={ingredient ? `Edit ${ingredient.name}` : 'Add an ingredient'} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={unitId} className="field-label">
              Unit
            </label>
            <select
              id={unitId}
              className="field-input"
              aria-invalid={errors.unit ? true : undefined}
              aria-describedby={ingredient ? `${unitId}-hint` : undefined}
              {...register('unit')}
            >
              {ingredientUnits.map((value) => (
                <option key={value} value={value}>
                  {unitLabels[value]}
                </option>
              ))}
            </select>
            {ingredient && (
              <p id={`${unitId}-hint`} className="mt-1 text-xs text-stone-600">
                Changing the unit does not convert the stock or the recipes.
              </p>
            )}
            {errors.unit && <p className="field-error">{errors.unit.message}</p>}
          </div>
          {!ingredient && (
            <TextField
              label={`Quantity in stock (${unit})`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="0"
              error={errors.quantity?.message}
              {...register('quantity', { valueAsNumber: true })}
            />
          )}
          <TextField
            label={`Low-stock threshold (${unit})`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint="At or below this, the ingredient is marked low and staff are told."
            error={errors.lowStockThreshold?.message}
            {...register('lowStockThreshold', { valueAsNumber: true })}
          />
          <TextField
            label={`Cost per ${unit} (VND)`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint="Up to 2 decimals; used for the cost of each dish."
            error={errors.costPerUnit?.message}
            {...register('costPerUnit', { valueAsNumber: true })}
          />
        </div>
        <TextField
          label="Supplier"
          autoComplete="off"
          hint="Optional."
          error={errors.supplier?.message}
          {...register('supplier')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? 'Saving…' : ingredient ? 'Save ingredient' : 'Add ingredient'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
