import { Armchair, ClipboardList, Flame, Receipt, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { openOrderStatuses } from '@quan/contract/order';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useCan } from '../../../lib/use-can';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useTodaysRevenue } from '../../dashboard/api/get-revenue';
import { useOrders } from '../../orders/api/list-orders';
import { OrderStatusBadge } from '../../orders/components/OrderBadges';
import { tableLabel } from '../../orders/components/order-names';
import { restaurantDay } from '../../../lib/restaurant-day';
import { useNow } from '../../../lib/use-now';
import { useTables } from '../../tables/api/list-tables';
import { useTopDishes } from '../api/get-top-dishes';
import { StatCard } from '../components/StatCard';
import { greet } from './greeting';

export function HomePage() {
  const t = useT();
  usePageTitle(t('home.pageTitle'));
  const { name } = useAppSelector(selectUser);
  const canReadReports = useCan('reports:read');
  const now = useNow(60_000);
  const today = restaurantDay(new Date(now));

  const openOrders = useOrders({ status: openOrderStatuses, limit: 1 });
  const recentOrders = useOrders({ limit: 5 });
  const topDishes = useTopDishes(today);
  const tables = useTables();
  // Those who may not read the figures would be refused (403): they do not ask.
  const revenue = useTodaysRevenue(today, { enabled: canReadReports });

  const bookedTables = tables.data?.filter((table) => table.status === 'booked').length;
  const freeTables = tables.data && bookedTables !== undefined ? tables.data.length - bookedTables : undefined;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {greet(name, new Date(now), t)}
        </h1>
        <p className="mt-1 text-sm text-stone-600">{t('home.subtitle')}</p>
      </div>

      <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${canReadReports ? 'lg:grid-cols-3' : ''}`}>
        <StatCard
          title={t('home.openOrders.title')}
          icon={ClipboardList}
          value={openOrders.isError ? '–' : (openOrders.data?.pagination.totalItems ?? null)}
          detail={openOrders.isError ? t('home.orders.loadError') : t('home.openOrders.detail')}
          link={{ to: '/orders', label: t('home.openOrders.link') }}
        />
        <StatCard
          title={t('home.tables.title')}
          icon={Armchair}
          value={
            tables.isError ? '–' : bookedTables === undefined ? null : t('home.tables.booked', { count: bookedTables })
          }
          detail={
            tables.isError
              ? t('home.tables.loadError')
              : freeTables !== undefined && t('home.tables.free', { count: freeTables })
          }
          link={{ to: '/tables', label: t('home.tables.link') }}
        />
        {canReadReports && (
          <StatCard
            title={t('home.revenue.title')}
            icon={Wallet}
            value={revenue.isError ? '–' : revenue.data ? formatMoney(revenue.data.totalRevenue) : null}
            detail={
              revenue.isError
                ? t('home.revenue.loadError')
                : revenue.data && t('home.revenue.completed', { count: revenue.data.orderCount })
            }
            link={{ to: '/dashboard', label: t('home.revenue.link') }}
          />
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section aria-labelledby="recent-orders-title" className="card p-5">
          <h2 id="recent-orders-title" className="flex items-center gap-2 font-semibold text-stone-900">
            <Receipt aria-hidden="true" className="size-4 text-amber-700" />
            {t('home.recent.title')}
          </h2>
          {recentOrders.isPending ? (
            <p role="status" className="mt-3 text-sm text-stone-600">
              {t('home.recent.loading')}
            </p>
          ) : recentOrders.isError ? (
            <p className="mt-3 text-sm text-stone-700">{t('home.orders.loadError')}</p>
          ) : recentOrders.data.orders.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">{t('home.recent.empty')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {recentOrders.data.orders.slice(0, 5).map((order) => (
                <li key={order._id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      #{order.orderNo} · {tableLabel(order, t)}
                    </p>
                    <p className="text-xs text-stone-600">{formatDateTime(order.createdAt)}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <OrderStatusBadge status={order.status} />
                    <span className="text-sm font-semibold text-stone-900">{formatMoney(order.bills.total)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Link
            to="/orders?status=all"
            className="mt-3 inline-block text-sm font-semibold text-amber-800 hover:underline"
          >
            {t('home.recent.all')}
          </Link>
        </section>

        <section aria-labelledby="popular-dishes-title" className="card p-5">
          <h2 id="popular-dishes-title" className="flex items-center gap-2 font-semibold text-stone-900">
            <Flame aria-hidden="true" className="size-4 text-amber-700" />
            {t('home.popular.title')}
          </h2>
          {topDishes.isPending ? (
            <p role="status" className="mt-3 text-sm text-stone-600">
              {t('home.popular.loading')}
            </p>
          ) : topDishes.isError ? (
            <p className="mt-3 text-sm text-stone-700">{t('home.popular.loadError')}</p>
          ) : topDishes.data.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">{t('home.popular.empty')}</p>
          ) : (
            <ol className="mt-3 space-y-2">
              {topDishes.data.map((dish, index) => (
                <li key={`${index}-${dish.name}`} className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-100 text-sm font-bold text-amber-900"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-stone-900">{dish.name}</span>
                  <span className="text-sm font-semibold text-stone-700">× {dish.quantity}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </section>
  );
}
