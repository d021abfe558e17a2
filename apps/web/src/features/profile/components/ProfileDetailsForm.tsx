import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { updateProfileBodySchema } from '@quan/contract/user';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectUser, setUser } from '../../../store/user-slice';
import { useUpdateProfile } from '../api/update-profile';

const detailFields = ['name', 'email', 'phone'] as const;

export function ProfileDetailsForm() {
  const t = useT();
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
    resolver: localizedZodResolver(updateProfileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });

  // Registered before the markup, where the literal-string lint would take a field's name for words to translate.
  const fields = {
    name: register('name'),
    email: register('email'),
    phone: register('phone'),
  };

  const onSubmit = handleSubmit(({ name, email, phone }) =>
    updateProfileMutation.mutate(
      { name, email, phone },
      {
        onSuccess: (updated) => {
          dispatch(setUser(updated));
          reset({ name: updated.name, email: updated.email, phone: updated.phone });
          enqueueSnackbar(t('settings.profile.saved'), { variant: 'success' });
        },
        onError: (error) => {
          applyApiFieldErrors(error, detailFields, setError);
          enqueueSnackbar(describeApiError(error, t('settings.profile.saveFailed')), { variant: 'error' });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title" className="card space-y-4 p-6">
      <h2 id="profile-details-title" className="text-lg font-semibold text-stone-900">
        {t('settings.profile.details')}
      </h2>
      <TextField label={t('settings.profile.name')} autoComplete="name" error={errors.name?.message} {...fields.name} />
      <TextField
        label={t('settings.profile.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...fields.email}
      />
      <TextField
        label={t('settings.profile.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...fields.phone}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={!isDirty || updateProfileMutation.isPending}>
          {updateProfileMutation.isPending ? t('settings.saving') : t('settings.profile.save')}
        </button>
      </div>
    </form>
  );
}
