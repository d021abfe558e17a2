import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { useT } from '../../../lib/i18n';
import { describePublicError } from '../../../lib/public-api';
import { useDinerSocket } from '../../../lib/use-diner-socket';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicMenu } from '../api/get-public-menu';
import { MenuLoading, MenuLoadError } from '../components/MenuStates';
import { MenuView } from '../components/MenuView';
import { dinerPlaceName } from '../../../lib/diner-branch';

/** `/public-menu`: what the restaurant serves, for anyone, live: a dish that sells out disappears. */
export function PublicMenuPage() {
  const socket = useDinerSocket();
  const menu = usePublicMenu(socket);
  const t = useT();
  const restaurantName = menu.data && dinerPlaceName(menu.data.restaurant);
  usePageTitle(restaurantName ? t('menu.pageTitle', { restaurant: restaurantName }) : t('menu.pageTitleBare'));

  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <header className="bg-amber-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-4">
          <Link
            to="/landing"
            className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-amber-900"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('menu.back')}</span>
          </Link>
          <div className="min-w-0 flex-1">
            {/* A fixed height, so the name arriving with the menu moves nothing. */}
            <p className="h-5 truncate text-sm font-medium text-amber-100">{restaurantName}</p>
            <h1 className="text-xl font-bold">{t('menu.heading')}</h1>
          </div>
          <LanguageSwitch />
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 pt-4 pb-12">
        {menu.data ? (
          <MenuView categories={menu.data.categories} />
        ) : menu.isPending ? (
          <MenuLoading />
        ) : (
          <MenuLoadError message={describePublicError(menu.error, t('menu.loadError'))} onRetry={menu.reload} />
        )}
      </main>
    </div>
  );
}
