import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { defaultSettings } from '@quan/contract/settings';
import { describeApiError } from '../../../lib/api-client';
import { messageWithElements } from '../../../components/message-with-elements';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useIngredients } from '../../ingredients/api/list-ingredients';
import { CategoryManagement } from '../../menu/components/CategoryManagement';
import { ItemManagement } from '../../menu/components/ItemManagement';
import { OptionGroupManagement } from '../../menu/components/OptionGroupManagement';
import type { RecipeIngredients } from '../../menu/components/RecipeEditor';
import { StationManagement } from '../../menu/components/StationManagement';
import { settingsQueryOptions } from '../../more/api/get-settings';
import { paymentMethodLabelsOf } from '../../orders/components/order-status';
import { TableManagement } from '../../tables/components/TableManagement';
import { FiguresManagersOnly } from '../components/FiguresManagersOnly';
import { RevenueOverview } from '../components/RevenueOverview';

function ManagersOnly() {
  const t = useT();
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-2">
        <p className="font-semibold text-stone-900">{t('dashboard.managersOnly')}</p>
        <p>
          {messageWithElements(
            t,
            'dashboard.managersOnly.body',
            {},
            {
              menu: (
                <Link to="/menu" className="font-semibold text-amber-800 underline">
                  {t('dashboard.managersOnly.menuLink')}
                </Link>
              ),
            },
          )}
        </p>
      </div>
    </div>
  );
}

/** The ingredients for the recipe editor of the dishes. */
function useRecipeIngredients(enabled: boolean): RecipeIngredients {
  const t = useT();
  const ingredients = useIngredients({ enabled });
  if (ingredients.isSuccess) return { status: 'success', ingredients: ingredients.data };
  if (ingredients.isError) {
    return {
      status: 'error',
      message: describeApiError(ingredients.error, t('dashboard.ingredientsLoadFailed')),
      retry: () => void ingredients.refetch(),
    };
  }
  return { status: 'pending' };
}

/**
 * The restaurant's time zone (settings), which decides where its days start; the contract's default zone
 * when the settings cannot be read. Undefined while they load, so the figures are asked for once, for the right days.
 */
function useRestaurantTimeZone(enabled: boolean): string | undefined {
  const settings = useQuery({ ...settingsQueryOptions(), enabled });
  if (settings.isPending) return undefined;
  return settings.data?.timezone || defaultSettings.timezone;
}

/** `/dashboard`: the figures of a period, then menu and table management, for managers. */
export function DashboardPage() {
  const t = useT();
  usePageTitle(t('dashboard.heading'));
  const canReadReports = useCan('reports:read');
  const canManageMenu = useCan('menu:manage');
  const recipeIngredients = useRecipeIngredients(canManageMenu);
  const timeZone = useRestaurantTimeZone(canReadReports);

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('dashboard.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('dashboard.intro')}</p>
      </div>
      {!canReadReports ? (
        <FiguresManagersOnly />
      ) : timeZone ? (
        <RevenueOverview key={timeZone} timeZone={timeZone} paymentMethodLabels={paymentMethodLabelsOf(t)} />
      ) : (
        <p role="status" className="text-sm text-stone-600">
          {t('dashboard.loadingFigures')}
        </p>
      )}
      {canManageMenu ? (
        <section aria-labelledby="dashboard-menu-title" className="space-y-4">
          <h2 id="dashboard-menu-title" className="text-xl font-bold text-stone-900">
            {t('dashboard.menu')}
          </h2>
          <CategoryManagement />
          <ItemManagement ingredients={recipeIngredients} />
          <OptionGroupManagement ingredients={recipeIngredients} />
          <StationManagement />
        </section>
      ) : (
        <ManagersOnly />
      )}
      {/* Renders nothing for those who may not manage the tables. */}
      <TableManagement />
    </section>
  );
}
