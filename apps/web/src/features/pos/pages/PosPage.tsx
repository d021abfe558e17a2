import { useId, useState, type ReactNode } from 'react';
import { ShoppingBag } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { Link } from 'react-router';
import type { Item } from '@quan/contract/menu';
import { pointsFor } from '@quan/contract/customer';
import { isOpenOrderStatus, type CreateOrderBody, type Order } from '@quan/contract/order';
import { computeBill } from '@quan/contract/bill';
import { defaultSettings, serviceRateFor } from '@quan/contract/settings';
import { FormAlert } from '../../../components/FormAlert';
import { OptionSheet, type OptionSheetResult } from '../../../components/OptionSheet';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { canWorkOffline } from '../../../lib/offline-shell';
import { addToOutbox, waitsFor, type NewOutboxEntry } from '../../../lib/outbox';
import { isUnreachable } from '../../../lib/outbox-sender';
import { useIsOnline } from '../../../lib/use-is-online';
import { useCan } from '../../../lib/use-can';
import { useNow } from '../../../lib/use-now';
import { restaurantDay } from '../../../lib/restaurant-day';
import { usePageTitle } from '../../../lib/use-page-title';
import { addItem, clearCart, selectCartItems, selectCartTotal } from '../../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { assignTable, removeCustomer, selectHasCustomer, selectOrderInProgress } from '../../../store/order-slice';
import { selectUser } from '../../../store/user-slice';
import { useCategories } from '../../menu/api/list-categories';
import { useOutboxEntries } from '../../outbox/components/use-outbox-entries';
import { useItems } from '../../menu/api/list-items';
import { useSettings } from '../../more/api/get-settings';
import { useCreateOrder } from '../../orders/api/create-order';
import { useReservations } from '../../reservations/api/list-reservations';
import { isBookedSoon, nextBookingByTable } from '../../reservations/components/reservation-display';
import { useTables } from '../../tables/api/list-tables';
import { BillSummary } from '../components/BillSummary';
import { CartPanel } from '../components/CartPanel';
import { CouponField } from '../components/CouponField';
import { groupCartLines, lineKey, maxLineQuantity, toOrderLines } from '../../../store/cart-lines';
import { CustomerSection } from '../components/CustomerSection';
import { MenuBrowser } from '../components/MenuBrowser';
import { OpenOrderRounds } from '../components/OpenOrderRounds';
import { PlacedOrderView } from '../components/PlacedOrderView';
import { RoundBillSummary } from '../components/RoundBillSummary';
import { TablePicker } from '../components/TablePicker';
import { useCouponCheck } from '../components/use-coupon-check';
import { useTableRound } from './use-table-round';

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-stone-200 pt-4 first:border-0 first:pt-0">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The POS (`/menu`): pick dishes, say who and where, place the order, print its tickets. A table whose order is
 * open takes the dishes as that order's next round instead.
 */
