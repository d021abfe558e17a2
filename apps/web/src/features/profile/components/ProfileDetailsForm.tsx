import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { updateProfileBodySchema } from '@quan/contract/user';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectUser, setUser } from '../../../store/user-slice';
import { useUpdateProfile } from '../api/update-profile';

const detailFields = ['name', 'email', 'phone'] as const;

export function ProfileDetailsForm() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const updateProfileMutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });

  const onSubmit = handleSubmit(({ name, email, phone }) =>
    updateProfileMutation.mutate(
      { name, email, phone },
      {
        onSuccess: (updated) => {
          dispatch(setUser(updated));
          reset({ name: updated.name, email: updated.email, phone: updated.phone });
          enqueueSnackbar('Your profile is saved.', { variant: 'success' });
        },
        onError: (error) => {
          applyApiFieldErrors(error, detailFields, setError);
          enqueueSnackbar(describeApiError(error, 'Could not save your profile.'), { variant: 'error' });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title" className="card space-y-4 p-6">
      <h2 id="profile-details-title" className="text-lg font-semibold text-stone-900">
        Your details
      </h2>
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={!isDirty || updateProfileMutation.isPending}>
          {updateProfileMutation.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
