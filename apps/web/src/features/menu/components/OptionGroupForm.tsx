import { useId, useState } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  branchOptionBodySchema,
  MAX_OPTIONS_PER_GROUP,
  optionGroupLimitsProblem,
  updateOptionGroupBodySchema,
  type BranchOptionBody,
  type Option,
  type OptionGroup,
} from '@quan/contract/options';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT, type Translate } from '../../../lib/i18n';
import { optionalWholeNumber } from './form-values';
import { OptionGroupBranchOffer } from './OptionGroupBranchOffer';
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

/** The form's schema, its own messages in the manager's language. */
function optionGroupFormSchemaOf(t: Translate) {
  const optionFormSchema = contractOption.extend({
    recipe: z
      .array(contractOptionRecipe.element.extend({ ingredientId: z.uuid(t('menu-admin.recipe.chooseIngredient')) }))
      .pipe(contractOptionRecipe),
  });
  const priceChangeInvalid = t('menu-admin.branch.priceChangeInvalid');
  // The current branch's own price change (empty: the menu's) and availability of each saved option.
  const branchOfferSchema = z.object({
    optionId: z.string(),
    priceDelta: z
      .number(priceChangeInvalid)
      .nullable()
      .refine((delta) => branchOptionBodySchema.shape.priceDelta.safeParse(delta).success, priceChangeInvalid),
    isSold: z.boolean(),
  });

  return z
    .strictObject({
      name: contractFields.name.unwrap(),
      nameEn: contractFields.nameEn,
      minSelected: contractFields.minSelected.unwrap(),
      maxSelected: contractFields.maxSelected.unwrap(),
      options: z.array(optionFormSchema).superRefine((options, ctx) => {
        // The contract's checks of the list as a whole (how many, names once); each option's own are above.
        const result = contractOptions.safeParse(options);
        for (const issue of result.error?.issues ?? []) {
          if (issue.path.length === 0) ctx.addIssue({ code: 'custom', message: issue.message });
        }
      }),
      branchOffers: z.array(branchOfferSchema),
    })
    .superRefine((group, ctx) => {
      const problem = optionGroupLimitsProblem({ ...group, optionCount: group.options.length });
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    });
}
type OptionGroupFormSchema = ReturnType<typeof optionGroupFormSchemaOf>;
export type OptionGroupFormInput = z.input<OptionGroupFormSchema>;
type OptionGroupFormValues = z.output<OptionGroupFormSchema>;
/** A whole group: a valid body for creating one and for replacing one (options keep their `_id`). */
export type OptionGroupValues = Omit<OptionGroupFormValues, 'branchOffers'>;

/** The current branch's own price change and availability of one saved option. */
export type BranchOptionOffer = { optionId: string } & BranchOptionBody;

/**
 * What one Save sends: the menu's group, null when only the branch's offers changed (the menu stays as it was),
 * and the branch's offers of the options that changed.
 */
export interface OptionGroupSave {
  group: OptionGroupValues | null;
  branchOffers: BranchOptionOffer[];
}

/** A saved option's offer in this branch as the form holds it. */
function branchOfferOf(option: Option) {
  return { optionId: option._id, priceDelta: option.branchPriceDelta ?? null, isSold: option.isSold ?? true };
}

/** The form's values of a group as saved; a new one's have one empty option. */
function groupDefaultsOf(group: OptionGroup | undefined): OptionGroupFormInput {
  return {
    name: group?.name ?? '',
    nameEn: group?.nameEn ?? '',
    minSelected: group?.minSelected ?? 1,
    maxSelected: group?.maxSelected ?? 1,
    options: group
      ? group.options.map((option) => ({
          _id: option._id,
          name: option.name,
          nameEn: option.nameEn ?? '',
          isDefault: option.isDefault ?? false,
          priceDelta: option.priceDelta,
          recipe: option.recipe.map(({ ingredientId, quantity }) => ({ ingredientId, quantity })),
        }))
      : [emptyOption()],
    branchOffers: group?.options.map(branchOfferOf) ?? [],
  };
}

/** The rules a manager picks from, as message ids of their name and of an example. */
const rules: { value: OptionRule; label: string; example: string }[] = [
  {
    value: 'one_required',
    label: 'menu-admin.group.rule.oneRequired',
    example: 'menu-admin.group.rule.oneRequiredExample',
  },
  {
    value: 'one_optional',
    label: 'menu-admin.group.rule.oneOptional',
    example: 'menu-admin.group.rule.oneOptionalExample',
  },
  { value: 'up_to', label: 'menu-admin.group.rule.upTo', example: 'menu-admin.group.rule.upToExample' },
  { value: 'any', label: 'menu-admin.group.rule.any', example: 'menu-admin.group.rule.anyExample' },
  { value: 'custom', label: 'menu-admin.group.rule.custom', example: 'menu-admin.group.rule.customExample' },
];

