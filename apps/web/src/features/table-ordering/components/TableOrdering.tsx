import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DinerOrderResult, PublicMenu } from '@quan/contract/public';
import { OptionSheet, type OptionSheetResult } from '../../../components/OptionSheet';
import { useLanguage, useT } from '../../../lib/i18n';
import { describePublicError, PublicApiError } from '../../../lib/public-api';
import type { AppSocket } from '../../../lib/socket';
import { toOrderLines } from '../../../store/cart-lines';
import { addItem, clearCart, removeItem } from '../../../store/cart-slice';
import type { TrackedOrder } from '../api/get-public-order';
import { CartBar } from './CartBar';
import { CartSheet } from './CartSheet';
import { newerOrder, withLiveUpdate } from './order-progress';
import { OrderBanner } from './OrderBanner';
import { RateLimitNotice, UnsentNotice } from './OrderRetryNotices';
import { soldLineInEnglish } from './order-language';
import { OrderStatusView } from './OrderStatusView';
import { DishCartAction, TableCartContext, type TableCartActions } from './table-cart-context';
import { TableFrame } from './TableFrame';
import { MissingKeyNotice, UnknownTableNotice } from './TableNotices';
import { loadTrackedOrder } from './table-session';
import { clearTrackedOrder, saveTrackedOrder } from './table-session-store';
import { useOrderSubmission } from './use-order-submission';
import { useOrderTracking } from './use-order-tracking';
import { maxUnitsPerDish, useTableCart } from './use-table-cart';

type MenuItem = PublicMenu['categories'][number]['items'][number];

/** A dish with options opens a sheet to choose them; any other adds with one tap. */
const hasOptions = (item: MenuItem) => item.optionGroups.length > 0;

interface TableOrderingProps {
  tableNo: number;
  tableKey: string;
  socket: AppSocket | null;
  restaurantName: string | undefined;
  /** The dishes on the menu now; null until it has loaded. */
  menuItemIds: ReadonlySet<string> | null;
  /** The English names of the menu's dishes and options by id, for the order's lines on a page in English. */
  englishNames: ReadonlyMap<string, string>;
  reloadMenu: () => void;
  /** The page's menu (or its loading and error states), with this component's cart buttons on each dish. */
  renderMenu: (DishAction: typeof DishCartAction) => ReactNode;
}

/**
 * Everything that orders on the table page: the cart (the reducer of store/cart-slice.ts), the cart sheet,
 * sending the order, and following it live. The page loads it lazily, while it fetches the menu.
 */
