import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  bankAccountInputSchema,
  cashRoundingSchema,
  cashRoundingSteps,
  serviceChargeSettingsSchema,
  type Settings,
} from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { vietQrBanks } from '../../../lib/vietqr';
import { useUpdateSettings } from '../api/update-settings';

/**
 * The form keeps the bank's three fields flat; a bank chosen makes the other two required, as the contract
 * says, and "no bank" sends null (no VietQR code anywhere).
 */
const paymentSettingsFormSchema = (t: ReturnType<typeof useT>) =>
  z
    .strictObject({
      pricesIncludeTax: z.boolean(),
      cashRounding: cashRoundingSchema,
      rate: z.number(t('settings.payments.rate.number')).pipe(serviceChargeSettingsSchema.shape.rate),
      dineIn: z.boolean(),
      takeaway: z.boolean(),
      table: z.boolean(),
      bin: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
    })
    .superRefine((form, context) => {
      if (form.bin === '') return;
      const { bin, accountNumber, accountName } = form;
      const bank = bankAccountInputSchema.safeParse({ bin, accountNumber, accountName });
      if (bank.success) return;
      for (const issue of bank.error.issues)
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    });
type PaymentSettingsForm = z.infer<ReturnType<typeof paymentSettingsFormSchema>>;

function formValues(settings: Settings): PaymentSettingsForm {
  return {
    pricesIncludeTax: settings.pricesIncludeTax,
    cashRounding: settings.cashRounding,
    ...settings.serviceCharge,
    bin: settings.bank?.bin ?? '',
    accountNumber: settings.bank?.accountNumber ?? '',
    accountName: settings.bank?.accountName ?? '',
  };
}

const orderKinds = [
  { field: 'dineIn', labelId: 'settings.payments.dineIn' },
  { field: 'takeaway', labelId: 'settings.payments.takeaway' },
  { field: 'table', labelId: 'settings.payments.table' },
] as const;

/**
 * How guests pay (admins): whether the menu prices hold the VAT, the step cash paying a whole bill is rounded to,
 * the service charge and the orders it applies to, and the bank account that the VietQR codes on bills, receipts
 * and the payment dialog pay into.
 */
export function PaymentSettingsForm({ settings }: { settings: Settings }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const updateSettings = useUpdateSettings();
  // In the language shown; react-hook-form validates with the resolver of the latest render.
  const schema = paymentSettingsFormSchema(t);
  const bankId = useId();
  const cashRoundingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: localizedZodResolver(schema), defaultValues: formValues(settings) });
  const hasBank = useWatch({ control, name: 'bin' }) !== '';

  // Registered before the markup, where the literal-string lint would take a field's name for words to translate;
  // the account's two fields only while a bank is chosen, as they are shown.
  const fields = {
    pricesIncludeTax: register('pricesIncludeTax'),
    cashRounding: register('cashRounding', { valueAsNumber: true }),
    rate: register('rate', { valueAsNumber: true }),
    bin: register('bin'),
  };
  const bankFields = hasBank
    ? { accountNumber: register('accountNumber'), accountName: register('accountName') }
    : null;

  const onSubmit = handleSubmit((form) => {
    const { pricesIncludeTax, cashRounding, rate, dineIn, takeaway, table, bin, accountNumber, accountName } = form;
    updateSettings.mutate(
      {
        pricesIncludeTax,
        cashRounding,
        serviceCharge: { rate, dineIn, takeaway, table },
        bank: bin === '' ? null : { bin, accountNumber, accountName },
      },
      {
        onSuccess: (saved) => {
          reset(formValues(saved));
          enqueueSnackbar(t('settings.payments.saved'), { variant: 'success' });
        },
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('settings.payments.saveFailed')), { variant: 'error' }),
      },
    );
  });

  return (
    <section aria-labelledby="payment-settings-title" className="card space-y-4 p-6">
      <div>
        <h2 id="payment-settings-title" className="text-lg font-semibold text-stone-900">
          {t('settings.payments.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('settings.payments.intro')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="flex min-h-8 items-center gap-2 text-sm font-semibold text-stone-800">
            <input type="checkbox" role="switch" className="size-5 accent-amber-700" {...fields.pricesIncludeTax} />
            {t('settings.payments.pricesIncludeTax')}
          </label>
          <p className="mt-1 text-xs text-stone-600">{t('settings.payments.pricesIncludeTax.hint')}</p>
        </div>
        <div>
          <label htmlFor={cashRoundingId} className="field-label">
            {t('settings.payments.cashRounding')}
          </label>
          <select id={cashRoundingId} className="field-input" {...fields.cashRounding}>
            {cashRoundingSteps.map((step) => (
              <option key={step} value={step}>
                {step === 0
                  ? t('settings.payments.cashRounding.none')
                  : t('settings.payments.cashRounding.step', { step: formatMoney(step) })}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-stone-600">{t('settings.payments.cashRounding.hint')}</p>
        </div>
        <p className="text-xs text-stone-600 sm:col-span-2">{t('settings.payments.appliesToNewOrders')}</p>
        <TextField
          label={t('settings.payments.rate')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          max={100}
          hint={t('settings.payments.rate.hint')}
          error={errors.rate?.message}
          {...fields.rate}
        />
        <fieldset className="space-y-2">
          <legend className="field-label">{t('settings.payments.chargedOn')}</legend>
          {orderKinds.map(({ field, labelId }) => (
            <label key={field} className="flex min-h-8 items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" className="size-5 accent-amber-700" {...register(field)} />
              {t(labelId)}
            </label>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor={bankId} className="field-label">
            {t('settings.payments.bank')}
          </label>
          <select id={bankId} className="field-input" {...fields.bin}>
            <option value="">{t('settings.payments.noBank')}</option>
            {vietQrBanks.map((bank) => (
              <option key={bank.bin} value={bank.bin}>
                {bank.shortName} ({bank.bin})
              </option>
            ))}
          </select>
        </div>
        {bankFields && (
          <>
            <TextField
              label={t('settings.payments.accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              error={errors.accountNumber?.message}
              {...bankFields.accountNumber}
            />
            <TextField
              label={t('settings.payments.accountName')}
              autoComplete="off"
              hint={t('settings.payments.accountName.hint')}
              error={errors.accountName?.message}
              {...bankFields.accountName}
            />
          </>
        )}
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={!isDirty || updateSettings.isPending}>
            {updateSettings.isPending ? t('settings.saving') : t('settings.payments.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
