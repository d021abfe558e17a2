import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { ManagementLinks } from '../components/ManagementLinks';
import { RestaurantSettingsForm } from '../components/RestaurantSettingsForm';

export function MorePage() {
  usePageTitle('More');
  const canManageSettings = useCan('settings:manage');

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">More</h1>
        <p className="mt-1 text-sm text-stone-600">Everything else that keeps the restaurant running.</p>
      </div>
      <ManagementLinks />
      {canManageSettings && <RestaurantSettingsForm />}
    </section>
  );
}
