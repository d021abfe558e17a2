import type { ReactNode } from 'react';
import type { OrderStatus } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { RECENT_ORDER_COUNT, useCustomerOrders } from '../api/list-customer-orders';

interface CustomerRecentOrdersProps {
  customerId: string;
  /** The orders feature's status badge, which the page passes in. */
  renderStatus: (status: OrderStatus) => ReactNode;
}

/** The customer's latest orders, newest first. */
export function CustomerRecentOrders({ customerId, renderStatus }: CustomerRecentOrdersProps) {
  const t = useT();
  const orders = useCustomerOrders(customerId);

  if (orders.isPending) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('customers.orders.loading')}
      </p>
    );
  }
  if (orders.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-sm text-stone-800">{describeApiError(orders.error, t('customers.orders.loadError'))}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void orders.refetch()}>
          {t('customers.tryAgain')}
        </button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return <p className="text-sm text-stone-600">{t('customers.orders.none')}</p>;
  }
  return (
    <ul
      aria-label={t('customers.orders.label', { count: RECENT_ORDER_COUNT })}
      className="divide-y divide-stone-100 text-sm"
    >
      {orders.data.map((order) => (
        <li key={order._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
          <span>
            <span className="font-semibold text-stone-900">
              {t('customers.orders.order', { orderNo: String(order.orderNo) })}
            </span>
            <span className="block text-xs text-stone-600">{formatDateTime(order.createdAt)}</span>
          </span>
          <span className="flex items-center gap-3">
            {renderStatus(order.status)}
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(order.bills.total)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
