import { ChefHat, List } from 'lucide-react';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { KitchenBoard } from '../components/KitchenBoard';
import { KitchenStationPicker } from '../components/KitchenStationPicker';
import { OrderList } from '../components/OrderList';
import { DayRangeFields } from '../../../components/DayRangeFields';
import { restaurantDay } from '../../../lib/restaurant-day';
import { useFilterParams } from '../../../lib/use-filter-params';
import { isOrderTab, orderTabMessages, orderTabs, type OrderTab } from '../components/order-status';
import { useNow } from '../../../lib/use-now';
import { useOrderMoves } from '../components/use-order-moves';
import { useStationWork } from '../components/use-station-work';
import { useKitchenStation } from './use-kitchen-station';
import { useStations } from '../../menu/api/list-stations';
import { useTabActions } from './use-tab-actions';

type View = 'list' | 'kitchen';

/**
 * The orders board. What it shows lives in the address (?view=kitchen, ?station=, ?status=ready, ?from, ?to,
 * ?page), so a kitchen tablet can be bookmarked on its screen and a reload keeps the filters.
 */
export function OrdersPage() {
  const t = useT();
  usePageTitle(t('orders.pageTitle'));
  const { params, from, to, page, update } = useFilterParams();
  const view: View = params.get('view') === 'kitchen' ? 'kitchen' : 'list';
  const statusParam = params.get('status');
  const tab: OrderTab = isOrderTab(statusParam) ? statusParam : 'active';
  const now = useNow();
  const moves = useOrderMoves();
  const tabActions = useTabActions();
  const stationWork = useStationWork();
  const kitchen = useKitchenStation({
    enabled: view === 'kitchen',
    param: params.get('station'),
    setParam: (station) => update({ station }),
  });
  const canMove = useCan('orders:update');
  const canVoid = useCan('orders:void');
  // An order is busy while any change of it is on its way: the next one must carry the version this one leaves.
  const busyIds = useMemo(
    () => new Set([...moves.busyIds, ...tabActions.busyIds, ...stationWork.busyIds]),
    [moves.busyIds, tabActions.busyIds, stationWork.busyIds],
  );

  // The cards name the station whose ticket has not printed ("Bếp lượt 2"); the list is small and shared.
  const stations = useStations({ enabled: view === 'list' });
  const stationNames = useMemo(
    () => new Map((stations.data ?? []).map((station) => [station._id, station.name])),
    [stations.data],
  );

  const today = restaurantDay(new Date(now));

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('orders.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {view === 'kitchen'
              ? kitchen.station
                ? t('orders.kitchen.stationIntro', { station: kitchen.station.name })
                : t('orders.kitchen.intro')
              : t('orders.intro')}
          </p>
        </div>
        <div
          role="group"
          aria-label={t('orders.view')}
          className="inline-flex rounded-lg border border-stone-300 bg-white p-1"
        >
          <button
            type="button"
            aria-pressed={view === 'list'}
            onClick={() => update({ view: null, station: null })}
            className={`btn btn-sm min-h-11 sm:min-h-8 ${view === 'list' ? 'bg-stone-900 text-white' : 'text-stone-700'}`}
          >
            <List aria-hidden="true" className="size-4" />
            {t('orders.view.list')}
          </button>
          <button
            type="button"
            aria-pressed={view === 'kitchen'}
            onClick={() => update({ view: 'kitchen' })}
            className={`btn btn-sm min-h-11 sm:min-h-8 ${view === 'kitchen' ? 'bg-stone-900 text-white' : 'text-stone-700'}`}
          >
            <ChefHat aria-hidden="true" className="size-4" />
            {t('orders.view.kitchen')}
          </button>
        </div>
      </div>

      {view === 'kitchen' ? (
        <div className="space-y-4">
          {kitchen.stations.length > 0 && (
            <KitchenStationPicker
              stations={kitchen.stations}
              stationId={kitchen.station?._id ?? null}
              onChoose={kitchen.choose}
            />
          )}
          {kitchen.isUnknown && (
            <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">
              {t('orders.kitchen.unknownStation')}
            </p>
          )}
          {kitchen.isResolving ? (
            <p role="status" className="text-lg text-stone-600">
              {t('orders.kitchen.loadingStations')}
            </p>
          ) : (
            <KitchenBoard
              now={now}
              busyIds={busyIds}
              canMove={canMove}
              onMove={moves.requestRoundMove}
              stations={kitchen.stations}
              station={kitchen.station}
              prepMinutesOf={kitchen.prepMinutesOf}
              onStationWork={stationWork.requestStationWork}
              onStart={stationWork.requestStart}
              ticketErrors={stationWork.errors}
            />
          )}
        </div>
      ) : (
        <>
          <div className="space-y-4">
            <div
              role="group"
              aria-label={t('orders.statusFilter')}
              className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
            >
              {orderTabs.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={tab === option}
                  onClick={() => update({ status: option === 'active' ? null : option })}
                  className={`btn btn-sm shrink-0 ${tab === option ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
                >
                  {t(orderTabMessages[option])}
                </button>
              ))}
            </div>
            <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
              <DayRangeFields idPrefix="orders" from={from} to={to} onChange={update} />
              <button type="button" className="btn btn-secondary" onClick={() => update({ from: today, to: today })}>
                {t('orders.today')}
              </button>
              {(from || to) && (
                <button type="button" className="btn btn-secondary" onClick={() => update({ from: null, to: null })}>
                  {t('orders.anyDate')}
                </button>
              )}
            </div>
          </div>
          <OrderList
            tab={tab}
            from={from}
            to={to}
            page={page}
            onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
            now={now}
            busyIds={busyIds}
            canMove={canMove}
            canVoid={canVoid}
            onMove={moves.requestMove}
            onRoundMove={moves.requestRoundMove}
            onAction={tabActions.requestAction}
            onPayPart={tabActions.requestPayPart}
            stationNames={stationNames}
          />
        </>
      )}
      {moves.dialogs}
      {tabActions.dialogs}
    </section>
  );
}
