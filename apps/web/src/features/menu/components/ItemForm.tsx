import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  branchPriceSchema,
  createItemBodySchema,
  recipeLineInputSchema,
  type BranchItemBody,
  type Category,
  type Item,
} from '@quan/contract/menu';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT, type Translate } from '../../../lib/i18n';
import type { VatRate } from '@quan/contract/vat';
import { VatRateSelect, vatRateName } from '../../../components/VatRateSelect';
import { useStations } from '../api/list-stations';
import { BranchItemOffer } from './BranchItemOffer';
import { optionalWholeNumber } from './form-values';
import { OptionGroupPicker } from './OptionGroupPicker';
import { RecipeEditor, type RecipeIngredients } from './RecipeEditor';

/** The form's schema, its own messages in the manager's language. */
function dishSchemaOf(t: Translate) {
  // A line whose ingredient is not chosen yet says so; then the contract's own rules (at most 30 lines, each
  // ingredient once) apply to the whole recipe.
  const recipeFormSchema = z
    .array(recipeLineInputSchema.extend({ ingredientId: z.uuid(t('menu-admin.recipe.chooseIngredient')) }))
    .pipe(createItemBodySchema.shape.recipe.unwrap());

  return createItemBodySchema.extend({
    categoryId: z.uuid(t('menu-admin.dish.chooseCategory')),
    isAvailable: z.boolean(),
    recipe: recipeFormSchema,
    // Always sent, so an edit can take every group off, or send the dish back to its category's station.
    optionGroupIds: createItemBodySchema.shape.optionGroupIds.unwrap(),
    stationId: createItemBodySchema.shape.stationId.unwrap(),
    prepMinutes: createItemBodySchema.shape.prepMinutes.unwrap(),
    // Always sent too, so an edit can give the dish back its category's rate.
    vatRate: createItemBodySchema.shape.vatRate.unwrap(),
  });
}
/** A dish of the menu as the form sends it, for every branch. */
export type DishValues = z.output<ReturnType<typeof dishSchemaOf>>;

/** The current branch's own price (empty: the menu's) and whether it sells the dish, as the form holds them. */
function branchOfferSchemaOf(t: Translate) {
  const invalid = t('menu-admin.branch.priceInvalid');
  return z.object({
    price: z
      .number(invalid)
      .nullable()
      .refine((price) => branchPriceSchema.nullable().safeParse(price).success, invalid),
    isSold: z.boolean(),
  });
}

/** The whole form: the menu's dish, and the branch's offer of it (sent by a call of its own). */
const formSchemaOf = (t: Translate) => dishSchemaOf(t).extend({ branchOffer: branchOfferSchemaOf(t) });
type ItemFormSchema = ReturnType<typeof formSchemaOf>;
export type ItemFormInput = z.input<ItemFormSchema>;
export type ItemFormValues = z.output<ItemFormSchema>;

/**
 * What one Save sends: the menu's dish, null when only the branch's offer changed (the menu stays as it was), and
 * the branch's offer, null when it did not change or the form does not show it.
 */
export interface ItemSave {
  dish: DishValues | null;
  branchOffer: BranchItemBody | null;
}

/** The form's values of a dish as saved; a new one's are empty, in the category the list is filtered on. */
function dishDefaultsOf(
  item: Item | undefined,
  defaultCategoryId: string | undefined,
): Omit<ItemFormInput, 'branchOffer'> {
  return {
    name: item?.name ?? '',
    // The menu's price, for every branch; `price` is the current branch's, which may be its own.
    price: item?.menuPrice ?? item?.price ?? Number.NaN,
    categoryId: item?.categoryId ?? defaultCategoryId ?? '',
    description: item?.description ?? '',
    nameEn: item?.nameEn ?? '',
    descriptionEn: item?.descriptionEn ?? '',
    imageUrl: item?.imageUrl ?? '',
    isAvailable: item?.isAvailable ?? true,
    recipe: item?.recipe.map(({ ingredientId, quantity }) => ({ ingredientId, quantity })) ?? [],
    optionGroupIds: item?.optionGroups.map((group) => group._id) ?? [],
    stationId: item?.stationId ?? null,
    prepMinutes: item?.prepMinutes ?? null,
    vatRate: item?.vatRate ?? null,
  };
}

