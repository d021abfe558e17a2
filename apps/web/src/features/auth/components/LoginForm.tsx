import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { loginBodySchema } from '@quan/contract/user';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useAppDispatch } from '../../../store/hooks';
import { setUser } from '../../../store/user-slice';
import { useLogin } from '../api/login';

export function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

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
      {loginMutation.isError && (
        <FormAlert>{describeApiError(loginMutation.error, 'Could not sign you in. Please try again.')}</FormAlert>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
