import { localizedZodResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { loginBodySchema } from '@quan/contract/user';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useAppDispatch } from '../../../store/hooks';
import { setUser } from '../../../store/user-slice';
import { useLogin } from '../api/login';

export function LoginForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: localizedZodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    email: register('email'),
    password: register('password'),
  };

  const onSubmit = handleSubmit((body) =>
    loginMutation.mutate(body, {
      onSuccess: ({ user, token }) => {
        dispatch(setUser({ ...user, token }));
        navigate('/', { replace: true });
      },
      onError: (error) => applyApiFieldErrors(error, ['email', 'password'], setError),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {loginMutation.isError && <FormAlert>{describeApiError(loginMutation.error, t('auth.signIn.failed'))}</FormAlert>}
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...inputs.email}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...inputs.password}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? t('auth.signIn.pending') : t('auth.signIn')}
      </button>
    </form>
  );
}
