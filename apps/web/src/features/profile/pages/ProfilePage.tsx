import { Avatar } from '../../../components/Avatar';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';

export function ProfilePage() {
  const t = useT();
  usePageTitle(t('settings.profile.title'));
  const user = useAppSelector(selectUser);

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} src={user.avatar} size="lg" decorative />
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('settings.profile.title')}</h1>
          <p className="text-sm text-stone-600">{t('settings.profile.intro')}</p>
        </div>
      </div>
      <ProfileDetailsForm />
      <ChangePasswordForm />
    </section>
  );
}
