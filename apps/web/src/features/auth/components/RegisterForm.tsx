import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { registerBodySchema, type RegisterBody, type User } from '@quan/contract/user';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useAppDispatch } from '../../../store/hooks';
import { setUser } from '../../../store/user-slice';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';

const registerFields = ['name', 'email', 'phone', 'password'] as const;

interface RegisterFormProps {
  /** Called when the new account must be approved by a manager before it can sign in. */
  onPendingApproval: (user: User) => void;
}

export function RegisterForm({ onPendingApproval }: RegisterFormProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    name: register('name'),
    email: register('email'),
    phone: register('phone'),
    password: register('password'),
  };

  function signInAfterRegistering(body: RegisterBody, welcome: string) {
    loginMutation.mutate(
      { email: body.email, password: body.password },
      {
        onSuccess: ({ user, token }) => {
          dispatch(setUser({ ...user, token }));
          enqueueSnackbar(welcome, { variant: 'success' });
          navigate('/', { replace: true });
        },
      },
    );
  }

  const onSubmit = handleSubmit((body) =>
    registerMutation.mutate(body, {
      onSuccess: ({ user, message }) => {
        if (user.status === 'active') signInAfterRegistering(body, message ?? t('auth.register.ready'));
        else onPendingApproval(user);
      },
      onError: (error) => applyApiFieldErrors(error, registerFields, setError),
    }),
  );

  const isBusy = registerMutation.isPending || loginMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {registerMutation.isError && (
        <FormAlert>{describeApiError(registerMutation.error, t('auth.register.failed'))}</FormAlert>
      )}
      {loginMutation.isError && (
        <FormAlert>
          {t('auth.register.signInFailed', {
            reason: describeApiError(loginMutation.error, t('auth.register.signInFallback')),
          })}
        </FormAlert>
      )}
      <TextField label={t('auth.field.name')} autoComplete="name" error={errors.name?.message} {...inputs.name} />
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...inputs.email}
      />
      <TextField
        label={t('auth.field.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...inputs.phone}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.field.password.hint')}
        error={errors.password?.message}
        {...inputs.password}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={isBusy}>
        {isBusy ? t('auth.register.pending') : t('auth.register')}
      </button>
    </form>
  );
}
