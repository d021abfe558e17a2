import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { couponRuleErrors, discountTypes, updateCouponBodySchema, type Coupon } from '@quan/contract/coupon';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';

const field = updateCouponBodySchema.shape;

/**
 * The contract's fields, every one asked for (an empty optional box arrives as null, "no limit"), and the
 * rules between fields of `couponRuleErrors`, so the form says what the server would refuse.
 */
const couponFormSchema = z
  .strictObject({
    code: field.code.unwrap(),
    description: field.description.unwrap(),
    discountType: field.discountType.unwrap(),
    discountValue: field.discountValue.unwrap(),
    minOrderValue: field.minOrderValue.unwrap(),
    maxDiscount: field.maxDiscount.unwrap(),
    startDate: field.startDate.unwrap(),
    endDate: field.endDate.unwrap(),
    usageLimit: field.usageLimit.unwrap(),
    isActive: field.isActive.unwrap(),
    spinWeight: field.spinWeight.unwrap(),
  })
  .superRefine((coupon, context) => {
    for (const error of couponRuleErrors(coupon)) {
      context.addIssue({ code: 'custom', path: [error.path], message: error.message });
    }
  });

const couponFields = Object.keys(couponFormSchema.shape) as (keyof typeof couponFormSchema.shape)[];

/** An emptied box means "none" (no cap, no limit, no date) rather than 0. */
const emptyAsNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);
const emptyAsNullNumber = (value: unknown) => {
  const present = emptyAsNull(value);
  return present === null ? null : Number(present);
};

const discountTypeOptions: Record<(typeof discountTypes)[number], string> = {
  percent: 'Percent off the order',
  fixed: 'Fixed amount off (VND)',
};

interface CouponFormDialogProps {
  /** The coupon to edit; without one the dialog adds a coupon. */
  coupon?: Coupon;
  onClose: () => void;
}

export function CouponFormDialog({ coupon, onClose }: CouponFormDialogProps) {
  const typeId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateCoupon();
  const updateMutation = useUpdateCoupon();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(couponFormSchema),
    defaultValues: {
      code: coupon?.code ?? '',
      description: coupon?.description ?? '',
      discountType: coupon?.discountType ?? 'percent',
      discountValue: coupon?.discountValue ?? Number.NaN,
      minOrderValue: coupon?.minOrderValue ?? 0,
      maxDiscount: coupon?.maxDiscount ?? null,
      startDate: coupon?.startDate ?? null,
      endDate: coupon?.endDate ?? null,
      usageLimit: coupon?.usageLimit ?? null,
      isActive: coupon?.isActive ?? true,
      spinWeight: coupon?.spinWeight ?? 0,
    },
  });
  const discountType = useWatch({ control, name: 'discountType' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (coupon) {
        const saved = await updateMutation.mutateAsync({ id: coupon._id, ...values });
        enqueueSnackbar(`Coupon ${saved.code} is saved.`, { variant: 'success' });
      } else {
        const created = await createMutation.mutateAsync(values);
        enqueueSnackbar(`Coupon ${created.code} is added.`, { variant: 'success' });
      }
      onClose();
    } catch (error) {
      const fallback = coupon ? `Could not save coupon ${coupon.code}.` : 'Could not add the coupon.';
      // 409 is a code that exists already: its message belongs next to the code.
      if (getApiStatus(error) === 409) {
        setError('code', { type: 'server', message: describeApiError(error, fallback) });
      } else if (!applyApiFieldErrors(error, couponFields, setError)) {
        setError('root.server', { message: describeApiError(error, fallback) });
      }
    }
  });

  return (
    <Dialog title={coupon ? `Edit coupon ${coupon.code}` : 'Add a coupon'} onClose={onClose} className="max-w-2xl">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="[&_input]:font-mono [&_input]:uppercase"
            hint="3 to 32 letters, digits or dashes; what the guest gives at the counter."
            error={errors.code?.message}
            {...register('code')}
          />
          <TextField
            label="Description"
            autoComplete="off"
            maxLength={200}
            hint="Optional; shown on the spin wheel when it is a prize."
            error={errors.description?.message}
            {...register('description')}
          />
          <div>
            <label htmlFor={typeId} className="field-label">
              Discount type
            </label>
            <select
              id={typeId}
              className="field-input"
              aria-invalid={errors.discountType ? true : undefined}
              {...register('discountType', {
                onChange: (event: { target: { value: string } }) => {
                  // A cap only makes sense for a percent; a fixed amount is its own cap.
                  if (event.target.value === 'fixed') {
                    setValue('maxDiscount', null);
                    clearErrors('maxDiscount');
                  }
                },
              })}
            >
              {discountTypes.map((value) => (
                <option key={value} value={value}>
                  {discountTypeOptions[value]}
                </option>
              ))}
            </select>
            {errors.discountType && <p className="field-error">{errors.discountType.message}</p>}
          </div>
          <TextField
            label={discountType === 'percent' ? 'Discount (%)' : 'Discount (VND)'}
            type="number"
            inputMode="numeric"
            min={1}
            max={discountType === 'percent' ? 100 : undefined}
            step={1}
            error={errors.discountValue?.message}
            {...register('discountValue', { valueAsNumber: true })}
          />
          <TextField
            label="Minimum order (VND)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="0 for any order."
            error={errors.minOrderValue?.message}
            {...register('minOrderValue', { valueAsNumber: true })}
          />
          {discountType === 'percent' && (
            <TextField
              label="Maximum discount (VND)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Optional; empty for no cap."
              error={errors.maxDiscount?.message}
              {...register('maxDiscount', { setValueAs: emptyAsNullNumber })}
            />
          )}
          <TextField
            label="Start date"
            type="date"
            hint="Optional; the first day it works."
            error={errors.startDate?.message}
            {...register('startDate', { setValueAs: emptyAsNull })}
          />
          <TextField
            label="End date"
            type="date"
            hint="Optional; the last day it works."
            error={errors.endDate?.message}
            {...register('endDate', { setValueAs: emptyAsNull })}
          />
          <TextField
            label="Usage limit"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="Optional; empty for unlimited uses."
            error={errors.usageLimit?.message}
            {...register('usageLimit', { setValueAs: emptyAsNullNumber })}
          />
          <TextField
            label="Spin weight"
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            step={1}
            hint="0 keeps it off the spin wheel; a higher weight wins more often."
            error={errors.spinWeight?.message}
            {...register('spinWeight', { valueAsNumber: true })}
          />
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" className="size-5 accent-amber-700" {...register('isActive')} />
          Active: guests can use it
        </label>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? 'Saving…' : coupon ? 'Save coupon' : 'Add coupon'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
