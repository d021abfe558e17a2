import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RoleNotice } from '../../../components/RoleNotice';
import { describeApiError } from '../../../lib/api-client';
import { messageWithElements } from '../../../components/message-with-elements';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useBranchChain } from '../../branches/api/list-branches';
import { useIngredients } from '../../ingredients/api/list-ingredients';
import { settingsQueryOptions } from '../../more/api/get-settings';
import { CategoryManagement } from '../components/CategoryManagement';
import { ItemManagement } from '../components/ItemManagement';
import { OptionGroupManagement } from '../components/OptionGroupManagement';
import type { RecipeIngredients } from '../components/RecipeEditor';
import { StationManagement } from '../components/StationManagement';

/** What staff see instead of the editors: the server refuses their changes (403) anyway. */
function ManagersOnly() {
  const t = useT();
  return (
    <RoleNotice title={t('menu-admin.page.managersOnly')}>
      <p>
        {messageWithElements(
          t,
          'menu-admin.page.managersOnly.body',
          {},
          {
            menu: (
              <Link to="/menu" className="font-semibold text-amber-800 underline">
                {t('menu-admin.page.managersOnly.menuLink')}
              </Link>
            ),
          },
        )}
      </p>
    </RoleNotice>
  );
}

/** The ingredients for the recipe editor of the dishes and options. */
function useRecipeIngredients(enabled: boolean): RecipeIngredients {
  const t = useT();
  const ingredients = useIngredients({ enabled });
  if (ingredients.isSuccess) return { status: 'success', ingredients: ingredients.data };
  if (ingredients.isError) {
    return {
      status: 'error',
      message: describeApiError(ingredients.error, t('menu-admin.page.ingredientsLoadFailed')),
      retry: () => void ingredients.refetch(),
    };
  }
  return { status: 'pending' };
}

/**
 * `/menu-management`: the categories, dishes, option groups and kitchen stations, for those who may change
 * the menu ('menu:manage'). Orders are taken at `/menu`.
 */
export function MenuManagementPage() {
  const t = useT();
  usePageTitle(t('menu-admin.page.heading'));
  const canManageMenu = useCan('menu:manage');
  const recipeIngredients = useRecipeIngredients(canManageMenu);
  // The rate a category or dish without its own inherits, named in their forms' VAT select.
  const defaultVatRate = useQuery({ ...settingsQueryOptions(), enabled: canManageMenu }).data?.taxRate;
  // A chain of one branch never sees a branch's own prices: its menu's price is its price.
  // A manager of one branch of a chain sets that branch's own prices too: the chain's size decides, not theirs.
  const chain = useBranchChain({ enabled: canManageMenu });
  const { branchId } = useAppSelector(selectUser);
  const inChain = (chain.data?.chainSize ?? 0) > 1;
  // The branch whose prices the dialogs set, by name; a session from before branches knows no id yet.
  const branchName = inChain
    ? (chain.data?.data.find((branch) => branch._id === branchId)?.name ?? t('menu-admin.branch.current'))
    : null;

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('menu-admin.page.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('menu-admin.page.intro')}</p>
      </div>
      {canManageMenu ? (
        <>
          <CategoryManagement defaultVatRate={defaultVatRate} />
          <ItemManagement ingredients={recipeIngredients} branchName={branchName} defaultVatRate={defaultVatRate} />
          <OptionGroupManagement ingredients={recipeIngredients} branchName={branchName} />
          <StationManagement branchName={branchName} />
        </>
      ) : (
        <ManagersOnly />
      )}
    </section>
  );
}
