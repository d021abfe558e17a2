import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import type { EinvoiceSettings } from '@quan/contract/einvoice';
import { FormAlert } from '../../../components/FormAlert';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useCheckEinvoiceSettings } from '../api/check-einvoice-settings';
import { useUpdateEinvoiceSettings } from '../api/update-einvoice-settings';
import { einvoiceFormFields, einvoiceFormSchema, einvoiceFormValues } from './einvoice-form';

/** Codes as the tax authority writes them, the same in every language. */
const exampleTemplateCode = '1/001';
const exampleSeries = 'C25MAA';

/** What the last check of the saved account said. */
type CheckResult = { ok: true } | { ok: false; message: string } | null;

/**
 * The branch's account at its e-invoice provider: where it signs in, as whom, the seller's tax code, template and
 * series, and whether completed orders are invoiced by themselves; then a check that the saved account signs in.
 */
export function EinvoiceSettingsForm({ settings }: { settings: EinvoiceSettings | null }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateEinvoiceSettings();
  const check = useCheckEinvoiceSettings();
  const [checkResult, setCheckResult] = useState<CheckResult>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({ resolver: localizedZodResolver(einvoiceFormSchema), defaultValues: einvoiceFormValues(settings) });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    provider: register('provider'),
    signInUrl: register('signInUrl'),
    apiUrl: register('apiUrl'),
    username: register('username'),
    password: register('password'),
    sellerTaxCode: register('sellerTaxCode'),
    templateCode: register('templateCode'),
    invoiceSeries: register('invoiceSeries'),
    enabled: register('enabled'),
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await update.mutateAsync(body);
      reset(einvoiceFormValues(saved));
      setCheckResult(null);
      enqueueSnackbar(t('einvoices.form.saved'), { variant: 'success' });
    } catch (error) {
      applyApiFieldErrors(error, einvoiceFormFields, setError);
      setError('root.server', { message: describeApiError(error, t('einvoices.form.saveFailed')) });
    }
  });

  function runCheck() {
    setCheckResult(null);
    check.mutate(undefined, {
      onSuccess: () => setCheckResult({ ok: true }),
      onError: (error) => setCheckResult({ ok: false, message: describeApiError(error, t('einvoices.check.failed')) }),
    });
  }

  // The check signs in with what is saved: with changes typed and not saved it would test something else.
  const checkBlocked = settings === null || isDirty;

  return (
    <section aria-labelledby="einvoice-settings-title" className="card space-y-5 p-6">
      <div>
        <h2 id="einvoice-settings-title" className="text-lg font-semibold text-stone-900">
          {t('einvoices.form.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('einvoices.form.intro')}</p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-900">
          <input type="checkbox" role="switch" className="size-5 accent-amber-700" {...inputs.enabled} />
          {t('einvoices.form.enabled')}
        </label>
        <SelectField label={t('einvoices.form.provider')} error={errors.provider?.message} {...inputs.provider}>
          <option value="viettel">{t('einvoices.provider.viettel')}</option>
        </SelectField>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('einvoices.form.signInUrl')}
            type="url"
            autoComplete="off"
            spellCheck={false}
            error={errors.signInUrl?.message}
            {...inputs.signInUrl}
          />
          <TextField
            label={t('einvoices.form.apiUrl')}
            type="url"
            autoComplete="off"
            spellCheck={false}
            error={errors.apiUrl?.message}
            {...inputs.apiUrl}
          />
          <TextField
            label={t('einvoices.form.username')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...inputs.username}
          />
          <TextField
            label={t('einvoices.form.password')}
            type="password"
            autoComplete="new-password"
            placeholder={settings?.hasPassword ? t('einvoices.form.passwordKept') : undefined}
            error={errors.password?.message}
            {...inputs.password}
          />
          <TextField
            label={t('einvoices.form.sellerTaxCode')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('einvoices.form.sellerTaxCodeHint')}
            error={errors.sellerTaxCode?.message}
            {...inputs.sellerTaxCode}
          />
          <TextField
            label={t('einvoices.form.templateCode')}
            autoComplete="off"
            placeholder={exampleTemplateCode}
            hint={t('einvoices.form.templateCodeHint')}
            error={errors.templateCode?.message}
            {...inputs.templateCode}
          />
          <TextField
            label={t('einvoices.form.invoiceSeries')}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={exampleSeries}
            hint={t('einvoices.form.invoiceSeriesHint')}
            error={errors.invoiceSeries?.message}
            {...inputs.invoiceSeries}
          />
        </div>
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('einvoices.form.saving') : t('einvoices.form.save')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={checkBlocked || check.isPending}
            aria-describedby={checkBlocked ? 'einvoice-check-hint' : undefined}
            onClick={runCheck}
          >
            {check.isPending ? t('einvoices.check.running') : t('einvoices.check.button')}
          </button>
          {checkBlocked && (
            <p id="einvoice-check-hint" className="text-xs text-stone-600">
              {t('einvoices.check.saveFirst')}
            </p>
          )}
        </div>
        {checkResult?.ok === true && (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            {t('einvoices.check.ok')}
          </p>
        )}
        {checkResult?.ok === false && <FormAlert>{checkResult.message}</FormAlert>}
      </form>
    </section>
  );
}
