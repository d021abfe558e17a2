import { useEffect, useId, useRef, useState } from 'react';
import {
  Check,
  ChefHat,
  CircleX,
  ConciergeBell,
  PartyPopper,
  Plus,
  ReceiptText,
  RefreshCw,
  Utensils,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { OrderStatus } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import type { PublicOrder } from '@quan/contract/public';
import { byVatRate } from '@quan/contract/vat';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { vatLineLabel } from '../../../lib/vat-line-label';
import { dinerStatusText, progressSteps, roundStatusText, stepsDone, type PublicRound } from './order-progress';

const stepIcons: Record<OrderStatus, LucideIcon> = {
  pending: ReceiptText,
  in_progress: ChefHat,
  ready: ConciergeBell,
  served: Utensils,
  completed: PartyPopper,
  cancelled: CircleX,
};

const roundStatusClasses: Record<RoundStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  ready: 'bg-emerald-100 text-emerald-900',
  served: 'bg-stone-100 text-stone-700',
  cancelled: 'bg-red-100 text-red-800',
};

type OrderLine = PublicOrder['items'][number];

function DishLine({ line }: { line: OrderLine }) {
  const t = useT();
  // What the staff took off the bill is not counted; a line taken off entirely stays, struck through.
  const left = line.quantity - line.voidedQuantity;
  return (
    <li className="flex justify-between gap-3 py-2 text-sm">
      <span className="min-w-0">
        {/* The dish in bold, its options under it ("Lớn · không hành"), then the note. */}
        <span className={`block ${left > 0 ? '' : 'line-through opacity-60'}`}>
          <OrderLineLabel
            line={{ name: `${left > 0 ? left : line.quantity} × ${line.name}`, options: line.options, note: line.note }}
          />
        </span>
        {line.voidedQuantity > 0 && (
          <span className="block text-stone-600">
            {left > 0 ? t('table.line.voided', { count: line.voidedQuantity }) : t('table.line.voidedAll')}
          </span>
        )}
      </span>
      <span className="text-stone-800 tabular-nums">{formatMoney(line.total)}</span>
    </li>
  );
}