function emptyOption(): OptionGroupFormInput['options'][number] {
  return { name: '', nameEn: '', isDefault: false, priceDelta: 0, recipe: [] };
}

/** Every field a server answer may name, so its messages land next to the inputs. */
function fieldNames(values: OptionGroupFormInput): Path<OptionGroupFormInput>[] {
  const names: Path<OptionGroupFormInput>[] = ['name', 'nameEn', 'minSelected', 'maxSelected', 'options'];
  values.options.forEach((option, index) => {
    names.push(
      `options.${index}.name`,
      `options.${index}.nameEn`,
      `options.${index}.isDefault`,
      `options.${index}.priceDelta`,
      `options.${index}.recipe`,
    );
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
  onSubmit: (save: OptionGroupSave) => Promise<unknown>;
  onCancel: () => void;
  /**
   * The branch this session works in, when the chain has more than one: each saved option gets its own price
   * there, above the form's Save.
   */
  branchName?: string | null;
}

/**
 * An option group: its name (and in English), the rule of a choice, and its options with their English name,
 * price and stock changes, one of them perhaps the default the POS and the diner's phone start with. In a
 * chain, a saved group also gets the current branch's own price change and availability of each option.
 */
export function OptionGroupForm({
  group,
  ingredients,
  isPending,
  onSubmit,
  onCancel,
  branchName = null,
}: OptionGroupFormProps) {
  const t = useT();
  const baseId = useId();
  const [rule, setRule] = useState<OptionRule>(() => (group ? ruleOf(group) : 'one_required'));
  const [defaults] = useState(() => groupDefaultsOf(group));
  const showsBranchOffers = branchName !== null && !!group && group.options.length > 0;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: localizedZodResolver(optionGroupFormSchemaOf(t)),
    defaultValues: defaults,
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

  /** The one option the POS and the diner's phone start with, or none. */
  function chooseDefault(chosenIndex: number | null) {
    getValues('options').forEach((_, index) =>
      setValue(`options.${index}.isDefault`, index === chosenIndex, { shouldDirty: true }),
    );
  }

  const submit = handleSubmit(async ({ branchOffers, ...body }) => {
    const changedOffers = showsBranchOffers
      ? branchOffers.filter((offer) => {
          const saved = group.options.find((option) => option._id === offer.optionId);
          return !saved || JSON.stringify(offer) !== JSON.stringify(branchOfferOf(saved));
        })
      : [];
    // Only the branch's offers changed: the menu's group is left as it was, for every branch.
    // (The saved values go through the same schema, so both list their fields in one order; the offers, set to
    // undefined, are left out of the comparison.)
    const saved = optionGroupFormSchemaOf(t).safeParse(defaults).data;
    const groupChanged =
      !group ||
      changedOffers.length === 0 ||
      JSON.stringify(body) !== JSON.stringify({ ...saved, branchOffers: undefined });
    try {
      await onSubmit({ group: groupChanged ? body : null, branchOffers: changedOffers });
    } catch (error) {
      applyApiFieldErrors(error, fieldNames(getValues()), setError);
      setError('root.server', { message: describeApiError(error, t('menu-admin.group.saveError')) });
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

  // Registered outside the markup, which holds only words people read.
  const groupFields = {
    name: register('name'),
    nameEn: register('nameEn'),
    maxSelected: register('maxSelected', { valueAsNumber: true }),
    minSelected: register('minSelected', { valueAsNumber: true }),
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        label={t('menu-admin.group.name')}
        autoComplete="off"
        placeholder={t('menu-admin.group.namePlaceholder')}
        hint={t('menu-admin.group.nameHint')}
        error={errors.name?.message}
        {...groupFields.name}
      />
      {/* For diners whose page is in English ("Size" for "Kích cỡ"); left empty, they see the name above. */}
      <TextField
        label={t('menu-admin.group.nameEn')}
        lang="en"
        autoComplete="off"
        placeholder={t('menu-admin.group.nameEnPlaceholder')}
        hint={t('menu-admin.group.nameEnHint')}
        error={errors.nameEn?.message}
        {...groupFields.nameEn}
      />

      <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-900">{t('menu-admin.group.rule')}</legend>
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
                <span className="block font-medium text-stone-800">{t(choice.label)}</span>
                <span className="block text-xs text-stone-600">{t(choice.example)}</span>
              </span>
            </label>
          ))}
        </div>
        {rule === 'up_to' && (
          <TextField
            label={t('menu-admin.group.mostChoices')}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OPTIONS_PER_GROUP}
            step={1}
            className="max-w-40"
            error={errors.maxSelected?.message}
            {...groupFields.maxSelected}
          />
        )}
        {rule === 'custom' && (
          <div className="grid max-w-sm grid-cols-2 gap-4">
            <TextField
              label={t('menu-admin.group.atLeast')}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_OPTIONS_PER_GROUP}
              step={1}
              hint={t('menu-admin.group.atLeastHint')}
              error={errors.minSelected?.message}
              {...groupFields.minSelected}
            />
            <TextField
              label={t('menu-admin.group.atMost')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_OPTIONS_PER_GROUP}
              step={1}
              error={errors.maxSelected?.message}
              {...groupFields.maxSelected}
            />
          </div>
        )}
        {limitError && <p className="field-error">{limitError}</p>}
      </fieldset>

      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-stone-900">{t('menu-admin.group.options')}</h3>
        <p className="text-xs text-stone-600">{t('menu-admin.group.optionsHint')}</p>
        <p className="text-xs text-stone-600">{t('menu-admin.group.defaultHint')}</p>
        <ol className="space-y-3">
          {fields.map((field, index) => {
            const optionNo = index + 1;
            const option = options[index];
            const optionName = option?.name.trim() || t('menu-admin.group.optionNumberLower', { number: optionNo });
            const optionErrors = errors.options?.[index];
            const priceDelta = option?.priceDelta;
            return (
              <li key={field.id}>
                <fieldset className="space-y-3 rounded-xl border border-stone-200 p-3 sm:p-4">
                  <legend className="px-1 text-sm font-semibold text-stone-900">
                    {t('menu-admin.group.optionNumber', { number: optionNo })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-start">
                    <TextField
                      label={t('menu-admin.form.name')}
                      autoComplete="off"
                      placeholder={t('menu-admin.group.optionNamePlaceholder')}
                      error={optionErrors?.name?.message}
                      {...register(`options.${index}.name`)}
                    />
                    <TextField
                      label={t('menu-admin.group.priceChange')}
                      type="number"
                      inputMode="numeric"
                      step={1000}
                      placeholder="0"
                      hint={
                        typeof priceDelta === 'number' && Number.isInteger(priceDelta)
                          ? formatPriceDelta(t, priceDelta)
                          : t('menu-admin.group.priceChangeHint')
                      }
                      error={optionErrors?.priceDelta?.message}
                      {...register(`options.${index}.priceDelta`, { valueAsNumber: true })}
                    />
                    <div className="flex gap-1 sm:pt-6">
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={t('menu-admin.moveUp', { name: optionName })}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={t('menu-admin.moveDown', { name: optionName })}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary size-11 p-0 sm:size-10"
                        aria-label={t('menu-admin.group.removeOption', { name: optionName })}
                        onClick={() => remove(index)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                    <TextField
                      label={t('menu-admin.form.nameEn')}
                      lang="en"
                      autoComplete="off"
                      error={optionErrors?.nameEn?.message}
                      {...register(`options.${index}.nameEn`)}
                    />
                    {/* One radio per option across the group: choosing one unchooses the others. */}
                    <div className="sm:pt-6">
                      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
                        <input
                          type="radio"
                          name={`${baseId}-default`}
                          checked={option?.isDefault ?? false}
                          onChange={() => chooseDefault(index)}
                          aria-label={t('menu-admin.group.defaultNamed', { name: optionName })}
                          className="size-5 shrink-0 accent-amber-700"
                        />
                        {t('menu-admin.group.isDefault')}
                      </label>
                      {optionErrors?.isDefault?.message && (
                        <p className="field-error">{optionErrors.isDefault.message}</p>
                      )}
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
                      list: t('menu-admin.group.stockChanges', { name: optionName }),
                      quantity: (ingredient) => t('menu-admin.group.stockChangeQuantity', { ingredient }),
                      remove: (ingredient) => t('menu-admin.group.stockChangeRemove', { ingredient, name: optionName }),
                      add: t('menu-admin.group.stockChangeAdd'),
                      addAria: t('menu-admin.group.stockChangeAddNamed', { name: optionName }),
                    }}
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {optionsError && <p className="field-error">{optionsError}</p>}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={fields.length >= MAX_OPTIONS_PER_GROUP}
            onClick={() => append(emptyOption())}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('menu-admin.group.addOption')}
          </button>
          {options.some((option) => option.isDefault) && (
            <button type="button" className="btn btn-secondary" onClick={() => chooseDefault(null)}>
              {t('menu-admin.group.noDefault')}
            </button>
          )}
        </div>
      </div>

      {showsBranchOffers && (
        <OptionGroupBranchOffer
          branchName={branchName}
          offers={group.options.map((option, index) => ({
            option,
            priceDeltaField: register(`branchOffers.${index}.priceDelta`, { setValueAs: optionalWholeNumber }),
            soldField: register(`branchOffers.${index}.isSold`),
            priceDeltaError: errors.branchOffers?.[index]?.priceDelta?.message,
          }))}
        />
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('menu-admin.form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('menu-admin.form.saving') : group ? t('menu-admin.group.save') : t('menu-admin.group.create')}
        </button>
      </div>
    </form>
  );
}
