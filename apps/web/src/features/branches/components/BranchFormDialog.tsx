import { isAxiosError } from 'axios';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { createBranchBodySchema, type Branch, type CreateBranchBody } from '@quan/contract/branch';
import { Dialog } from '../../../components/Dialog';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useCreateBranch, useUpdateBranch } from '../api/save-branch';
import { suggestSlug } from './branch-slug';

const branchFields = ['name', 'slug', 'address', 'phone', 'taxCode', 'receiptHeader'] as const;

/** The code of a refusal, as the server named it (`BRANCH_SLUG_TAKEN`). */
function refusalCode(error: unknown): unknown {
  if (!isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
}

interface BranchFormDialogProps {
  /** The branch to edit; without one the dialog adds a branch. */
  branch?: Branch;
  onClose: () => void;
}

/** Adds a branch of the chain or edits one: its name, link name, address, phone, tax code and receipt header. */
export function BranchFormDialog({ branch, onClose }: BranchFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateBranch();
  const updateMutation = useUpdateBranch();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    control,
    formState: { errors },
  } = useForm<CreateBranchBody>({
    resolver: localizedZodResolver(createBranchBodySchema),
    defaultValues: {
      name: branch?.name ?? '',
      slug: branch?.slug ?? '',
      address: branch?.address ?? '',
      phone: branch?.phone ?? '',
      taxCode: branch?.taxCode ?? '',
      receiptHeader: branch?.receiptHeader ?? '',
    },
  });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    name: register('name', {
      // A new branch's link name follows its name until the owner writes one.
      onBlur: () => {
        if (!branch && !getValues('slug')) setValue('slug', suggestSlug(getValues('name')));
      },
    }),
    slug: register('slug'),
    address: register('address'),
    phone: register('phone'),
    taxCode: register('taxCode'),
    receiptHeader: register('receiptHeader'),
  };
  // The hint shows the link this branch's diners will open, as it is typed.
  const slug = useWatch({ control, name: 'slug' });

  function handleError(error: unknown, fallback: string) {
    const message = describeApiError(error, fallback);
    // The one refusal that is a field's: the link name another branch has.
    if (refusalCode(error) === 'BRANCH_SLUG_TAKEN') {
      setError('slug', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    applyApiFieldErrors(error, branchFields, setError);
    enqueueSnackbar(message, { variant: 'error' });
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = branch
        ? await updateMutation.mutateAsync({ branchId: branch._id, ...values })
        : await createMutation.mutateAsync(values);
      enqueueSnackbar(t(branch ? 'branches.form.saved' : 'branches.form.added', { name: saved.name }), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      handleError(error, branch ? t('branches.form.saveFailed', { name: branch.name }) : t('branches.form.addFailed'));
    }
  });

  return (
    <Dialog
      title={branch ? t('branches.form.editTitle', { name: branch.name }) : t('branches.form.addTitle')}
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
        <TextField label={t('branches.form.name')} autoComplete="off" error={errors.name?.message} {...inputs.name} />
        <TextField
          label={t('branches.form.slug')}
          hint={t('branches.form.slugHint', { slug: slug || 'quan-3' })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.slug?.message}
          {...inputs.slug}
        />
        <TextAreaField
          label={t('branches.form.address')}
          rows={2}
          error={errors.address?.message}
          {...inputs.address}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('branches.form.phone')}
            type="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...inputs.phone}
          />
          <TextField
            label={t('branches.form.taxCode')}
            inputMode="numeric"
            error={errors.taxCode?.message}
            {...inputs.taxCode}
          />
        </div>
        <TextAreaField
          label={t('branches.form.receiptHeader')}
          rows={3}
          error={errors.receiptHeader?.message}
          {...inputs.receiptHeader}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('branches.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('branches.saving') : branch ? t('branches.form.save') : t('branches.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
