import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  MAX_OPTIONS_PER_GROUP,
  optionGroupLimitsProblem,
  updateOptionGroupBodySchema,
  type OptionGroup,
} from '@quan/contract/options';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { formatPriceDelta, limitsOf, ruleOf, type OptionRule } from './option-rules';
import type { RecipeIngredients } from './RecipeEditor';
import { RecipeLinesField } from './RecipeLinesField';

// The contract's rules of a group, built from its own field schemas: a recipe change whose ingredient is
// not chosen yet says so first, then the contract's checks of the options (names, each ingredient once,
// at least one option) and of the limits (`optionGroupLimitsProblem`, as the server checks them) apply.
const contractFields = updateOptionGroupBodySchema.shape;
const contractOptions = contractFields.options.unwrap();
const contractOption = contractOptions.element;
const contractOptionRecipe = contractOption.shape.recipe.unwrap();

const optionFormSchema = contractOption.extend({
  recipe: z
    .array(contractOptionRecipe.element.extend({ ingredientId: z.uuid('Choose an ingredient') }))
    .pipe(contractOptionRecipe),
});

const optionGroupFormSchema = z
  .strictObject({
    name: contractFields.name.unwrap(),
    minSelected: contractFields.minSelected.unwrap(),
    maxSelected: contractFields.maxSelected.unwrap(),
    options: z.array(optionFormSchema).superRefine((options, ctx) => {
      // The contract's checks of the list as a whole (how many, names once); each option's own are above.
      const result = contractOptions.safeParse(options);
      for (const issue of result.error?.issues ?? []) {
        if (issue.path.length === 0) ctx.addIssue({ code: 'custom', message: issue.message });
      }
    }),
  })
  .superRefine((group, ctx) => {
    const problem = optionGroupLimitsProblem({ ...group, optionCount: group.options.length });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type OptionGroupFormInput = z.input<typeof optionGroupFormSchema>;
/** A whole group: a valid body for creating one and for replacing one (options keep their `_id`). */
export type OptionGroupFormValues = z.output<typeof optionGroupFormSchema>;

const rules: { value: OptionRule; label: string; example: string }[] = [
  { value: 'one_required', label: 'Choose one, required', example: 'Size: Nhỏ, Vừa or Lớn' },
  { value: 'one_optional', label: 'Choose one, optional', example: 'Ice: ít đá or không đá' },
  { value: 'up_to', label: 'Up to a number', example: 'Topping: up to 3' },
  { value: 'any', label: 'Any number', example: 'Preferences: không hành, ít đường…' },
  { value: 'custom', label: 'Between', example: 'At least 2, at most 4: any other limits' },
];

function emptyOption(): OptionGroupFormInput['options'][number] {
  return { name: '', priceDelta: 0, recipe: [] };
}

/** Every field a server answer may name, so its messages land next to the inputs. */
function fieldNames(values: OptionGroupFormInput): Path<OptionGroupFormInput>[] {
  const names: Path<OptionGroupFormInput>[] = ['name', 'minSelected', 'maxSelected', 'options'];
  values.options.forEach((option, index) => {
    names.push(`options.${index}.name`, `options.${index}.priceDelta`, `options.${index}.recipe`);
    option.recipe?.forEach((_, line) => {
      names.push(`options.${index}.recipe.${line}.ingredientId`, `options.${index}.recipe.${line}.quantity`);
    });
  });
  return names;
}

interface OptionGroupFormProps {
  /** The group to edit; a new one when absent. */
  group?: OptionGroup;
  /** The ingredients an option's recipe changes may use, loaded by the page. */
  ingredients: RecipeIngredients;
  isPending: boolean;
  /** Resolves when saved; rejects with the API error, which the form then shows. */
  onSubmit: (body: OptionGroupFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** An option group: its name, the rule of a choice, and its options with their price and stock changes. */
export function OptionGroupForm({ group, ingredients, isPending, onSubmit, onCancel }: OptionGroupFormProps) {
  const baseId = useId();
  const [rule, setRule] = useState<OptionRule>(() => (group ? ruleOf(group) : 'one_required'));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: zodResolver(optionGroupFormSchema),
    defaultValues: {
      name: group?.name ?? '',
      minSelected: group?.minSelected ?? 1,
      maxSelected: group?.maxSelected ?? 1,
      options: group
        ? group.options.map((option) => ({
            _id: option._id,
            name: option.name,
            priceDelta: option.priceDelta,
            recipe: option.recipe.map(({ ingredientId, quantity }) => ({ ingredientId, quantity })),
          }))
        : [emptyOption()],
    },
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options' });
  const options = useWatch({ control, name: 'options' }) ?? [];
  const savedRecipeLines = group?.options.flatMap((option) => option.recipe) ?? [];

  function pickRule(next: OptionRule) {
    setRule(next);
    const limits = limitsOf(next, { minSelected: getValues('minSelected'), maxSelected: getValues('maxSelected') });
    // Once a save was tried, the limits' messages follow the new rule at once.
    setValue('minSelected', limits.minSelected, { shouldValidate: isSubmitted });
    setValue('maxSelected', limits.maxSelected, { shouldValidate: isSubmitted });
  }

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyApiFieldErrors(error, fieldNames(getValues()), setError);
      setError('root.server', { message: describeApiError(error, 'Could not save the option group.') });
    }
  });

  // A limit's message shows at its input when the rule shows one, else under the rule (a preset can ask
  // for more options than the group has, and the server may refuse limits too).
  const limitError =
    rule === 'custom'
      ? undefined
      : rule === 'up_to'
        ? errors.minSelected?.message
        : (errors.minSelected?.message ?? errors.maxSelected?.message);
  const optionsError = errors.options?.message ?? errors.options?.root?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        label="Group name"
        autoComplete="off"
        placeholder="Size, Topping…"
        hint="Shown to the waiter and the guest above the options."
        error={errors.name?.message}
        {...register('name')}
      />

      <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-900">Rule</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {rules.map((choice) => (
            // The whole row is the label: a large target on a phone.
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-1 py-1 text-sm"
            >
              <input
                type="radio"
                name={`${baseId}-rule`}
                value={choice.value}
                checked={rule === choice.value}
                onChange={() => pickRule(choice.value)}
                className="mt-0.5 size-5 shrink-0 accent-amber-700"
              />
              <span>
                <span className="block font-medium text-stone-800">{choice.label}</span>
                <span className="block text-xs text-stone-600">{choice.example}</span>
              </span>
            </label>
          ))}
        </div>
        {rule === 'up_to' && (
          <TextField
            label="Most choices"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OPTIONS_PER_GROUP}
            step={1}
            className="max-w-40"
            error={errors.maxSelected?.message}
            {...register('maxSelected', { valueAsNumber: true })}
          />
        )}
        {rule === 'custom' && (
          <div className="grid max-w-sm grid-cols-2 gap-4">
            <TextField
              label="At least"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_OPTIONS_PER_GROUP}
              step={1}
              hint="0: optional"
              error={errors.minSelected?.message}
              {...register('minSelected', { valueAsNumber: true })}
            />
            <TextField
              label="At most"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_OPTIONS_PER_GROUP}
              step={1}
              error={errors.maxSelected?.message}
              {...register('maxSelected', { valueAsNumber: true })}
            />
          </div>
        )}
        {limitError && <p className="field-error">{limitError}</p>}
      </fieldset>

      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-stone-900">Options</h3>
        <p className="text-xs text-stone-600">
          The price change is added to the dish’s price (negative for a cheaper choice). Stock changes apply per
          portion: positive takes more of an ingredient, negative takes less.
        </p>
        <ol className="space-y-3">
          {fields.map((field, index) => {
            const optionNo = index + 1;
            const option = options[index];
            const optionName = option?.name.trim() || `option ${optionNo}`;
            const optionErrors = errors.options?.[index];
            const priceDelta = option?.priceDelta;
            return (
              <li key={field.id}>
                <fieldset className="space-y-3 rounded-xl border border-stone-200 p-3 sm:p-4">
                  <legend className="px-1 text-sm font-semibold text-stone-900">Option {optionNo}</legend>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-start">
                    <TextField
                      label="Name"
                      autoComplete="off"
                      placeholder="Lớn"
                      error={optionErrors?.name?.message}
                      {...register(`options.${index}.name`)}
                    />
                    <TextField
                      label="Price change (VND)"
                      type="number"
                      inputMode="numeric"
                      step={1000}
                      placeholder="0"
                      hint={
                        typeof priceDelta === 'number' && Number.isInteger(priceDelta)
                          ? formatPriceDelta(priceDelta)
                          : '10000, or -5000'
                      }
                      error={optionErrors?.priceDelta?.message}
                      {...register(`options.${index}.priceDelta`, { valueAsNumber: true })}
                    />
                    <div className="flex gap-1 sm:pt-6">
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={`Move ${optionName} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={`Move ${optionName} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={`Remove ${optionName}`}
                        onClick={() => remove(index)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </div>
                  <RecipeLinesField
                    variant="option"
                    control={control}
                    register={register}
                    name={`options.${index}.recipe`}
                    errors={optionErrors?.recipe}
                    ingredients={ingredients}
                    savedLines={savedRecipeLines}
                    labels={{
                      list: `Stock changes of ${optionName}`,
                      quantity: (ingredient) => `Change of ${ingredient} per portion`,
                      remove: (ingredient) => `Remove the change of ${ingredient} from ${optionName}`,
                      add: 'Stock change',
                      addAria: `Add a stock change to ${optionName}`,
                    }}
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {optionsError && <p className="field-error">{optionsError}</p>}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={fields.length >= MAX_OPTIONS_PER_GROUP}
          onClick={() => append(emptyOption())}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add option
        </button>
      </div>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? 'Saving…' : group ? 'Save option group' : 'Create option group'}
        </button>
      </div>
    </form>
  );
}
