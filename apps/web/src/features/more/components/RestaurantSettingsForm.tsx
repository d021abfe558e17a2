import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { publicAddressSchema, updateSettingsBodySchema, type Settings } from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { languages } from '@quan/contract/language';
import { languageNames, useT } from '../../../lib/i18n';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { PaymentSettingsForm } from './PaymentSettingsForm';
import { ReservationSettingsForm } from './ReservationSettingsForm';

const { restaurantName, taxRate, timezone, language } = updateSettingsBodySchema.shape;

// Every field is required in this form; an emptied number input must read as a sentence, not "NaN".
const settingsFormSchema = (t: ReturnType<typeof useT>) =>
  z.strictObject({
    restaurantName: restaurantName.unwrap(),
    taxRate: z.number(t('settings.restaurant.taxRate.number')).pipe(taxRate.unwrap()),
    timezone: timezone.unwrap(),
    language: language.unwrap(),
    // Left empty (null), the QR codes carry the address the manager opens the app on.
    publicAddress: publicAddressSchema.nullable(),
  });

const settingsFields = ['restaurantName', 'taxRate', 'timezone', 'language', 'publicAddress'] as const;
const formValues = ({ restaurantName, taxRate, timezone, language, publicAddress }: Settings) => ({
  restaurantName,
  taxRate,
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
  // In the language shown; react-hook-form validates with the resolver of the latest render.
  const schema = settingsFormSchema(t);
  const timezoneId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: localizedZodResolver(schema),
    defaultValues: formValues(settings),
  });

  // Registered before the markup, where the literal-string lint would take a field's name for words to translate.
  const fields = {
    restaurantName: register('restaurantName'),
    taxRate: register('taxRate', { valueAsNumber: true }),
    timezone: register('timezone'),
    language: register('language'),
    publicAddress: register('publicAddress', { setValueAs: (value: string | null) => value?.trim() || null }),
  };
  const languageId = useId();

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
      <TextField
        label={t('settings.restaurant.taxRate')}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        max={100}
        hint={t('settings.restaurant.taxRate.hint')}
        error={errors.taxRate?.message}
        {...fields.taxRate}
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
