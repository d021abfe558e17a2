import { Avatar } from '../../../components/Avatar';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';

export function ProfilePage() {
  usePageTitle('Profile');
  const user = useAppSelector(selectUser);

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} src={user.avatar} size="lg" decorative />
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Profile</h1>
          <p className="text-sm text-stone-600">Your details and password.</p>
        </div>
      </div>
      <ProfileDetailsForm />
      <ChangePasswordForm />
    </section>
  );
}
