import { QrCode } from 'lucide-react';
import type { Order, OrderStatus } from '@quan/contract/order';
import { useT } from '../../../lib/i18n';
import { orderStatusMessages } from './order-status';

const statusClasses: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  ready: 'bg-green-50 text-green-900 ring-green-300',
  served: 'bg-teal-50 text-teal-900 ring-teal-200',
  completed: 'bg-stone-100 text-stone-700 ring-stone-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

const badgeBase = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return <span className={`${badgeBase} ${statusClasses[status]}`}>{t(orderStatusMessages[status])}</span>;
}

/** Marks an order a diner placed from the table's QR code (the rest come from the POS). */
export function SourceBadge({ source }: { source: Order['source'] }) {
  const t = useT();
  if (source !== 'table') return null;
  return (
    <span className={`${badgeBase} bg-violet-50 text-violet-900 ring-violet-200`}>
      <QrCode aria-hidden="true" className="size-3.5" />
      {t('orders.badge.dinerOrder')}
    </span>
  );
}