const itemFields = [
  'name',
  'price',
  'categoryId',
  'description',
  'nameEn',
  'descriptionEn',
  'imageUrl',
  'isAvailable',
  'recipe',
  'optionGroupIds',
  'stationId',
  'prepMinutes',
  'vatRate',
] as const;

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
  onSubmit: (save: ItemSave) => Promise<unknown>;
  onCancel: () => void;
  /**
   * The branch this session works in, when the chain has more than one: a saved dish also gets that branch's own
   * price and availability, above the form's Save.
   */
  branchName?: string | null;
  /** The restaurant's default VAT rate, which a dish of a category without a rate follows; unknown while it loads. */
  defaultVatRate?: VatRate;
}

export function ItemForm({
  item,
  categories,
  ingredients,
  defaultCategoryId,
  isPending,
  onSubmit,
  onCancel,
  branchName = null,
  defaultVatRate,
}: ItemFormProps) {
  const t = useT();
  const categoryId = useId();
  const availableId = useId();
  const stationFieldId = useId();
  const stations = useStations();
  const dishDefaults = dishDefaultsOf(item, defaultCategoryId);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(formSchemaOf(t)),
    defaultValues: { ...dishDefaults, branchOffer: { price: item?.branchPrice ?? null, isSold: item?.isSold ?? true } },
  });
  const showsBranchOffer = !!item && branchName !== null;
  const chosenCategoryId = useWatch({ control, name: 'categoryId' });
  const stationList = stations.data ?? [];
  // Where the dish goes when it names no station: its category's station, else the first one.
  const chosenCategory = categories.find((category) => category._id === chosenCategoryId);
  const categoryStation = stationList.find((station) => station._id === chosenCategory?.stationId);
  const firstStation = stationList[0];
  let defaultStationLabel = t('menu-admin.dish.categoryStation');
  if (categoryStation) {
    defaultStationLabel = t('menu-admin.dish.categoryStationNamed', { station: categoryStation.name });
  } else if (firstStation) {
    defaultStationLabel = t('menu-admin.form.firstStationNamed', { station: firstStation.name });
  } else if (stations.isSuccess) defaultStationLabel = t('menu-admin.dish.noStation');
  // The rate the dish is billed at when it has none of its own: its category's, else the restaurant's default.
  const categoryRate = chosenCategory?.vatRate ?? defaultVatRate;
  const categoryRateLabel =
    chosenCategory && categoryRate !== undefined
      ? t('menu-admin.dish.vatCategoryNamed', { rate: vatRateName(categoryRate, t('menu-admin.vat.exempt')) })
      : t('menu-admin.dish.vatCategory');

  const submit = handleSubmit(async ({ branchOffer, ...dish }) => {
    const offerChanged =
      showsBranchOffer &&
      (branchOffer.price !== (item.branchPrice ?? null) || branchOffer.isSold !== (item.isSold ?? true));
    // Only the branch's price or availability changed: the menu's dish is left as it was, for every branch.
    const dishChanged =
      !item || !offerChanged || JSON.stringify(dish) !== JSON.stringify(dishSchemaOf(t).safeParse(dishDefaults).data);
    try {
      await onSubmit({ dish: dishChanged ? dish : null, branchOffer: offerChanged ? branchOffer : null });
    } catch (error) {
      applyApiFieldErrors(error, itemFields, setError);
      setError('root.server', { message: describeApiError(error, t('menu-admin.dish.saveError')) });
    }
  });

  // Registered outside the markup, which holds only words people read.
  const fields = {
    name: register('name'),
    price: register('price', { valueAsNumber: true }),
    categoryId: register('categoryId'),
    description: register('description'),
    nameEn: register('nameEn'),
    descriptionEn: register('descriptionEn'),
    imageUrl: register('imageUrl'),
    prepMinutes: register('prepMinutes', { setValueAs: optionalWholeNumber }),
    isAvailable: register('isAvailable'),
    branchPrice: register('branchOffer.price', { setValueAs: optionalWholeNumber }),
    branchSold: register('branchOffer.isSold'),
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField label={t('menu-admin.form.name')} autoComplete="off" error={errors.name?.message} {...fields.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('menu-admin.dish.price')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          placeholder="65000"
          error={errors.price?.message}
          {...fields.price}
        />
        <div>
          <label htmlFor={categoryId} className="field-label">
            {t('menu-admin.dish.category')}
          </label>
          <select
            id={categoryId}
            className="field-input"
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={errors.categoryId ? `${categoryId}-error` : undefined}
            {...fields.categoryId}
          >
            <option value="">{t('menu-admin.dish.choose')}</option>
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
        label={t('menu-admin.form.description')}
        autoComplete="off"
        hint={t('menu-admin.form.descriptionHint')}
        error={errors.description?.message}
        {...fields.description}
      />
      {/* The dish in English, for diners whose page is in English; left empty, they see it as typed above. */}
      <TextField
        label={t('menu-admin.dish.nameEn')}
        lang="en"
        autoComplete="off"
        hint={t('menu-admin.dish.nameEnHint')}
        error={errors.nameEn?.message}
        {...fields.nameEn}
      />
      <TextField
        label={t('menu-admin.dish.descriptionEn')}
        lang="en"
        autoComplete="off"
        hint={t('menu-admin.dish.descriptionEnHint')}
        error={errors.descriptionEn?.message}
        {...fields.descriptionEn}
      />
      <TextField
        label={t('menu-admin.dish.imageUrl')}
        type="url"
        autoComplete="off"
        hint={t('menu-admin.dish.imageUrlHint')}
        error={errors.imageUrl?.message}
        {...fields.imageUrl}
      />
      <Controller
        control={control}
        name="optionGroupIds"
        render={({ field, fieldState }) => (
          <OptionGroupPicker
            value={field.value ?? []}
            onChange={field.onChange}
            savedGroups={item?.optionGroups ?? []}
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={stationFieldId} className="field-label">
            {t('menu-admin.form.station')}
          </label>
          <Controller
            control={control}
            name="stationId"
            render={({ field, fieldState }) => (
              <>
                <select
                  id={stationFieldId}
                  ref={field.ref}
                  name={field.name}
                  className="field-input"
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value || null)}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={`${stationFieldId}-hint${fieldState.error ? ` ${stationFieldId}-error` : ''}`}
                >
                  <option value="">{defaultStationLabel}</option>
                  {stationList.map((station) => (
                    <option key={station._id} value={station._id}>
                      {station.name}
                    </option>
                  ))}
                  {field.value && !stations.isSuccess && (
                    <option value={field.value}>{t('menu-admin.form.itsStation')}</option>
                  )}
                </select>
                <p id={`${stationFieldId}-hint`} className="mt-1 text-xs text-stone-600">
                  {stations.isSuccess && stationList.length === 0
                    ? t('menu-admin.dish.noStationsHint')
                    : t('menu-admin.dish.stationHint')}
                </p>
                {fieldState.error && (
                  <p id={`${stationFieldId}-error`} className="field-error">
                    {fieldState.error.message}
                  </p>
                )}
              </>
            )}
          />
        </div>
        <TextField
          label={t('menu-admin.dish.prepMinutes')}
          type="number"
          inputMode="numeric"
          min={1}
          max={240}
          step={1}
          hint={t('menu-admin.dish.prepMinutesHint')}
          error={errors.prepMinutes?.message}
          {...fields.prepMinutes}
        />
      </div>
      <Controller
        control={control}
        name="vatRate"
        render={({ field, fieldState }) => (
          <VatRateSelect
            label={t('menu-admin.vat.label')}
            ref={field.ref}
            name={field.name}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            exemptLabel={t('menu-admin.vat.exempt')}
            inheritLabel={categoryRateLabel}
            hint={t('menu-admin.dish.vatHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <RecipeEditor
        control={control}
        register={register}
        errors={errors.recipe}
        ingredients={ingredients}
        savedLines={item?.recipe ?? []}
      />
      <div className="flex items-center gap-3">
        <input id={availableId} type="checkbox" className="size-5 accent-amber-700" {...fields.isAvailable} />
        {/* 44 px tall, for a finger on a phone. */}
        <label
          htmlFor={availableId}
          className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-stone-800"
        >
          {t('menu-admin.dish.availableToOrder')}
        </label>
      </div>
      {showsBranchOffer && (
        <BranchItemOffer
          branchName={branchName}
          menuPrice={item.menuPrice ?? item.price}
          priceField={fields.branchPrice}
          soldField={fields.branchSold}
          priceError={errors.branchOffer?.price?.message}
        />
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('menu-admin.form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('menu-admin.form.saving') : item ? t('menu-admin.dish.save') : t('menu-admin.dish.create')}
        </button>
      </div>
    </form>
  );
}
