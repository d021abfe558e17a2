import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { describePublicError, PublicApiError } from '../../../lib/public-api';
import { useDinerSocket } from '../../../lib/use-diner-socket';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicMenu } from '../../public-menu/api/get-public-menu';
import type { DishActionComponent } from '../../public-menu/components/DishCard';
import { englishNamesOf } from '../../public-menu/components/dish-language';
import { MenuLoadError, MenuLoading } from '../../public-menu/components/MenuStates';
import { MenuView } from '../../public-menu/components/MenuView';
import { usePublicTable } from '../api/get-public-table';
import { loadedTableOrdering, loadTableOrdering } from '../components/load-table-ordering';
import { TableFrame } from '../components/TableFrame';
import { startsOnOrder } from '../components/table-session';
import { dinerPlaceName } from '../../../lib/diner-branch';

// The notices for a wrong link or an unknown table are rare: their code (and icons) stays out of the first load.
const LinkNotice = lazy(() => import('../components/TableNotices'));

/** A table number as the QR code writes it: 1 to 9999. */
function parseTableNo(raw: string): number | null {
  if (!/^\d{1,4}$/.test(raw)) return null;
  const tableNo = Number(raw);
  return tableNo >= 1 ? tableNo : null;
}

/**
 * `/table/:tableNo?key=…` (a table of the first branch, as QR codes printed before there were branches say) or
 * `/b/:slug/table/:tableNo?key=…` (a table of that branch): the menu with a cart, then the order followed live.
 */
export function TableOrderingPage() {
  const { tableNo: rawTableNo = '' } = useParams();
  const [searchParams] = useSearchParams();
  const tableKey = searchParams.get('key')?.trim() ?? '';
  const tableNo = parseTableNo(rawTableNo);

  // The notices load on demand; the page stays blank for that moment.
  return (
    <Suspense fallback={null}>
      {tableNo === null ? (
        <LinkNotice unknownTableNo={rawTableNo} />
      ) : !tableKey ? (
        <LinkNotice />
      ) : (
        <TableMenu key={tableNo} tableNo={tableNo} tableKey={tableKey} />
      )}
    </Suspense>
  );
}

function TableMenu({ tableNo, tableKey }: { tableNo: number; tableKey: string }) {
  const t = useT();
  usePageTitle(t('table.pageTitle', { tableNo }));
  const socket = useDinerSocket();
  const table = usePublicTable(tableNo, tableKey);
  const menu = usePublicMenu(socket);
  // The same choice as TableOrdering's first view: the order under way, unless a cart is being filled.
  const [returnsToOrder] = useState(() => startsOnOrder(tableNo));
  // The ordering part (the cart, whose reducer is the Redux Toolkit slice of store/cart-slice.ts, the sheet,
  // sending, live status) downloads while the menu is fetched, so a phone shows the menu without waiting for
  // it. Not React.lazy: a page the server rendered has it fetched before hydrating, and then it must render in
  // the first pass (lazy would suspend once even then, and the page would be drawn again).
  const [TableOrdering, setTableOrdering] = useState(loadedTableOrdering);
  useEffect(() => {
    if (TableOrdering) return;
    let current = true;
    loadTableOrdering().then(
      (loaded) => current && setTableOrdering(() => loaded),
      // Not fetched (the connection dropped): the route's error page offers to load the page again.
      (error: unknown) =>
        current &&
        setTableOrdering(() => {
          throw error;
        }),
    );
    return () => {
      current = false;
    };
  }, [TableOrdering]);

  // A branch the restaurant does not have: the menu's error says so, by its name.
  const unknownBranch = table.error instanceof PublicApiError && table.error.code === 'BRANCH_LINK_UNKNOWN';
  if (table.error instanceof PublicApiError && table.error.status === 404 && !unknownBranch) {
    return <LinkNotice unknownTableNo={tableNo} />;
  }
  if (table.error instanceof PublicApiError && table.error.status === 403) return <LinkNotice />;

  const restaurantName = menu.data && dinerPlaceName(menu.data.restaurant);
  const menuItemIds = menu.data
    ? new Set(menu.data.categories.flatMap((category) => category.items.map((item) => item._id)))
    : null;
  const englishNames = englishNamesOf(menu.data?.categories ?? []);

  const renderMenu = (DishAction?: DishActionComponent) => {
    if (menu.data) {
      // Until the ordering code is there, the first dishes only: it replaces this menu when it comes.
      return (
        <MenuView categories={menu.data.categories} DishAction={DishAction} reserveDishActions preview={!DishAction} />
      );
    }
    if (menu.isPending) return <MenuLoading />;
    return (
      <MenuLoadError
        message={describePublicError(menu.error, t('menu.loadError'))}
        onRetry={() => {
          menu.reload();
          if (table.error) table.reload();
        }}
      />
    );
  };

  const whileLoading = (
    <TableFrame tableNo={tableNo} restaurantName={restaurantName}>
      {returnsToOrder ? (
        <p role="status" className="py-10 text-center text-stone-700">
          {t('table.order.loading')}
        </p>
      ) : (
        renderMenu()
      )}
    </TableFrame>
  );

  if (!TableOrdering) return whileLoading;
  return (
    <Suspense fallback={whileLoading}>
      <TableOrdering
        tableNo={tableNo}
        tableKey={tableKey}
        socket={socket}
        restaurantName={restaurantName}
        menuItemIds={menuItemIds}
        englishNames={englishNames}
        reloadMenu={menu.reload}
        renderMenu={renderMenu}
      />
    </Suspense>
  );
}
