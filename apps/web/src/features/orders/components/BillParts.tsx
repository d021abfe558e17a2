import { useId } from 'react';
import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { paymentMethodMessages } from './payment-labels';
import { formatClock } from '../../../lib/date-format';
import { describePortions } from './tab-actions';

interface BillPartsProps {
  order: Order;
  /** False for a role that may not settle orders: the parts are shown without their buttons. */
  canPay: boolean;
  isBusy: boolean;
  onPay: (order: Order, partNo: number) => void;
}

const pill = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * The parts of a split bill on an order's card, in place of its Complete button: each part's amount, what was
 * paid of it and what is still due, and "Pay part N" while something is due. The payment that settles the last
 * part completes the order, so that part waits until the kitchen is done, as a completion does.
 */
export function BillParts({ order, canPay, isBusy, onPay }: BillPartsProps) {
  const t = useT();
  const headingId = useId();
  const parts = order.billParts;
  const unpaid = parts.filter((part) => part.due > 0);
  const isOpen = isOpenOrderStatus(order.status);
  const kitchenDone = order.status === 'ready' || order.status === 'served';
  const lastWaits = isOpen && unpaid.length === 1 && !kitchenDone;

  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t('orders.parts.heading', { paid: parts.length - unpaid.length, count: parts.length })}
      </h3>
      <ul className="space-y-2">
        {parts.map((part) => {
          const isDue = part.due > 0;
          const waits = lastWaits && isDue;
          return (
            <li key={part.no} className="flex items-center justify-between gap-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-stone-900">{t('orders.part', { no: part.no })}</span>
                  <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(part.total)}</span>
                  {!isDue ? (
                    <span className={`${pill} bg-green-50 text-green-900 ring-green-300`}>
                      {part.paymentMethod
                        ? t('orders.paidBy', {
                            methods: t(paymentMethodMessages[part.paymentMethod]).toLocaleLowerCase(),
                          })
                        : t('orders.pay.paidLabel')}
                      {part.paidAt && ` · ${formatClock(part.paidAt)}`}
                    </span>
                  ) : part.paid > 0 ? (
                    <span className={`${pill} bg-amber-50 text-amber-900 ring-amber-300`}>
                      {t('orders.parts.partlyPaid', { paid: formatMoney(part.paid), due: formatMoney(part.due) })}
                    </span>
                  ) : (
                    <span className={`${pill} bg-amber-50 text-amber-900 ring-amber-300`}>
                      {t('orders.parts.notPaid')}
                    </span>
                  )}
                </p>
                {part.lines.length > 0 && (
                  <p className="text-xs text-stone-600">{describePortions(order, part.lines)}</p>
                )}
              </div>
              {isDue && isOpen && canPay && (
                <button
                  type="button"
                  className="btn btn-sm btn-primary shrink-0"
                  disabled={isBusy || waits}
                  onClick={() => onPay(order, part.no)}
                >
                  {t('orders.parts.pay', { no: part.no })}{' '}
                  <span className="sr-only">{t('orders.card.ofOrder', { orderNo: order.orderNo })}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {lastWaits && canPay && <p className="text-xs text-stone-600">{t('orders.parts.lastWaits')}</p>}
    </section>
  );
}
