import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordSchema } from '@quan/contract/user';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

// The new password follows the contract's password rule; the confirmation exists only in the UI.
const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'The two new passwords do not match',
    path: ['confirmPassword'],
  });

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { enqueueSnackbar } = useSnackbar();
  const updateProfileMutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: emptyPasswords });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    updateProfileMutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(emptyPasswords);
          enqueueSnackbar('Your password is changed.', { variant: 'success' });
        },
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, 'Could not change your password.'), { variant: 'error' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="card space-y-4 p-6">
      <h2 id="change-password-title" className="text-lg font-semibold text-stone-900">
        Change password
      </h2>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={updateProfileMutation.isPending}>
          {updateProfileMutation.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
