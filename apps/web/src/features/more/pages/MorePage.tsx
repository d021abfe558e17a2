import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { ManagementLinks } from '../components/ManagementLinks';
import { RestaurantSettingsForm } from '../components/RestaurantSettingsForm';

export function MorePage() {
  usePageTitle('More');
  const canManageSettings = useCan('settings:manage');
  const canReadAudit = useCan('audit:read');

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">More</h1>
        <p className="mt-1 text-sm text-stone-600">Everything else that keeps the restaurant running.</p>
      </div>
      <div className="space-y-3">
        <ManagementLinks />
        {canReadAudit && (
          <ul aria-label="For managers" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <li>
              <Link
                to="/audit"
                className="card flex h-full items-start gap-3 p-4 transition-colors hover:border-amber-300 hover:bg-amber-50/50"
              >
                <span className="rounded-xl bg-amber-100 p-2 text-amber-800">
                  <ScrollText aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-stone-900">Audit trail</span>
                  <span className="block text-sm text-stone-600">
                    Voids, merges, splits and moves, and who made them.
                  </span>
                </span>
              </Link>
            </li>
          </ul>
        )}
      </div>
      {canManageSettings && <RestaurantSettingsForm />}
    </section>
  );
}
