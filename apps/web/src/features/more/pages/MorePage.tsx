import { Banknote, ScrollText } from 'lucide-react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { LinkCards, ManagementLinks, type LinkCard } from '../components/ManagementLinks';
import { RestaurantSettingsForm } from '../components/RestaurantSettingsForm';

const shiftsLink: LinkCard = {
  to: '/shifts',
  title: 'Shifts & cash drawer',
  description: 'Open with a float, count and close with a Z report; past shifts and exports.',
  icon: Banknote,
};
const auditLink: LinkCard = {
  to: '/audit',
  title: 'Audit trail',
  description: 'Voids, refunds, drawer counts and other changes of money, and who made them.',
  icon: ScrollText,
};

export function MorePage() {
  usePageTitle('More');
  const canManageSettings = useCan('settings:manage');
  const canUseDrawer = useCan('shifts:use');
  const canReadAudit = useCan('audit:read');
  const moneyLinks = [canUseDrawer && shiftsLink, canReadAudit && auditLink].filter((link) => link !== false);

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">More</h1>
        <p className="mt-1 text-sm text-stone-600">Everything else that keeps the restaurant running.</p>
      </div>
      <div className="space-y-3">
        <ManagementLinks />
        {moneyLinks.length > 0 && <LinkCards label="Money and records" links={moneyLinks} />}
      </div>
      {canManageSettings && <RestaurantSettingsForm />}
    </section>
  );
}
