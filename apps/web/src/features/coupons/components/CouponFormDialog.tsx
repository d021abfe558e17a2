import { useId, useState } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { couponRuleErrors, discountTypes, updateCouponBodySchema, type Coupon } from '@quan/contract/coupon';
import { DateField } from '../../../components/DateField';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { singleRestaurant, type ChainBranches } from './chain-branches';

const field = updateCouponBodySchema.shape;

/**
 * The message id of each rule of `couponRuleErrors`, by the field it names: the form says it in the active
 * language.
 */
const ruleMessageIds: Record<string, string> = {
  discountValue: 'coupons.rule.percentMax',
  endDate: 'coupons.rule.endBeforeStart',
};
const ruleMessages = new Set(Object.values(ruleMessageIds));

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
      context.addIssue({ code: 'custom', path: [error.path], message: ruleMessageIds[error.path] ?? error.message });
    }
  });

const couponFields = Object.keys(couponFormSchema.shape) as (keyof typeof couponFormSchema.shape)[];

/** What the form sends: its fields, and the branches when the picker is shown. */
type CouponFormValues = z.output<typeof couponFormSchema> & { branchIds?: string[] };

/** An emptied box means "none" (no cap, no limit, no date) rather than 0. */
const emptyAsNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);
const emptyAsNullNumber = (value: unknown) => {
  const present = emptyAsNull(value);
  return present === null ? null : Number(present);
};

/** Each discount type as the form offers it, by message id. */
const discountTypeOptionIds: Record<(typeof discountTypes)[number], string> = {
  percent: 'coupons.form.type.percent',
  fixed: 'coupons.form.type.fixed',
};

/** Where a coupon works: every branch of the chain, or only those chosen; each with its message id. */
const branchScopeLabelIds = {
  every: 'coupons.form.branchesEvery',
  chosen: 'coupons.form.branchesChosen',
} as const;
type BranchScope = keyof typeof branchScopeLabelIds;
const branchScopes = Object.keys(branchScopeLabelIds) as BranchScope[];

interface CouponFormDialogProps {
  /** The coupon to edit; without one the dialog adds a coupon. */
  coupon?: Coupon;
  /** In a chain of more than one branch the coupon may be limited to some; with one, nothing is said of them. */
  chain?: ChainBranches;
  onClose: () => void;
}

