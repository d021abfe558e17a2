import type { Order } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { OpenOrderRounds } from './OpenOrderRounds';

/** A table's open order as the table list names it, before (or without) the order itself. */
interface OpenOrderRef {
  orderNo: number;
  customerName: string;
}

/** Who a round is for: the order already says it, and a round only adds dishes to it. */
export function OpenOrderGuest({ orderRef, order }: { orderRef: OpenOrderRef; order: Order | undefined }) {
  const t = useT();
  return (
    <div className="text-sm">
      <p className="font-semibold text-stone-900">
        {(order?.customerDetails.name ?? orderRef.customerName) || t('orders.guest')}
      </p>
      {order && <p className="text-stone-600">{t('pos.guests', { count: order.customerDetails.guests })}</p>}
      <p className="mt-1 text-stone-600">{t('pos.round.noDetails', { orderNo: orderRef.orderNo })}</p>
    </div>
  );
}

/** "Table 5 has order #1050 open: these dishes go as its round 3." */
export function RoundJoinsNotice({
  tableNo,
  orderNo,
  nextRoundNo,
}: {
  tableNo: number;
  orderNo: number;
  nextRoundNo: number | null;
}) {
  const t = useT();
  return (
    <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200 ring-inset">
      {nextRoundNo
        ? t('pos.round.joins', { tableNo, orderNo, roundNo: nextRoundNo })
        : t('pos.round.joinsNew', { tableNo, orderNo })}
    </p>
  );
}

interface OpenOrderSoFarProps {
  orderNo: number;
  order: Order | undefined;
  /** Why the order could not be loaded; null while it loads or once it has. */
  loadError: unknown;
  onRetry: () => void;
}

/** What the table already has, round by round, once its order has loaded. */
export function OpenOrderSoFar({ orderNo, order, loadError, onRetry }: OpenOrderSoFarProps) {
  const t = useT();
  if (order) return <OpenOrderRounds order={order} />;
  if (loadError) {
    return (
      <div role="alert" className="space-y-2 text-sm text-red-700">
        <p>{describeApiError(loadError, t('pos.order.loadError', { orderNo }))}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          {t('pos.tryAgain')}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-stone-600">
      {t('pos.order.loading', { orderNo })}
    </p>
  );
}