/** One round of the table's order: its own status, and the dishes sent with it. */
function RoundDishes({ round, lines }: { round: PublicRound; lines: OrderLine[] }) {
  const t = useT();
  const headingId = useId();
  const status = t(roundStatusText[round.status]);
  return (
    <section aria-labelledby={headingId} className="border-t border-stone-100 pt-3 first:border-0 first:pt-0">
      {/* Read as one phrase ("Round 2 · Preparing"); shown as the round and its status badge. */}
      <h4
        id={headingId}
        aria-label={t('table.round.label', { no: round.no, status })}
        className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold"
      >
        <span className="text-stone-900">{t('table.round', { no: round.no })}</span>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${roundStatusClasses[round.status]}`}>
          {status}
        </span>
      </h4>
      {lines.length > 0 ? (
        <ul className={`mt-1 divide-y divide-stone-100 ${round.status === 'cancelled' ? 'opacity-70' : ''}`}>
          {lines.map((line) => (
            <DishLine key={line.position} line={line} />
          ))}
        </ul>
      ) : (
        <p className="py-2 text-sm text-stone-600">{t('table.round.loading')}</p>
      )}
    </section>
  );
}

interface OrderStatusViewProps {
  order: PublicOrder;
  /** The newest status known, from the live events or the last load. */
  status: OrderStatus;
  isFollowing: boolean;
  isRefreshing: boolean;
  onRefresh: () => void;
  onOrderMore: () => void;
  /** Move the focus here when shown (the diner just placed the order or asked for it). */
  focusOnMount: boolean;
}

/**
 * The table's order after placing it: where it stands (live), each round with its own status and dishes, and
 * the bill of the whole table.
 */
export function OrderStatusView({
  order,
  status,
  isFollowing,
  isRefreshing,
  onRefresh,
  onOrderMore,
  focusOnMount,
}: OrderStatusViewProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Decided when it appears; later renders leave the focus where the diner put it.
  const [focusWhenShown] = useState(focusOnMount);
  useEffect(() => {
    if (focusWhenShown) headingRef.current?.focus();
  }, [focusWhenShown]);

  const label = t(dinerStatusText[status].label);
  const detail = t(dinerStatusText[status].detail);
  const done = stepsDone(status);
  const StatusIcon = stepIcons[status];

  return (
    <section aria-labelledby="order-status-title" className="space-y-5">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <h2
            id="order-status-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-bold text-stone-900 focus:outline-none"
          >
            {t('table.order', { orderNo: order.orderNo })}
          </h2>
          <span className="flex items-center gap-1.5 text-xs font-medium text-stone-600">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${isFollowing ? 'bg-emerald-600' : 'bg-stone-400'}`}
            />
            {isFollowing ? t('table.order.live') : t('table.order.notLive')}
          </span>
        </div>

        <div role="status" className="mt-4 flex items-center gap-3">
          <span
            className={`flex size-12 shrink-0 items-center justify-center rounded-full ${
              status === 'cancelled' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
            }`}
          >
            <StatusIcon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-2xl font-bold text-stone-900">{label}</p>
            <p className="text-sm text-stone-700">{detail}</p>
          </div>
        </div>

        {status !== 'cancelled' && (
          <ol aria-label={t('table.order.progress')} className="mt-5 grid grid-cols-4 gap-2">
            {progressSteps.map((step, index) => {
              const isDone = index < done;
              const isCurrent = index === done;
              return (
                <li
                  key={step}
                  aria-current={isCurrent ? 'step' : undefined}
                  className="flex flex-col items-center gap-1 text-center text-xs"
                >
                  <span
                    className={`flex size-8 items-center justify-center rounded-full border-2 ${
                      isDone
                        ? 'border-emerald-700 bg-emerald-700 text-white'
                        : isCurrent
                          ? 'border-amber-800 bg-amber-50 text-amber-900'
                          : 'border-stone-300 bg-white text-stone-500'
                    }`}
                  >
                    {isDone ? <Check aria-hidden="true" className="size-4" /> : index + 1}
                  </span>
                  <span className={isCurrent ? 'font-semibold text-stone-900' : 'text-stone-600'}>
                    {t(dinerStatusText[step].label)}
                    {isDone && <span className="sr-only"> {t('table.order.stepDone')}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
        )}

        <button
          type="button"
          onClick={onRefresh}
          disabled={isRefreshing}
          className="btn btn-secondary mt-5 min-h-11 w-full"
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${isRefreshing ? 'animate-spin' : ''}`} />
          {isRefreshing ? t('table.order.checking') : t('table.order.check')}
        </button>
      </div>

      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold text-stone-900">{t('table.order.dishes')}</h3>
        {order.rounds.length > 1 && <p className="text-sm text-stone-600">{t('table.order.rounds')}</p>}
        <div className="mt-3 space-y-3">
          {order.rounds.length > 0 ? (
            order.rounds.map((round) => (
              <RoundDishes
                key={round.no}
                round={round}
                lines={order.items.filter((line) => line.roundNo === round.no)}
              />
            ))
          ) : (
            <ul className="divide-y divide-stone-100">
              {order.items.map((line) => (
                <DishLine key={line.position} line={line} />
              ))}
            </ul>
          )}
        </div>
        <dl className="mt-2 space-y-1 border-t border-stone-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-600">{t('table.bill.subtotal')}</dt>
            <dd className="tabular-nums">{formatMoney(order.bills.subtotal)}</dd>
          </div>
          {order.bills.discount > 0 && (
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('table.bill.discount')}</dt>
              <dd className="tabular-nums">−{formatMoney(order.bills.discount)}</dd>
            </div>
          )}
          {/* One line per VAT rate the bill holds: dishes and drinks may be taxed at different rates. */}
          {byVatRate(order.bills.taxes).map(({ vatRate, tax }) => (
            <div key={vatRate} className="flex justify-between">
              <dt className="text-stone-600">{vatLineLabel(t, vatRate, order.bills.pricesIncludeTax)}</dt>
              <dd className="tabular-nums">{formatMoney(tax)}</dd>
            </div>
          ))}
          <div className="flex justify-between text-base font-bold">
            <dt>{t('table.bill.total')}</dt>
            <dd className="tabular-nums">{formatMoney(order.bills.total)}</dd>
          </div>
        </dl>
      </div>

      <button type="button" className="btn btn-primary min-h-12 w-full text-base" onClick={onOrderMore}>
        <Plus aria-hidden="true" className="size-5" />
        {t('table.order.more')}
      </button>
    </section>
  );
}