export function CouponFormDialog({ coupon, chain = singleRestaurant, onClose }: CouponFormDialogProps) {
  const t = useT();
  const typeId = useId();
  const scopeName = useId();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateCoupon();
  const updateMutation = useUpdateCoupon();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const { branches, inChain } = chain;
  const [branchScope, setBranchScope] = useState<BranchScope>(coupon?.branchIds?.length ? 'chosen' : 'every');
  // Holds the ids of branches this person does not work in too, so an edit keeps them.
  const [chosenBranchIds, setChosenBranchIds] = useState<readonly string[]>(coupon?.branchIds ?? []);
  const [branchError, setBranchError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(couponFormSchema),
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
  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    code: register('code'),
    description: register('description'),
    discountType: register('discountType', {
      onChange: (event: { target: { value: string } }) => {
        // A cap only makes sense for a percent; a fixed amount is its own cap.
        if (event.target.value === 'fixed') {
          setValue('maxDiscount', null);
          clearErrors('maxDiscount');
        }
      },
    }),
    discountValue: register('discountValue', { valueAsNumber: true }),
    minOrderValue: register('minOrderValue', { valueAsNumber: true }),
    maxDiscount: register('maxDiscount', { setValueAs: emptyAsNullNumber }),
    usageLimit: register('usageLimit', { setValueAs: emptyAsNullNumber }),
    spinWeight: register('spinWeight', { valueAsNumber: true }),
    isActive: register('isActive'),
  };
  /** A field's error in the active language: a rule's message id translated, any other message as it is. */
  const errorText = (message: string | undefined) => (message && ruleMessages.has(message) ? t(message) : message);

  function toggleBranch(branchId: string, chosen: boolean) {
    setChosenBranchIds((ids) => (chosen ? [...ids, branchId] : ids.filter((id) => id !== branchId)));
    if (chosen) setBranchError(null);
  }

  /**
   * The branches to send: none (every branch) or those chosen; undefined without the picker, which leaves a
   * new coupon chain-wide and an edited one where it was; null when "chosen" names none.
   */
  function branchIdsToSend(): string[] | null | undefined {
    if (!inChain) return undefined;
    if (branchScope === 'every') return [];
    return chosenBranchIds.length > 0 ? [...chosenBranchIds] : null;
  }

  const submit = (event: React.FormEvent) => {
    const branchIds = branchIdsToSend();
    setBranchError(branchIds === null ? t('coupons.form.branchesNone') : null);
    void handleSubmit(async (values) => {
      if (branchIds === null) return;
      await save(branchIds === undefined ? values : { ...values, branchIds });
    })(event);
  };

  async function save(values: CouponFormValues) {
    try {
      if (coupon) {
        const saved = await updateMutation.mutateAsync({ id: coupon._id, ...values });
        enqueueSnackbar(t('coupons.saved', { code: saved.code }), { variant: 'success' });
      } else {
        const created = await createMutation.mutateAsync(values);
        enqueueSnackbar(t('coupons.added', { code: created.code }), { variant: 'success' });
      }
      onClose();
    } catch (error) {
      const fallback = coupon ? t('coupons.form.saveError', { code: coupon.code }) : t('coupons.form.addError');
      // 409 is a code that exists already: its message belongs next to the code.
      if (getApiStatus(error) === 409) {
        setError('code', { type: 'server', message: describeApiError(error, fallback) });
      } else if (!applyApiFieldErrors(error, couponFields, setError)) {
        setError('root.server', { message: describeApiError(error, fallback) });
      }
    }
  }

  return (
    <Dialog
      title={coupon ? t('coupons.form.editTitle', { code: coupon.code }) : t('coupons.form.addTitle')}
      onClose={onClose}
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('coupons.form.code')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="[&_input]:font-mono [&_input]:uppercase"
            hint={t('coupons.form.codeHint')}
            error={errors.code?.message}
            {...inputs.code}
          />
          <TextField
            label={t('coupons.form.description')}
            autoComplete="off"
            maxLength={200}
            hint={t('coupons.form.descriptionHint')}
            error={errors.description?.message}
            {...inputs.description}
          />
          <div>
            <label htmlFor={typeId} className="field-label">
              {t('coupons.form.discountType')}
            </label>
            <select
              id={typeId}
              className="field-input"
              aria-invalid={errors.discountType ? true : undefined}
              {...inputs.discountType}
            >
              {discountTypes.map((value) => (
                <option key={value} value={value}>
                  {t(discountTypeOptionIds[value])}
                </option>
              ))}
            </select>
            {errors.discountType && <p className="field-error">{errors.discountType.message}</p>}
          </div>
          <TextField
            label={discountType === 'percent' ? t('coupons.form.discountPercent') : t('coupons.form.discountAmount')}
            type="number"
            inputMode="numeric"
            min={1}
            max={discountType === 'percent' ? 100 : undefined}
            step={1}
            error={errorText(errors.discountValue?.message)}
            {...inputs.discountValue}
          />
          <TextField
            label={t('coupons.form.minOrder')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint={t('coupons.form.minOrderHint')}
            error={errors.minOrderValue?.message}
            {...inputs.minOrderValue}
          />
          {discountType === 'percent' && (
            <TextField
              label={t('coupons.form.maxDiscount')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint={t('coupons.form.maxDiscountHint')}
              error={errors.maxDiscount?.message}
              {...inputs.maxDiscount}
            />
          )}
          <Controller
            control={control}
            name="startDate"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <DateField
                label={t('coupons.form.startDate')}
                hint={t('coupons.form.startDateHint')}
                error={errors.startDate?.message}
                value={value ?? ''}
                onChange={(day) => onChange(emptyAsNull(day))}
                {...{ onBlur, ref, name }}
              />
            )}
          />
          <Controller
            control={control}
            name="endDate"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <DateField
                label={t('coupons.form.endDate')}
                hint={t('coupons.form.endDateHint')}
                error={errorText(errors.endDate?.message)}
                value={value ?? ''}
                onChange={(day) => onChange(emptyAsNull(day))}
                {...{ onBlur, ref, name }}
              />
            )}
          />
          <TextField
            label={t('coupons.form.usageLimit')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint={t('coupons.form.usageLimitHint')}
            error={errors.usageLimit?.message}
            {...inputs.usageLimit}
          />
          <TextField
            label={t('coupons.form.spinWeight')}
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            step={1}
            hint={t('coupons.form.spinWeightHint')}
            error={errors.spinWeight?.message}
            {...inputs.spinWeight}
          />
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" className="size-5 accent-amber-700" {...inputs.isActive} />
          {t('coupons.form.active')}
        </label>
        {inChain && (
          <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4">
            <legend className="px-1 text-sm font-semibold text-stone-900">{t('coupons.form.branches')}</legend>
            {branchScopes.map((scope) => (
              <label
                key={scope}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800"
              >
                <input
                  type="radio"
                  name={scopeName}
                  value={scope}
                  checked={branchScope === scope}
                  onChange={() => {
                    setBranchScope(scope);
                    setBranchError(null);
                  }}
                  className="size-5 accent-amber-700"
                />
                {t(branchScopeLabelIds[scope])}
              </label>
            ))}
            {branchScope === 'chosen' && (
              <div role="group" aria-label={t('coupons.form.branchesList')} className="grid gap-1 pl-7 sm:grid-cols-2">
                {branches.map((branch) => (
                  <label
                    key={branch._id}
                    className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800"
                  >
                    <input
                      type="checkbox"
                      className="size-5 accent-amber-700"
                      checked={chosenBranchIds.includes(branch._id)}
                      onChange={(event) => toggleBranch(branch._id, event.target.checked)}
                    />
                    {branch.name}
                  </label>
                ))}
              </div>
            )}
            {branchError && <p className="field-error">{branchError}</p>}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('coupons.form.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('coupons.form.saving') : coupon ? t('coupons.form.save') : t('coupons.form.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
