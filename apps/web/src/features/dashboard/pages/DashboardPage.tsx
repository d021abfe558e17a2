import { ChartLine, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { describeApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useIngredients } from '../../ingredients/api/list-ingredients';
import { CategoryManagement } from '../../menu/components/CategoryManagement';
import { ItemManagement } from '../../menu/components/ItemManagement';
import type { RecipeIngredients } from '../../menu/components/RecipeEditor';
import { TableManagement } from '../../tables/components/TableManagement';

function ManagersOnly() {
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-2">
        <p className="font-semibold text-stone-900">Managers only</p>
        <p>
          The dashboard is where managers keep the menu, the tables and the figures. To take an order, use the{' '}
          <Link to="/menu" className="font-semibold text-amber-800 underline">
            menu
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

/** The ingredients for the recipe editor of the dishes. */
function useRecipeIngredients(enabled: boolean): RecipeIngredients {
  const ingredients = useIngredients({ enabled });
  if (ingredients.isSuccess) return { status: 'success', ingredients: ingredients.data };
  if (ingredients.isError) {
    return {
      status: 'error',
      message: describeApiError(ingredients.error, 'Could not load the ingredients.'),
      retry: () => void ingredients.refetch(),
    };
  }
  return { status: 'pending' };
}

/** `/dashboard`: menu and table management for managers; the reports issue adds the revenue figures. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { role } = useAppSelector(selectUser);
  const isManager = role === 'admin' || role === 'manager';
  const recipeIngredients = useRecipeIngredients(isManager);

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Dashboard</h1>
        <p className="mt-1 text-sm text-stone-600">Keep the menu and the tables up to date.</p>
      </div>
      {isManager ? (
        <>
          <p className="flex items-start gap-2 text-sm text-stone-600">
            <ChartLine aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            Revenue, best sellers and busy hours arrive here with the reports issue.
          </p>
          <section aria-labelledby="dashboard-menu-title" className="space-y-4">
            <h2 id="dashboard-menu-title" className="text-xl font-bold text-stone-900">
              Menu
            </h2>
            <CategoryManagement />
            <ItemManagement ingredients={recipeIngredients} />
          </section>
          <TableManagement />
        </>
      ) : (
        <ManagersOnly />
      )}
    </section>
  );
}
