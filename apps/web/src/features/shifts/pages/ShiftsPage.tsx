import { defaultSettings } from '@quan/contract/settings';
import { RoleNotice } from '../../../components/RoleNotice';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBranches } from '../../branches/api/list-branches';
import { useSettings } from '../../more/api/get-settings';
import { DrawerPanel } from '../components/DrawerPanel';
import { ExportsPanel } from '../components/ExportsPanel';
import { PastShifts } from '../components/PastShifts';

/**
 * Shifts & cash drawer: this device's shift (open it with a float, pay cash in and out, count and close it
 * with a Z report); for managers, every drawer's past shifts and the accountant's exports.
 */
export function ShiftsPage() {
  const t = useT();
  usePageTitle(t('shifts.title'));
  const canUseDrawer = useCan('shifts:use');
  const canReadShifts = useCan('shifts:read');
  const canExport = useCan('exports:read');
  // Only an owner of several branches may export them all at once; nobody else asks for the branches.
  const canExportChain = useCan('reports:chain');
  const branches = useBranches({ enabled: canExportChain });
  const hasChain = canExportChain && (branches.data?.length ?? 0) > 1;
  const settings = useSettings();
  const restaurantName = settings.data?.restaurantName ?? defaultSettings.restaurantName;

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('shifts.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('shifts.intro')}</p>
      </div>
      {canUseDrawer ? (
        <DrawerPanel restaurantName={restaurantName} />
      ) : (
        <RoleNotice>
          <p>{t('shifts.noDrawerRole')}</p>
        </RoleNotice>
      )}
      {canReadShifts && <PastShifts restaurantName={restaurantName} />}
      {canExport && <ExportsPanel timeZone={settings.data?.timezone} hasChain={hasChain} />}
    </section>
  );
}