export function TableOrdering({
  tableNo,
  tableKey,
  socket,
  restaurantName,
  menuItemIds,
  englishNames,
  reloadMenu,
  renderMenu,
}: TableOrderingProps) {
  const t = useT();
  const language = useLanguage();
  const cart = useTableCart(tableNo);
  const [tracked, setTracked] = useState<TrackedOrder | null>(() => loadTrackedOrder(tableNo));
  const [placedOrder, setPlacedOrder] = useState<DinerOrderResult | null>(null);
  // Back on the page with an order under way, the diner sees it first, unless a cart is being filled.
  const [view, setView] = useState<'menu' | 'status'>(() => (tracked && cart.items.length === 0 ? 'status' : 'menu'));
  // Once the diner switches views, focus follows to the new view's start (not on arrival at the page).
  const [hasSwitchedView, setHasSwitchedView] = useState(false);
  const showView = (next: 'menu' | 'status') => {
    setView(next);
    setHasSwitchedView(true);
  };
  const [isCartOpen, setIsCartOpen] = useState(false);
  // The dish whose options the diner is choosing; they came with the menu, so the sheet opens at once.
  const [optionsItem, setOptionsItem] = useState<MenuItem | null>(null);
  const tracking = useOrderTracking(tracked, socket);
  const { submission, placeOrder, retry, dismissRefusal } = useOrderSubmission(tableNo, {
    onPlaced: (order) => {
      const next = { orderId: order._id, trackingToken: order.trackingToken, tableNo };
      saveTrackedOrder(next);
      setTracked(next);
      setPlacedOrder(order);
      cart.dispatch(clearCart());
      setIsCartOpen(false);
      showView('status');
    },
    onRefused: reloadMenu,
  });

  // Changing the cart answers the server's last refusal, so its message goes.
  const { dispatch, items, unitsOf, canAdd } = cart;
  const changeCart = useCallback<typeof dispatch>(
    (action) => {
      dispatch(action);
      dismissRefusal();
    },
    [dispatch, dismissRefusal],
  );
  // For the dish buttons: stable while the cart does not change, so the memoised menu stays as it is.
  const cartActions = useMemo<TableCartActions>(
    () => ({
      unitsOf,
      // A dish with options may still fit as another choice; the sheet says when it does not.
      canAdd: (item) => (hasOptions(item) ? unitsOf(item._id) < maxUnitsPerDish : canAdd(item._id)),
      add: (item) => {
        if (hasOptions(item)) setOptionsItem(item);
        else changeCart(addItem({ itemId: item._id, name: item.name, price: item.price }));
      },
      removeOne: (itemId) => {
        const newest = items.findLast((entry) => entry.itemId === itemId);
        if (newest) changeCart(removeItem(newest.id));
      },
    }),
    [unitsOf, canAdd, items, changeCart],
  );

  const isSending = submission.status === 'sending';
  // A second order from this phone (or another at the table) joins the table's open order: the answer is that
  // same order with one more round, newer than the last load until the next one.
  const answeredOrder = placedOrder && placedOrder._id === tracked?.orderId ? placedOrder : undefined;
  const knownOrder = newerOrder(tracking.order, answeredOrder);
  const shownOrder = knownOrder && withLiveUpdate(knownOrder, tracking.live);
  const shownStatus = shownOrder?.status ?? tracking.live?.status;
  const isOrderOpen = !!shownOrder && shownStatus !== 'completed' && shownStatus !== 'cancelled';

  if (submission.status === 'no-key') return <MissingKeyNotice />;
  if (submission.status === 'no-table') return <UnknownTableNotice tableNo={tableNo} />;
  if (submission.status === 'rate-limited' || (isSending && submission.retryingAfter === 'rate-limited')) {
    return (
      <RateLimitNotice
        key={submission.status}
        retryAfterSeconds={submission.status === 'rate-limited' ? submission.retryAfterSeconds : null}
        lines={cart.lines}
        isSending={isSending}
        onRetry={retry}
      />
    );
  }
  if (submission.status === 'unsent' || (isSending && submission.retryingAfter === 'unsent')) {
    return (
      <UnsentNotice
        message={
          submission.status !== 'unsent'
            ? t('table.unsent.resending')
            : submission.error === null
              ? t('table.unsent.unconfirmed')
              : describePublicError(submission.error, t('table.unsent.notSent'))
        }
        lines={cart.lines}
        isSending={isSending}
        onRetry={retry}
      />
    );
  }

  const unavailableItemIds = new Set(
    menuItemIds ? cart.items.filter((entry) => !menuItemIds.has(entry.itemId)).map((entry) => entry.itemId) : [],
  );

  function addWithOptions(item: MenuItem, { options, note, quantity, unitPrice }: OptionSheetResult) {
    for (let unit = 0; unit < quantity; unit++) {
      changeCart(addItem({ itemId: item._id, name: item.name, price: unitPrice, note, options }));
    }
    setOptionsItem(null);
  }

  function submitOrder() {
    const name = cart.name.trim();
    placeOrder({
      tableNo,
      tableKey,
      ...(name ? { customerDetails: { name } } : {}),
      items: toOrderLines(cart.lines),
    });
  }

  function forgetTrackedOrder() {
    clearTrackedOrder(tableNo);
    setTracked(null);
    showView('menu');
  }

  function renderStatus() {
    if (shownOrder && shownStatus) {
      return (
        <OrderStatusView
          order={
            language === 'en'
              ? { ...shownOrder, items: shownOrder.items.map((line) => soldLineInEnglish(line, englishNames)) }
              : shownOrder
          }
          status={shownStatus}
          isFollowing={tracking.isFollowing}
          isRefreshing={tracking.isPending}
          onRefresh={tracking.reload}
          onOrderMore={() => showView('menu')}
          focusOnMount={hasSwitchedView}
        />
      );
    }
    if (tracking.isPending) {
      return (
        <p role="status" className="py-10 text-center text-stone-700">
          {t('table.order.loading')}
        </p>
      );
    }
    if (tracking.error instanceof PublicApiError && tracking.error.status === 404) {
      return (
        <div role="alert" className="rounded-2xl border border-stone-200 bg-white p-6 text-center">
          <p className="text-stone-800">{t('table.order.gone')}</p>
          <button type="button" className="btn btn-primary mt-4 min-h-11" onClick={forgetTrackedOrder}>
            {t('table.order.backToMenu')}
          </button>
        </div>
      );
    }
    return (
      <div role="alert" className="rounded-2xl border border-stone-200 bg-white p-6 text-center">
        <p className="text-stone-800">{describePublicError(tracking.error, t('table.order.loadError'))}</p>
        <button type="button" className="btn btn-primary mt-4 min-h-11" onClick={tracking.reload}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }

  return (
    <TableFrame
      tableNo={tableNo}
      restaurantName={restaurantName}
      after={
        <>
          {view === 'menu' && cart.items.length > 0 && (
            <CartBar count={cart.items.length} total={cart.total} onOpen={() => setIsCartOpen(true)} />
          )}
          {optionsItem && view === 'menu' && (
            <OptionSheet
              key={optionsItem._id}
              dish={optionsItem}
              maxQuantity={Math.max(1, maxUnitsPerDish - unitsOf(optionsItem._id))}
              limitProblem={(choice) => cart.limitProblem(optionsItem, choice)}
              onAdd={(result) => addWithOptions(optionsItem, result)}
              onClose={() => setOptionsItem(null)}
            />
          )}
          {isCartOpen && (
            <CartSheet
              tableNo={tableNo}
              lines={cart.lines}
              total={cart.total}
              name={cart.name}
              onNameChange={cart.setName}
              dispatch={changeCart}
              canAdd={cart.canAdd}
              unavailableItemIds={unavailableItemIds}
              refusal={submission.status === 'refused' ? submission.message : null}
              joinsOrderNo={isOrderOpen ? shownOrder.orderNo : null}
              isSending={isSending}
              onPlaceOrder={submitOrder}
              onClose={() => setIsCartOpen(false)}
            />
          )}
        </>
      }
    >
      {view === 'status' && tracked ? (
        renderStatus()
      ) : (
        <>
          {tracked && (
            <OrderBanner
              orderNo={shownOrder?.orderNo}
              status={shownStatus}
              onShow={() => showView('status')}
              focusOnMount={hasSwitchedView}
            />
          )}
          <TableCartContext value={cartActions}>{renderMenu(DishCartAction)}</TableCartContext>
        </>
      )}
    </TableFrame>
  );
}
