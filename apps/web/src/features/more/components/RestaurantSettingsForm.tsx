import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { publicAddressSchema, updateSettingsBodySchema, type Settings } from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { VatRateSelect, vatRateName } from '../../../components/VatRateSelect';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { languages } from '@quan/contract/language';
import { languageNames, useT } from '../../../lib/i18n';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { PaymentSettingsForm } from './PaymentSettingsForm';
import { ReservationSettingsForm } from './ReservationSettingsForm';

const { restaurantName, taxRate, serviceVatRate, timezone, language } = updateSettingsBodySchema.shape;

// Every field is required in this form.
const settingsFormSchema = z.strictObject({
  restaurantName: restaurantName.unwrap(),
  taxRate: taxRate.unwrap(),
  serviceVatRate: serviceVatRate.unwrap(),
  timezone: timezone.unwrap(),
  language: language.unwrap(),
  // Left empty (null), the QR codes carry the address the manager opens the app on.
  publicAddress: publicAddressSchema.nullable(),
});

const settingsFields = [
  'restaurantName',
  'taxRate',
  'serviceVatRate',
  'timezone',
  'language',
  'publicAddress',
] as const;
const formValues = ({ restaurantName, taxRate, serviceVatRate, timezone, language, publicAddress }: Settings) => ({
  restaurantName,
  taxRate,
  serviceVatRate,
  timezone,
  language,
  publicAddress,
});

function timezoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

interface SettingsFieldsProps {
  settings: Settings;
  /** The restaurant's language changed: the screens of a person who chose none follow it. */
  onLanguageChanged: () => void;
}

function SettingsFields({ settings, onLanguageChanged }: SettingsFieldsProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const updateSettingsMutation = useUpdateSettings();
  const timezoneId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({
    resolver: localizedZodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });

  // Registered before the markup, where the literal-string lint would take a field's name for words to translate.
  const fields = {
    restaurantName: register('restaurantName'),
    timezone: register('timezone'),
    language: register('language'),
    publicAddress: register('publicAddress', { setValueAs: (value: string | null) => value?.trim() || null }),
  };
  const languageId = useId();
  // The service charge's "default" names the default rate as chosen above, saved or not.
  const defaultVatRate = useWatch({ control, name: 'taxRate' });

  const onSubmit = handleSubmit((body) =>
    updateSettingsMutation.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        if (saved.language !== settings.language) onLanguageChanged();
        enqueueSnackbar(t('settings.restaurant.saved'), { variant: 'success' });
      },
      onError: (error) => {
        applyApiFieldErrors(error, settingsFields, setError);
        enqueueSnackbar(describeApiError(error, t('settings.restaurant.saveFailed')), { variant: 'error' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('settings.restaurant.name')}
        className="sm:col-span-2"
        error={errors.restaurantName?.message}
        {...fields.restaurantName}
      />
      <Controller
        control={control}
        name="taxRate"
        render={({ field, fieldState }) => (
          <VatRateSelect
            label={t('settings.restaurant.taxRate')}
            ref={field.ref}
            name={field.name}
            value={field.value}
            // Only the service charge's rate may follow another; this one always has a rate.
            onChange={(rate) => field.onChange(rate ?? field.value)}
            onBlur={field.onBlur}
            exemptLabel={t('settings.restaurant.vatExempt')}
            hint={t('settings.restaurant.taxRate.hint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="serviceVatRate"
        render={({ field, fieldState }) => (
          <VatRateSelect
            label={t('settings.restaurant.serviceVatRate')}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            exemptLabel={t('settings.restaurant.vatExempt')}
            inheritLabel={t('settings.restaurant.serviceVatRate.default', {
              rate: vatRateName(defaultVatRate, t('settings.restaurant.vatExempt')),
            })}
            hint={t('settings.restaurant.serviceVatRate.hint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <div>
        <label htmlFor={timezoneId} className="field-label">
          {t('settings.restaurant.timezone')}
        </label>
        <select
          id={timezoneId}
          className="field-input"
          aria-invalid={errors.timezone ? true : undefined}
          {...fields.timezone}
        >
          {timezoneOptions(settings.timezone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {errors.timezone && <p className="field-error">{errors.timezone.message}</p>}
      </div>
      <div>
        <label htmlFor={languageId} className="field-label">
          {t('settings.restaurant.language')}
        </label>
        <select id={languageId} className="field-input" {...fields.language}>
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-stone-600">{t('settings.restaurant.language.hint')}</p>
      </div>
      <TextField
        label={t('settings.restaurant.publicAddress')}
        className="sm:col-span-2"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder={window.location.origin}
        hint={t('settings.restaurant.publicAddress.hint')}
        error={errors.publicAddress?.message}
        {...fields.publicAddress}
      />
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={!isDirty || updateSettingsMutation.isPending}>
          {updateSettingsMutation.isPending ? t('settings.saving') : t('settings.restaurant.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Restaurant-wide settings, then how guests pay, then reservations; only admins may change them (`settings:manage`,
 * packages/contract/src/permissions.ts).
 */
export function RestaurantSettingsForm({ onLanguageChanged }: { onLanguageChanged: () => void }) {
  const t = useT();
  const settings = useSettings();

  return (
    <>
      <section aria-labelledby="restaurant-settings-title" className="card space-y-4 p-6">
        <div>
          <h2 id="restaurant-settings-title" className="text-lg font-semibold text-stone-900">
            {t('settings.restaurant.title')}
          </h2>
          <p className="text-sm text-stone-600">{t('settings.restaurant.intro')}</p>
        </div>
        {settings.isPending && (
          <p role="status" className="text-sm text-stone-600">
            {t('settings.restaurant.loading')}
          </p>
        )}
        {settings.isError && (
          <p role="alert" className="text-sm text-red-700">
            {describeApiError(settings.error, t('settings.restaurant.loadFailed'))}
          </p>
        )}
        {settings.data && <SettingsFields settings={settings.data} onLanguageChanged={onLanguageChanged} />}
      </section>
      {settings.data && <PaymentSettingsForm settings={settings.data} />}
      {settings.data && <ReservationSettingsForm settings={settings.data} />}
    </>
  );
}
