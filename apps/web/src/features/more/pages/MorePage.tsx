import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Landmark, ScrollText } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { LinkCards, ManagementLinks, type LinkCard } from '../components/ManagementLinks';
import { ownLanguageQueryOptions } from '../../auth/api/get-current-user';
import { RestaurantSettingsForm } from '../components/RestaurantSettingsForm';
import { useReservationRequests } from '../../reservations/api/list-requests';
import { useBankTransfers } from '../../bank-transfers/api/list-bank-transfers';
import { useOffersStockTransfers } from '../../stock-transfers/api/stock-transfers';

const shiftsLink: LinkCard = {
  to: '/shifts',
  titleId: 'settings.link.shifts',
  descriptionId: 'settings.link.shifts.description',
  icon: Banknote,
  permission: 'shifts:use',
};
const auditLink: LinkCard = {
  to: '/audit',
  titleId: 'settings.link.audit',
  descriptionId: 'settings.link.audit.description',
  icon: ScrollText,
  permission: 'audit:read',
};
const bankTransfersLink: LinkCard = {
  to: '/bank-transfers',
  titleId: 'settings.link.bankTransfers',
  descriptionId: 'settings.link.bankTransfers.description',
  icon: Landmark,
  permission: 'payments:match-transfers',
};

export function MorePage() {
  const t = useT();
  usePageTitle(t('settings.more.title'));
  const canManageSettings = useCan('settings:manage');
  // Guests' booking requests waiting to be accepted, counted on the reservations card.
  const requests = useReservationRequests({ enabled: useCan('reservations:read') });
  // Bank transfers that paid no bill, counted on their card: they wait for a manager.
  const transfers = useBankTransfers({ enabled: useCan('payments:match-transfers') });
  // Stock transfers are offered to managers of a chain with another branch to send to.
  const offersStockTransfers = useOffersStockTransfers();
  const queryClient = useQueryClient();
  // Asking for the signed-in person again shows the language their screens now follow.
  const followLanguage = () => void queryClient.fetchQuery({ ...ownLanguageQueryOptions(), staleTime: 0 });

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('settings.more.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('settings.more.intro')}</p>
      </div>
      <div className="space-y-3">
        <ManagementLinks
          waiting={{ '/reservations': requests.data?.length ?? 0 }}
          offersStockTransfers={offersStockTransfers}
        />
        <LinkCards
          label={t('settings.more.money')}
          links={[shiftsLink, bankTransfersLink, auditLink]}
          waiting={{ '/bank-transfers': transfers.data?.length ?? 0 }}
        />
      </div>
      {canManageSettings && <RestaurantSettingsForm onLanguageChanged={followLanguage} />}
    </section>
  );
}
