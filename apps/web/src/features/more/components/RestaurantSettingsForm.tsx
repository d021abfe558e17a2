import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateSettingsBodySchema, type Settings } from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { PaymentSettingsForm } from './PaymentSettingsForm';

const { restaurantName, taxRate, timezone } = updateSettingsBodySchema.shape;

// Every field is required in this form; an emptied number input must read as a sentence, not "NaN".
const settingsFormSchema = z.strictObject({
  restaurantName: restaurantName.unwrap(),
  taxRate: z.number('Enter the tax rate as a number').pipe(taxRate.unwrap()),
  timezone: timezone.unwrap(),
});

const settingsFields = ['restaurantName', 'taxRate', 'timezone'] as const;

function timezoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

function SettingsFields({ settings }: { settings: Settings }) {
  const { enqueueSnackbar } = useSnackbar();
  const updateSettingsMutation = useUpdateSettings();
  const timezoneId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { restaurantName: settings.restaurantName, taxRate: settings.taxRate, timezone: settings.timezone },
  });

  const onSubmit = handleSubmit((body) =>
    updateSettingsMutation.mutate(body, {
      onSuccess: (saved) => {
        reset({ restaurantName: saved.restaurantName, taxRate: saved.taxRate, timezone: saved.timezone });
        enqueueSnackbar('Restaurant settings saved.', { variant: 'success' });
      },
      onError: (error) => {
        applyApiFieldErrors(error, settingsFields, setError);
        enqueueSnackbar(describeApiError(error, 'Could not save the settings.'), { variant: 'error' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Restaurant name"
        className="sm:col-span-2"
        error={errors.restaurantName?.message}
        {...register('restaurantName')}
      />
      <TextField
        label="Tax rate (%)"
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        max={100}
        hint="Applied to every order after discounts."
        error={errors.taxRate?.message}
        {...register('taxRate', { valueAsNumber: true })}
      />
      <div>
        <label htmlFor={timezoneId} className="field-label">
          Time zone
        </label>
        <select
          id={timezoneId}
          className="field-input"
          aria-invalid={errors.timezone ? true : undefined}
          {...register('timezone')}
        >
          {timezoneOptions(settings.timezone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {errors.timezone && <p className="field-error">{errors.timezone.message}</p>}
      </div>
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={!isDirty || updateSettingsMutation.isPending}>
          {updateSettingsMutation.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/**
 * Restaurant-wide settings, then how guests pay; only admins may change them (`settings:manage`,
 * packages/contract/src/permissions.ts).
 */
export function RestaurantSettingsForm() {
  const settings = useSettings();

  return (
    <>
      <section aria-labelledby="restaurant-settings-title" className="card space-y-4 p-6">
        <div>
          <h2 id="restaurant-settings-title" className="text-lg font-semibold text-stone-900">
            Restaurant settings
          </h2>
          <p className="text-sm text-stone-600">
            The name diners see, the tax on every bill and the day boundaries of reports.
          </p>
        </div>
        {settings.isPending && (
          <p role="status" className="text-sm text-stone-600">
            Loading settings…
          </p>
        )}
        {settings.isError && (
          <p role="alert" className="text-sm text-red-700">
            {describeApiError(settings.error, 'Could not load the settings.')}
          </p>
        )}
        {settings.data && <SettingsFields settings={settings.data} />}
      </section>
      {settings.data && <PaymentSettingsForm settings={settings.data} />}
    </>
  );
}
