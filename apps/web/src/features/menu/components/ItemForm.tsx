import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { createItemBodySchema, recipeLineInputSchema, type Category, type Item } from '@quan/contract/menu';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { RecipeEditor, type RecipeIngredients } from './RecipeEditor';

// A line whose ingredient is not chosen yet says so; then the contract's own rules (at most 30 lines, each
// ingredient once) apply to the whole recipe.
const recipeFormSchema = z
  .array(recipeLineInputSchema.extend({ ingredientId: z.uuid('Choose an ingredient') }))
  .pipe(createItemBodySchema.shape.recipe.unwrap());

const itemFormSchema = createItemBodySchema.extend({
  categoryId: z.uuid('Choose a category'),
  isAvailable: z.boolean(),
  recipe: recipeFormSchema,
});
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemFormValues = z.output<typeof itemFormSchema>;

const itemFields = ['name', 'price', 'categoryId', 'description', 'imageUrl', 'isAvailable', 'recipe'] as const;

interface ItemFormProps {
  /** The item to edit; a new one when absent. */
  item?: Item;
  categories: Category[];
  /** The ingredients a recipe may use, loaded by the page (the menu does not reach into the ingredients). */
  ingredients: RecipeIngredients;
  /** Category of a new item: the one the list is filtered on, if any. */
  defaultCategoryId?: string;
  isPending: boolean;
  /** Resolves when saved; rejects with the API error, which the form then shows. */
  onSubmit: (body: ItemFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function ItemForm({
  item,
  categories,
  ingredients,
  defaultCategoryId,
  isPending,
  onSubmit,
  onCancel,
}: ItemFormProps) {
  const categoryId = useId();
  const availableId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(itemFormSchema),
    defaultValues: {
      name: item?.name ?? '',
      price: item?.price ?? Number.NaN,
      categoryId: item?.categoryId ?? defaultCategoryId ?? '',
      description: item?.description ?? '',
      imageUrl: item?.imageUrl ?? '',
      isAvailable: item?.isAvailable ?? true,
      recipe: item?.recipe.map(({ ingredientId, quantity }) => ({ ingredientId, quantity })) ?? [],
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyApiFieldErrors(error, itemFields, setError);
      setError('root.server', { message: describeApiError(error, 'Could not save the dish.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (VND)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          placeholder="65000"
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <div>
          <label htmlFor={categoryId} className="field-label">
            Category
          </label>
          <select
            id={categoryId}
            className="field-input"
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={errors.categoryId ? `${categoryId}-error` : undefined}
            {...register('categoryId')}
          >
            <option value="">Choose…</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </select>
          {errors.categoryId && (
            <p id={`${categoryId}-error`} className="field-error">
              {errors.categoryId.message}
            </p>
          )}
        </div>
      </div>
      <TextField
        label="Description"
        autoComplete="off"
        hint="Optional; shown on the public menu."
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Image URL"
        type="url"
        autoComplete="off"
        hint="Optional: an https:// address or a path such as /images/pho.jpg."
        error={errors.imageUrl?.message}
        {...register('imageUrl')}
      />
      <RecipeEditor
        control={control}
        register={register}
        errors={errors.recipe}
        ingredients={ingredients}
        savedLines={item?.recipe ?? []}
      />
      <div className="flex items-center gap-3">
        <input id={availableId} type="checkbox" className="size-5 accent-amber-700" {...register('isAvailable')} />
        <label htmlFor={availableId} className="text-sm font-medium text-stone-800">
          Available to order
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? 'Saving…' : item ? 'Save dish' : 'Create dish'}
        </button>
      </div>
    </form>
  );
}
