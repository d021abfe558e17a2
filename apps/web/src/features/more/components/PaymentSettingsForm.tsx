import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { bankAccountInputSchema, serviceChargeSettingsSchema, type Settings } from '@quan/contract/settings';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { vietQrBanks } from '../../../lib/vietqr';
import { useUpdateSettings } from '../api/update-settings';

/**
 * The form keeps the bank's three fields flat; a bank chosen makes the other two required, as the contract
 * says, and "no bank" sends null (no VietQR code anywhere).
 */
const paymentSettingsFormSchema = z
  .strictObject({
    rate: z.number('Enter the service charge as a number').pipe(serviceChargeSettingsSchema.shape.rate),
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
type PaymentSettingsForm = z.infer<typeof paymentSettingsFormSchema>;

function formValues(settings: Settings): PaymentSettingsForm {
  return {
    ...settings.serviceCharge,
    bin: settings.bank?.bin ?? '',
    accountNumber: settings.bank?.accountNumber ?? '',
    accountName: settings.bank?.accountName ?? '',
  };
}

const orderKinds = [
  { field: 'dineIn', label: 'Eating in (POS order with a table)' },
  { field: 'takeaway', label: 'Takeaway (POS order without a table)' },
  { field: 'table', label: 'Diners ordering from their table’s QR code' },
] as const;

/**
 * How guests pay (admins): the service charge and the orders it applies to, and the bank account that the
 * VietQR codes on bills, receipts and the payment dialog pay into.
 */
export function PaymentSettingsForm({ settings }: { settings: Settings }) {
  const { enqueueSnackbar } = useSnackbar();
  const updateSettings = useUpdateSettings();
  const bankId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(paymentSettingsFormSchema), defaultValues: formValues(settings) });
  const hasBank = useWatch({ control, name: 'bin' }) !== '';

  const onSubmit = handleSubmit(({ rate, dineIn, takeaway, table, bin, accountNumber, accountName }) =>
    updateSettings.mutate(
      {
        serviceCharge: { rate, dineIn, takeaway, table },
        bank: bin === '' ? null : { bin, accountNumber, accountName },
      },
      {
        onSuccess: (saved) => {
          reset(formValues(saved));
          enqueueSnackbar('Payment settings saved.', { variant: 'success' });
        },
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, 'Could not save the payment settings.'), { variant: 'error' }),
      },
    ),
  );

  return (
    <section aria-labelledby="payment-settings-title" className="card space-y-4 p-6">
      <div>
        <h2 id="payment-settings-title" className="text-lg font-semibold text-stone-900">
          Payments
        </h2>
        <p className="text-sm text-stone-600">
          The service charge on bills, and the bank account guests transfer to by scanning a VietQR code.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Service charge (%)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          max={100}
          hint="Its own line on the bill, after discounts and before tax. 0 for none."
          error={errors.rate?.message}
          {...register('rate', { valueAsNumber: true })}
        />
        <fieldset className="space-y-2">
          <legend className="field-label">Charged on</legend>
          {orderKinds.map(({ field, label }) => (
            <label key={field} className="flex min-h-8 items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" className="size-5 accent-amber-700" {...register(field)} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor={bankId} className="field-label">
            Bank for VietQR
          </label>
          <select id={bankId} className="field-input" {...register('bin')}>
            <option value="">No bank: no VietQR code</option>
            {vietQrBanks.map((bank) => (
              <option key={bank.bin} value={bank.bin}>
                {bank.shortName} ({bank.bin})
              </option>
            ))}
          </select>
        </div>
        {hasBank && (
          <>
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              error={errors.accountNumber?.message}
              {...register('accountNumber')}
            />
            <TextField
              label="Account holder"
              autoComplete="off"
              hint="As the bank writes it; saved in capitals without accents."
              error={errors.accountName?.message}
              {...register('accountName')}
            />
          </>
        )}
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={!isDirty || updateSettings.isPending}>
            {updateSettings.isPending ? 'Saving…' : 'Save payment settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
