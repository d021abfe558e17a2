import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { registerBodySchema, type RegisterBody, type User } from '@quan/contract/user';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
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
    resolver: zodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

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
        if (user.status === 'active') signInAfterRegistering(body, message ?? 'Your account is ready.');
        else onPendingApproval(user);
      },
      onError: (error) => applyApiFieldErrors(error, registerFields, setError),
    }),
  );

  const isBusy = registerMutation.isPending || loginMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {registerMutation.isError && (
        <FormAlert>
          {describeApiError(registerMutation.error, 'Could not create your account. Please try again.')}
        </FormAlert>
      )}
      {loginMutation.isError && (
        <FormAlert>
          Your account was created, but signing in failed:{' '}
          {describeApiError(loginMutation.error, 'please sign in with your new account.')}
        </FormAlert>
      )}
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={isBusy}>
        {isBusy ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}
