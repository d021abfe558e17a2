import { useId, useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import type { Item } from '@quan/contract/menu';
import type { Order } from '@quan/contract/order';
import { FormAlert } from '../../../components/FormAlert';
import { OptionSheet, type OptionSheetResult } from '../../../components/OptionSheet';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { canWorkOffline } from '../../../lib/offline-shell';
import { useIsOnline } from '../../../lib/use-is-online';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { groupCartLines, lineKey, maxLineQuantity } from '../../../store/cart-lines';
import { addItem, selectCartItems, selectCartTotal } from '../../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { assignTable, selectCanStartOrder, selectOrderInProgress } from '../../../store/order-slice';
import { useItems } from '../../menu/api/list-items';
import { useTables } from '../../tables/api/list-tables';
import { useTablesAwaitingSend } from '../../outbox/components/use-outbox-entries';
import { BillSummary } from '../components/BillSummary';
import { CartPanel } from '../components/CartPanel';
import { CouponField } from '../components/CouponField';
import { CustomerSection } from '../components/CustomerSection';
import { OpenOrderGuest, OpenOrderSoFar, RoundJoinsNotice } from '../components/OpenOrderParts';
import { PanelSection } from '../components/PanelSection';
import { PlacedOrderView } from './PlacedOrderView';
import { BillButton } from '../../orders/components/BillDialog';
import { PosMenu } from './PosMenu';
import { RoundBillSummary } from '../components/RoundBillSummary';
import { TablePicker } from '../components/TablePicker';
import { orderBlocker, roundBlocker } from '../components/send-blocker';
import { useBookedSoon } from './use-booked-soon';
import { useCartBill } from './use-cart-bill';
import { useOrderCoupon } from '../components/use-coupon-check';
import { useSendCart } from './use-send-cart';
import { useTableRound } from './use-table-round';

/**
 * The POS (`/menu`): pick dishes, say who and where, place the order, print its tickets. A table whose order is
 * open takes the dishes as that order's next round instead.
 */
export function PosPage() {
  const t = useT();
  usePageTitle(t('pos.pageTitle'));
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrderInProgress);
  const canStartOrder = useAppSelector(selectCanStartOrder);
  const cartItems = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartTotal);
  const items = useItems();
  const tables = useTables();
  const bookedSoon = useBookedSoon();
  const awaitingSend = useTablesAwaitingSend();
  const isOnline = useIsOnline();
  const sending = useSendCart();
  const [orderNote, setOrderNote] = useState('');
  const [placedOrder, setPlacedOrder] = useState<Order | null>(null);
  // The dish whose options are being chosen, read from the menu as it is now (an option may sell out meanwhile).
  const [optionsItemId, setOptionsItemId] = useState<string | null>(null);
  const optionsItem = optionsItemId ? items.data?.find((item) => item._id === optionsItemId) : undefined;
  const orderNoteId = useId();

  const lines = groupCartLines(cartItems);
  const unitCount = cartItems.length;
  const canManageMenu = useCan('menu:manage');
  // The chosen table's open order, if it has one: the cart then goes to it as a new round.
  const selectedTable = order.table ? tables.data?.find((table) => table._id === order.table?._id) : undefined;
  const openOrderRef = selectedTable?.currentOrder ?? null;
  const round = useTableRound(openOrderRef?._id ?? null);
  const openOrder = round.order.data;
  const isRound = openOrderRef !== null;
  const coupon = useOrderCoupon(subtotal, order.member?._id ?? null, { isRound });
  const { subtotals, bill, points } = useCartBill(cartItems, coupon.discount, {
    hasTable: order.table !== null,
    member: order.member,
  });
  const placeError = sending.error;
  const setPlaceError = sending.setError;

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

  const hasDishes = lines.length > 0;
  const blocker = openOrderRef
    ? roundBlocker(t, {
        isOnline,
        orderNo: openOrderRef.orderNo,
        order: openOrder,
        isLoading: round.order.isPending,
        hasDishes,
      })
    : orderBlocker(t, { canStart: canStartOrder, hasDishes, isCheckingCoupon: coupon.check.status === 'checking' });

  function sendRound() {
    if (blocker || sending.isSendingRound || !openOrderRef) return;
    void sending.sendRound(round, openOrderRef);
  }

  async function placeOrder() {
    if (blocker || sending.isPlacing) return;
    const delivery = await sending.placeOrder({
      couponCode: coupon.code,
      note: orderNote.trim(),
      estimate: bill.total,
    });
    // Sent or kept on the tablet, the order has left the screen: the next guest starts afresh.
    if (delivery?.outcome === 'sent' || delivery?.outcome === 'kept') {
      setOrderNote('');
      coupon.setInput('');
    }
    if (delivery?.outcome === 'sent') setPlacedOrder(delivery.order);
  }

  if (placedOrder) {
    return <PlacedOrderView order={placedOrder} onNewOrder={() => setPlacedOrder(null)} />;
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
          <PosMenu
            quantityInCart={quantityInCart}
            canAdd={(item) => hasOptions(item) || lineQuantity(item._id) < maxLineQuantity}
            onAdd={add}
          />
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
              {openOrderRef ? <OpenOrderGuest orderRef={openOrderRef} order={openOrder} /> : <CustomerSection />}
            </PanelSection>
            <PanelSection title={t('pos.section.table')}>
              <TablePicker
                tables={tables.data}
                isLoading={tables.isPending}
                error={tables.isError ? describeApiError(tables.error, t('pos.tables.loadError')) : null}
                selected={order.table}
                guests={order.guests}
                bookedSoon={bookedSoon}
                awaitingSend={awaitingSend}
                onSelect={(table) => {
                  dispatch(assignTable(table));
                  setPlaceError(null);
                }}
              />
              <div aria-live="polite">
                {order.table && openOrderRef && (
                  <RoundJoinsNotice
                    tableNo={order.table.tableNo}
                    orderNo={openOrderRef.orderNo}
                    nextRoundNo={round.nextRoundNo}
                  />
                )}
              </div>
            </PanelSection>
            {openOrderRef && (
              <PanelSection title={t('pos.section.soFar', { orderNo: openOrderRef.orderNo })}>
                <OpenOrderSoFar
                  orderNo={openOrderRef.orderNo}
                  order={openOrder}
                  loadError={round.order.isError ? round.order.error : null}
                  onRetry={() => void round.order.refetch()}
                />
                {/* The guest at this table may ask for the bill between rounds. */}
                {openOrder && (
                  <BillButton order={openOrder} className="btn btn-secondary btn-sm mt-2 min-h-11 w-full" />
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
                  <CouponField value={coupon.input} check={coupon.check} onChange={coupon.setInput} />
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
                  <RoundBillSummary order={openOrder} newSubtotals={subtotals} />
                ) : (
                  <p className="text-sm text-stone-600">{t('pos.bill.waiting')}</p>
                )
              ) : (
                <BillSummary bill={bill} couponCode={coupon.code} points={points} />
              )}
            </PanelSection>
            {placeError && <FormAlert>{placeError}</FormAlert>}
            {isRound ? (
              <button
                type="button"
                className="btn btn-primary min-h-14 w-full text-base"
                disabled={blocker !== null || sending.isSendingRound}
                aria-describedby={blocker ? `${orderNoteId}-blocker` : undefined}
                onClick={sendRound}
              >
                {sending.isSendingRound ? t('pos.sending') : t('pos.send')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary min-h-14 w-full text-base"
                disabled={blocker !== null || sending.isPlacing}
                aria-describedby={blocker ? `${orderNoteId}-blocker` : undefined}
                onClick={() => void placeOrder()}
              >
                {sending.isPlacing ? t('pos.placing') : t('pos.place')}
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
