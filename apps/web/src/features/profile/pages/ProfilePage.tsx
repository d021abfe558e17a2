import { Avatar } from '../../../components/Avatar';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useQuery } from '@tanstack/react-query';
import { ownLanguageQueryOptions } from '../../auth/api/get-current-user';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { LanguageChoiceForm } from '../components/LanguageChoiceForm';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';

export function ProfilePage() {
  const t = useT();
  usePageTitle(t('settings.profile.title'));
  const user = useAppSelector(selectUser);
  // The session keeps no language: the person's own choice is read from the server.
  const me = useQuery(ownLanguageQueryOptions());

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
      {me.data && <LanguageChoiceForm key={me.data.language ?? 'restaurant'} current={me.data.language ?? null} />}
      <ChangePasswordForm />
    </section>
  );
}
