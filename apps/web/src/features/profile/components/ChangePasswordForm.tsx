import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordSchema } from '@quan/contract/user';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

// The new password follows the contract's password rule; the confirmation exists only in the UI.
const changePasswordSchema = (t: ReturnType<typeof useT>) =>
  z
    .object({
      currentPassword: z.string().min(1, t('settings.password.current.required')),
      newPassword: passwordSchema,
      confirmPassword: z.string(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      message: t('settings.password.mismatch'),
      path: ['confirmPassword'],
    });

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const updateProfileMutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    // In the language shown; react-hook-form validates with the resolver of the latest render.
    resolver: localizedZodResolver(changePasswordSchema(t)),
    defaultValues: emptyPasswords,
  });

  // Registered before the markup, where the literal-string lint would take a field's name for words to translate.
  const fields = {
    currentPassword: register('currentPassword'),
    newPassword: register('newPassword'),
    confirmPassword: register('confirmPassword'),
  };

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    updateProfileMutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(emptyPasswords);
          enqueueSnackbar(t('settings.password.changed'), { variant: 'success' });
        },
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('settings.password.changeFailed')), { variant: 'error' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="card space-y-4 p-6">
      <h2 id="change-password-title" className="text-lg font-semibold text-stone-900">
        {t('settings.password.title')}
      </h2>
      <TextField
        label={t('settings.password.current')}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...fields.currentPassword}
      />
      <TextField
        label={t('settings.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('settings.password.new.hint')}
        error={errors.newPassword?.message}
        {...fields.newPassword}
      />
      <TextField
        label={t('settings.password.confirm')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...fields.confirmPassword}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={updateProfileMutation.isPending}>
          {updateProfileMutation.isPending ? t('settings.password.changing') : t('settings.password.title')}
        </button>
      </div>
    </form>
  );
}
