import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { Controller, useForm } from 'react-hook-form';
import {
  createCategoryBodySchema,
  defaultCategoryColor,
  type Category,
  type CreateCategoryBody,
} from '@quan/contract/menu';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import type { VatRate } from '@quan/contract/vat';
import { VatRateSelect, vatRateName } from '../../../components/VatRateSelect';
import { useStations } from '../api/list-stations';

const categoryFields = ['name', 'nameEn', 'description', 'color', 'sortOrder', 'stationId', 'vatRate'] as const;

interface CategoryFormProps {
  /** The category to edit; a new one when absent. */
  category?: Category;
  /** Where a new category goes: after the existing ones. */
  nextSortOrder: number;
  isPending: boolean;
  /** Resolves when saved; rejects with the API error, which the form then shows. */
  onSubmit: (body: CreateCategoryBody) => Promise<unknown>;
  onCancel: () => void;
  /** The restaurant's default VAT rate, which a category without its own follows; unknown while it loads. */
  defaultVatRate?: VatRate;
}

export function CategoryForm({
  category,
  nextSortOrder,
  isPending,
  onSubmit,
  onCancel,
  defaultVatRate,
}: CategoryFormProps) {
  const t = useT();
  const colorId = useId();
  const stationFieldId = useId();
  const stations = useStations();
  const stationList = stations.data ?? [];
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(createCategoryBodySchema),
    defaultValues: {
      name: category?.name ?? '',
      nameEn: category?.nameEn ?? '',
      description: category?.description ?? '',
      color: category?.color || defaultCategoryColor,
      sortOrder: category?.sortOrder ?? nextSortOrder,
      stationId: category?.stationId ?? null,
      vatRate: category?.vatRate ?? null,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyApiFieldErrors(error, categoryFields, setError);
      setError('root.server', { message: describeApiError(error, t('menu-admin.category.saveError')) });
    }
  });

  // Registered outside the markup, which holds only words people read.
  const fields = {
    name: register('name'),
    nameEn: register('nameEn'),
    description: register('description'),
    color: register('color'),
    sortOrder: register('sortOrder', { valueAsNumber: true }),
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField label={t('menu-admin.form.name')} autoComplete="off" error={errors.name?.message} {...fields.name} />
      {/* For diners whose page is in English; left empty, they see the name as typed above. */}
      <TextField
        label={t('menu-admin.form.nameEn')}
        lang="en"
        autoComplete="off"
        hint={t('menu-admin.category.nameEnHint')}
        error={errors.nameEn?.message}
        {...fields.nameEn}
      />
      <TextField
        label={t('menu-admin.form.description')}
        autoComplete="off"
        hint={t('menu-admin.form.descriptionHint')}
        error={errors.description?.message}
        {...fields.description}
      />
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={colorId} className="field-label">
            {t('menu-admin.category.colour')}
          </label>
          <input
            id={colorId}
            type="color"
            className="field-input h-11 p-1"
            aria-invalid={errors.color ? true : undefined}
            {...fields.color}
          />
          {errors.color && <p className="field-error">{errors.color.message}</p>}
        </div>
        <TextField
          label={t('menu-admin.form.position')}
          type="number"
          inputMode="numeric"
          min={0}
          max={9999}
          step={1}
          hint={t('menu-admin.category.positionHint')}
          error={errors.sortOrder?.message}
          {...fields.sortOrder}
        />
      </div>
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
                <option value="">
                  {stationList[0]
                    ? t('menu-admin.form.firstStationNamed', { station: stationList[0].name })
                    : t('menu-admin.form.firstStation')}
                </option>
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
                {t('menu-admin.category.stationHint')}
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
            inheritLabel={
              defaultVatRate === undefined
                ? t('menu-admin.category.vatDefault')
                : t('menu-admin.category.vatDefaultNamed', {
                    rate: vatRateName(defaultVatRate, t('menu-admin.vat.exempt')),
                  })
            }
            hint={t('menu-admin.category.vatHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('menu-admin.form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending
            ? t('menu-admin.form.saving')
            : category
              ? t('menu-admin.category.save')
              : t('menu-admin.category.create')}
        </button>
      </div>
    </form>
  );
}