export function PosPage() {
  const t = useT();
  usePageTitle(t('pos.pageTitle'));
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const order = useAppSelector(selectOrderInProgress);
  const hasCustomer = useAppSelector(selectHasCustomer);
  const cartItems = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartTotal);
  const categories = useCategories();
  const items = useItems();
  const tables = useTables();
  const settings = useSettings();
  // A walk-in seated at a table booked within the restaurant's warning minutes is warned about (the day's book:
  // /reservations).
  const now = useNow();
  const canSeeReservations = useCan('reservations:read');
  const todaysReservations = useReservations(restaurantDay(new Date(now)), { enabled: canSeeReservations });
  const warnMinutes = (settings.data?.reservations ?? defaultSettings.reservations).warnMinutes;
  const bookedSoon = new Map(
    [...nextBookingByTable(todaysReservations.data ?? [], now)].filter(([, booking]) =>
      isBookedSoon(booking, now, warnMinutes),
    ),
  );
  const createOrderMutation = useCreateOrder();
  const user = useAppSelector(selectUser);
  const isOnline = useIsOnline();
  // What this person already keeps on the tablet goes first: a new order or round queues behind it.
  const hasWaiting = useOutboxEntries().some(waitsFor(user._id));
  const sendsNow = isOnline && !hasWaiting;
  const [orderNote, setOrderNote] = useState('');
  const [couponInput, setCouponInput] = useState('');
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [placedOrder, setPlacedOrder] = useState<Order | null>(null);
  // The dish whose options are being chosen, read from the menu as it is now (an option may sell out meanwhile).
  const [optionsItemId, setOptionsItemId] = useState<string | null>(null);
  const optionsItem = optionsItemId ? items.data?.find((item) => item._id === optionsItemId) : undefined;
  const orderNoteId = useId();

  const lines = groupCartLines(cartItems);
  const unitCount = cartItems.length;
  const taxRate = settings.data?.taxRate ?? defaultSettings.taxRate;
  const restaurantName = settings.data?.restaurantName ?? defaultSettings.restaurantName;
  const canManageMenu = useCan('menu:manage');
  // The chosen table's open order, if it has one: the cart then goes to it as a new round.
  const selectedTable = order.table ? tables.data?.find((table) => table._id === order.table?._id) : undefined;
  const openOrderRef = selectedTable?.currentOrder ?? null;
  const round = useTableRound(openOrderRef?._id ?? null);
  const openOrder = round.order.data;
  const isRound = openOrderRef !== null;
  // A round carries no coupon (the order's own is worked out again by the server), so none is checked for it.
  const couponCheck = useCouponCheck(isRound ? '' : couponInput, subtotal, order.member?._id ?? null);
  const discount = couponCheck.status === 'valid' ? couponCheck.discount : 0;
  const serviceRate = serviceRateFor(settings.data?.serviceCharge ?? defaultSettings.serviceCharge, {
    source: 'pos',
    hasTable: order.table !== null,
  });
  const { total } = computeBill(subtotal, discount, taxRate, serviceRate);
  const points = order.member
    ? {
        earned: pointsFor(total, order.member.membershipLevel, settings.data?.loyalty ?? defaultSettings.loyalty),
        memberName: order.member.name,
      }
    : null;

  // A tap adds to the dish's line without a note or options; a line may hold at most 99.
  const lineQuantity = (itemId: string, note?: string, optionIds?: readonly string[]) =>
    lines.find((line) => line.key === lineKey(itemId, note, optionIds))?.quantity ?? 0;
  const quantityInCart = (itemId: string) => cartItems.filter((entry) => entry.itemId === itemId).length;
  const hasOptions = (item: Item) => item.optionGroups.length > 0;

  // A dish with options opens its sheet (from the menu data: no request, no wait); any other adds at once.
  function add(item: Item) {
    if (hasOptions(item)) {
      setOptionsItemId(item._id);
      return;
    }
    dispatch(addItem({ itemId: item._id, name: item.name, price: item.price }));
    setPlaceError(null);
  }

  function addWithOptions(item: Item, { options, note, quantity, unitPrice }: OptionSheetResult) {
    for (let unit = 0; unit < quantity; unit++) {
      dispatch(addItem({ itemId: item._id, name: item.name, price: unitPrice, note, options }));
    }
    setOptionsItemId(null);
    setPlaceError(null);
  }

  // Offline, the order may not be at hand (the page was reloaded without a network): the round is kept on the
  // tablet all the same, and the server checks it against the order when it is sent.
  const roundBlocker = !openOrderRef
    ? null
    : !isOnline && !openOrder
      ? lines.length === 0
        ? t('pos.blocker.noDishes')
        : null
      : round.order.isPending
        ? t('pos.blocker.orderLoading', { orderNo: openOrderRef.orderNo })
        : !openOrder
          ? t('pos.blocker.orderLoadError', { orderNo: openOrderRef.orderNo })
          : !isOpenOrderStatus(openOrder.status)
            ? t(openOrder.status === 'cancelled' ? 'pos.blocker.orderCancelled' : 'pos.blocker.orderCompleted', {
                orderNo: openOrder.orderNo,
              })
            : lines.length === 0
              ? t('pos.blocker.noDishes')
              : null;

  const blocker = isRound
    ? roundBlocker
    : !hasCustomer
      ? t('pos.blocker.noCustomer')
      : lines.length === 0
        ? t('pos.blocker.noDishes')
        : couponCheck.status === 'checking'
          ? t('pos.blocker.couponChecking')
          : null;

  /**
   * Keeps what could not reach the server on this tablet (lib/outbox.ts), with the key it was (or would have been)
   * sent with, and clears the screen for the next guest as if it had gone: the header counts what waits.
   */
  async function keepOnTablet(entry: Pick<NewOutboxEntry, 'kind' | 'request' | 'estimate' | 'cart'>) {
    try {
      await addToOutbox({ ...entry, userId: user._id, userName: user.name, label: '' });
    } catch {
      // The browser keeps nothing (private browsing, storage full): the order stays on screen to send later.
      setPlaceError(t('outbox.saveFailed'));
      return;
    }
    dispatch(clearCart());
    if (entry.kind === 'order') {
      dispatch(removeCustomer());
      setOrderNote('');
      setCouponInput('');
    }
    setPlaceError(null);
    enqueueSnackbar(t('outbox.saved'), { variant: 'info' });
  }

  // Only the cart's dishes go, as the order's next round; the table stays chosen for the round after it.
  function sendRound() {
    if (blocker || round.isSending || !openOrderRef) return;
    setPlaceError(null);
    const items = toOrderLines(lines);
    const keepRound = (request: { body: unknown; idempotencyKey: string }) =>
      void keepOnTablet({
        kind: 'round',
        request: { method: 'POST', url: `/api/order/${encodeURIComponent(openOrderRef._id)}/rounds`, ...request },
        estimate: null,
        cart: { items: cartItems, table: order.table, orderNo: openOrderRef.orderNo },
      });
    if (!sendsNow) {
      keepRound(round.prepare(items));
      return;
    }
    round.send(items, {
      onUnreachable: keepRound,
      onSent: (updated, roundNo) => {
        dispatch(clearCart());
        enqueueSnackbar(t('pos.round.sent', { roundNo, orderNo: updated.orderNo }), { variant: 'success' });
      },
      onRefused: (error) => {
        // A 409 (the order changed elsewhere, or closed): the order is fetched again and the cart kept.
        const message = describeApiError(error, t('pos.round.sendError'));
        setPlaceError(message);
        enqueueSnackbar(message, { variant: 'error' });
      },
    });
  }

  function placeOrder() {
    if (blocker || createOrderMutation.isPending) return;
    const note = orderNote.trim();
    const body: CreateOrderBody = {
      customerDetails: {
        name: order.customerName,
        guests: order.guests,
        ...(order.customerPhone ? { phone: order.customerPhone } : {}),
      },
      ...(order.table ? { tableId: order.table._id } : {}),
      ...(order.member ? { customerId: order.member._id } : {}),
      items: toOrderLines(lines),
      // A code the server refused (or that is still being checked) is not sent: the order goes without it.
      ...(couponCheck.status === 'valid' ? { couponCode: couponCheck.code } : {}),
      isPreorder: order.isPreorder,
      ...(note ? { note } : {}),
    };
    setPlaceError(null);
    const keepOrder = () =>
      void keepOnTablet({
        kind: 'order',
        request: { method: 'POST', url: '/api/order', body, idempotencyKey: order.orderId },
        estimate: total,
        cart: {
          items: cartItems,
          table: order.table,
          customer: {
            name: order.customerName,
            phone: order.customerPhone,
            guests: order.guests,
            isPreorder: order.isPreorder,
            member: order.member,
          },
        },
      });
    // Offline, TanStack Query would hold the call until the network is back, with the guest's order on screen.
    if (!sendsNow) {
      keepOrder();
      return;
    }
    // The in-progress orderId is the Idempotency-Key: a retry of this very order returns it instead of a copy.
    createOrderMutation.mutate(
      { idempotencyKey: order.orderId, ...body },
      {
        onSuccess: (placed) => {
          dispatch(clearCart());
          dispatch(removeCustomer());
          setOrderNote('');
          setCouponInput('');
          setPlacedOrder(placed);
          enqueueSnackbar(t('pos.order.placed', { orderNo: placed.orderNo }), { variant: 'success' });
        },
        onError: (error) => {
          // No answer: the order may or may not have arrived; kept with its key, it arrives exactly once.
          if (isUnreachable(error)) {
            keepOrder();
            return;
          }
          const message = describeApiError(error, t('pos.order.placeError'));
          setPlaceError(message);
          enqueueSnackbar(message, { variant: 'error' });
        },
      },
    );
  }

  if (placedOrder) {
    return (
      <PlacedOrderView order={placedOrder} restaurantName={restaurantName} onNewOrder={() => setPlacedOrder(null)} />
    );
  }

  function renderMenu() {
    if (categories.isPending || items.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('pos.menu.loading')}
        </p>
      );
    }
    if (categories.isError || items.isError) {
      return (
        <div role="alert" className="card space-y-3 p-6">
          <p className="text-stone-800">{describeApiError(categories.error ?? items.error, t('pos.menu.loadError'))}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              if (categories.isError) void categories.refetch();
              if (items.isError) void items.refetch();
            }}
          >
            {t('pos.tryAgain')}
          </button>
        </div>
      );
    }
    if (items.data.length === 0) {
      return (
        <div className="card p-6 text-stone-700">
          <p>{t('pos.menu.empty')}</p>
          {canManageMenu && (
            <Link to="/menu-management" className="mt-2 inline-block font-semibold text-amber-800 underline">
              {t('pos.menu.emptyManage')}
            </Link>
          )}
        </div>
      );
    }
    return (
      <MenuBrowser
        categories={categories.data}
        items={items.data}
        quantityInCart={quantityInCart}
        canAdd={(item) => hasOptions(item) || lineQuantity(item._id) < maxLineQuantity}
        onAdd={add}
      />
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl px-4 pt-6 pb-24 lg:pb-8">
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('pos.heading')}</h1>
              <p className="text-sm text-stone-600">{t('pos.intro')}</p>
            </div>
            {canManageMenu && (
              <Link
                to="/menu-management"
                className="text-sm font-semibold text-amber-800 underline-offset-2 hover:underline"
              >
                {t('pos.manageMenu')}
              </Link>
            )}
          </div>
          {!isOnline && (
            <p
              role="status"
              className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset"
            >
              {t('outbox.offline.banner')}
              {/* Over plain http the browser keeps no copy of the app: a reload now would show nothing. */}
              {!canWorkOffline() && <span className="mt-1 block font-semibold">{t('outbox.needsHttps')}</span>}
            </p>
          )}
          {renderMenu()}
        </div>

        {/* On tablets and desktops the panel stays beside the menu; its bill and button never scroll away. */}
        <aside
          id="current-order"
          aria-labelledby="current-order-title"
          className="card flex scroll-mt-20 flex-col md:sticky md:top-20 md:max-h-[calc(100dvh-6rem)]"
        >
          <div className="space-y-4 p-4 md:min-h-0 md:flex-1 md:overflow-y-auto">
            <h2 id="current-order-title" className="text-lg font-semibold text-stone-900">
              {t('pos.currentOrder')}
            </h2>
            <PanelSection title={t('pos.section.customer')}>
              {openOrderRef ? (
                // The order already says who it is for; a round only adds dishes to it.
                <div className="text-sm">
                  <p className="font-semibold text-stone-900">
                    {openOrder?.customerDetails.name ?? openOrderRef.customerName}
                  </p>
                  {openOrder && (
                    <p className="text-stone-600">{t('pos.guests', { count: openOrder.customerDetails.guests })}</p>
                  )}
                  <p className="mt-1 text-stone-600">{t('pos.round.noDetails', { orderNo: openOrderRef.orderNo })}</p>
                </div>
              ) : (
                <CustomerSection />
              )}
            </PanelSection>
            <PanelSection title={t('pos.section.table')}>
              <TablePicker
                tables={tables.data}
                isLoading={tables.isPending}
                error={tables.isError ? describeApiError(tables.error, t('pos.tables.loadError')) : null}
                selected={order.table}
                guests={order.guests}
                bookedSoon={bookedSoon}
                onSelect={(table) => {
                  dispatch(assignTable(table));
                  setPlaceError(null);
                }}
              />
              <div aria-live="polite">
                {order.table && openOrderRef && (
                  <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200 ring-inset">
                    {round.nextRoundNo
                      ? t('pos.round.joins', {
                          tableNo: order.table.tableNo,
                          orderNo: openOrderRef.orderNo,
                          roundNo: round.nextRoundNo,
                        })
                      : t('pos.round.joinsNew', { tableNo: order.table.tableNo, orderNo: openOrderRef.orderNo })}
                  </p>
                )}
              </div>
            </PanelSection>
            {openOrderRef && (
              <PanelSection title={t('pos.section.soFar', { orderNo: openOrderRef.orderNo })}>
                {openOrder ? (
                  <OpenOrderRounds order={openOrder} />
                ) : round.order.isError ? (
                  <div role="alert" className="space-y-2 text-sm text-red-700">
                    <p>
                      {describeApiError(round.order.error, t('pos.order.loadError', { orderNo: openOrderRef.orderNo }))}
                    </p>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => void round.order.refetch()}
                    >
                      {t('pos.tryAgain')}
                    </button>
                  </div>
                ) : (
                  <p role="status" className="text-sm text-stone-600">
                    {t('pos.order.loading', { orderNo: openOrderRef.orderNo })}
                  </p>
                )}
              </PanelSection>
            )}
            <PanelSection
              title={
                openOrderRef
                  ? unitCount > 0
                    ? t('pos.section.newRoundCount', { count: unitCount })
                    : t('pos.section.newRound')
                  : unitCount > 0
                    ? t('pos.section.dishesCount', { count: unitCount })
                    : t('pos.section.dishes')
              }
            >
              <CartPanel lines={lines} />
            </PanelSection>
            {/* A round takes neither a coupon nor a note: those belong to the order, set when it was placed. */}
            {!openOrderRef && (
              <>
                <PanelSection title={t('pos.section.coupon')}>
                  <CouponField value={couponInput} check={couponCheck} onChange={setCouponInput} />
                </PanelSection>
                <div className="border-t border-stone-200 pt-4">
                  <label htmlFor={orderNoteId} className="field-label">
                    {t('pos.note.label')}
                  </label>
                  <input
                    id={orderNoteId}
                    value={orderNote}
                    maxLength={500}
                    autoComplete="off"
                    placeholder={t('pos.note.placeholder')}
                    onChange={(event) => setOrderNote(event.target.value)}
                    className="field-input"
                  />
                </div>
              </>
            )}
          </div>
          <div className="space-y-3 rounded-b-2xl border-t border-stone-200 bg-stone-50 p-4">
            <PanelSection title={t('pos.section.bill')}>
              {openOrderRef ? (
                openOrder ? (
                  <RoundBillSummary order={openOrder} newSubtotal={subtotal} />
                ) : (
                  <p className="text-sm text-stone-600">{t('pos.bill.waiting')}</p>
                )
              ) : (
                <BillSummary
                  subtotal={subtotal}
                  discount={discount}
                  couponCode={couponCheck.status === 'valid' ? couponCheck.code : null}
                  taxRate={taxRate}
                  serviceRate={serviceRate}
                  points={points}
                />
              )}
            </PanelSection>
            {placeError && <FormAlert>{placeError}</FormAlert>}
            {isRound ? (
              <button
                type="button"
                className="btn btn-primary min-h-14 w-full text-base"
                disabled={blocker !== null || round.isSending}
                aria-describedby={blocker ? `${orderNoteId}-blocker` : undefined}
                onClick={sendRound}
              >
                {round.isSending ? t('pos.sending') : t('pos.send')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary min-h-14 w-full text-base"
                disabled={blocker !== null || createOrderMutation.isPending}
                aria-describedby={blocker ? `${orderNoteId}-blocker` : undefined}
                onClick={placeOrder}
              >
                {createOrderMutation.isPending ? t('pos.placing') : t('pos.place')}
              </button>
            )}
            {blocker && (
              <p id={`${orderNoteId}-blocker`} className="text-center text-sm text-stone-600">
                {blocker}
              </p>
            )}
          </div>
        </aside>
      </div>

      {optionsItem && (
        <OptionSheet
          key={optionsItem._id}
          dish={optionsItem}
          maxQuantity={maxLineQuantity}
          limitProblem={({ optionIds, note, quantity }) => {
            if (!optionsItem.isAvailable || optionsItem.isSoldOut) {
              return t('pos.option.unavailable', { dish: optionsItem.name });
            }
            const left = maxLineQuantity - lineQuantity(optionsItem._id, note, optionIds);
            return quantity > left
              ? t('pos.option.lineFull', {
                  count: maxLineQuantity - left,
                  dish: optionsItem.name,
                  max: maxLineQuantity,
                })
              : null;
          }}
          onAdd={(result) => addWithOptions(optionsItem, result)}
          onClose={() => setOptionsItemId(null)}
        />
      )}

      {unitCount > 0 && (
        <a
          href="#current-order"
          className="fixed inset-x-4 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-20 flex min-h-12 items-center justify-between gap-3 rounded-2xl bg-stone-900 px-4 text-sm font-semibold text-white shadow-lg md:hidden"
        >
          <span className="flex items-center gap-2">
            <ShoppingBag aria-hidden="true" className="size-5" />
            {t('pos.review', { count: unitCount })}
          </span>
          <span className="tabular-nums">{formatMoney(subtotal)}</span>
        </a>
      )}
    </section>
  );
}
