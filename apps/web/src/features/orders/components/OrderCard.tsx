import { useId } from 'react';
import { ArrowRightLeft, Ban, Clock, Merge, Split, Users, Wallet, type LucideIcon } from 'lucide-react';
import { isOpenOrderStatus, type Order, type OrderItem, type OrderRound } from '@quan/contract/order';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT, type Translate } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { BillButton } from './BillDialog';
import { BillParts } from './BillParts';
import { OrderStatusBadge, SourceBadge } from './OrderBadges';
import { billedQuantity, linesOfRound } from './order-lines';
import { hasRounds, roundButtonTarget, roundNames, tableLabel } from './order-names';
import { orderMovesFor, type OrderMove } from './order-status';
import { paymentMethodMessages, refundableOf } from './payment-labels';
import { roundMovesFor, roundsAwaitingApproval, roundStatusMessages, type RoundMove } from './round-status';
import { formatClock } from '../../../lib/date-format';
import { elapsedMinutes, formatElapsed } from './ticket-timing';
import { billedLines, canChangeBill, canSplitBill, type TabAction } from './tab-actions';
import { UnprintedPapersNotice } from './UnprintedPapersNotice';
import { InvoiceBadge } from './InvoiceBadge';

interface OrderCardProps {
  order: Order;
  now: number;
  isBusy: boolean;
  /** False for a role that may not move orders along: the card is shown without its buttons. */
  canMove: boolean;
  /** False for a role that may not void dishes: the card does not offer it. */
  canVoid: boolean;
  onMove: (order: Order, move: OrderMove) => void;
  onRoundMove: (order: Order, round: OrderRound, move: RoundMove) => void;
  /** Opens the dialog of a change of the bill: void, move or merge dishes, split. */
  onAction: (order: Order, action: TabAction) => void;
  /** Opens the payment of one part of a split bill. */
  onPayPart: (order: Order, partNo: number) => void;
  /** The order's jobs still waiting for a printer, said on the card. */
  unprintedJobs: readonly QueuedPrintJob[];
  /** The stations' names by id, to say which station's ticket has not printed. */
  stationNames: ReadonlyMap<string, string>;
}

const moveButtonClass: Partial<Record<OrderMove['target'], string>> = {
  cancelled: 'btn-secondary text-red-700 hover:bg-red-50',
};

/**
 * "2 × Phở bò" with its options under the dish and the note, and what was voided of it: struck through when
 * nothing of the line is left on the bill.
 */
function OrderLine({ line }: { line: OrderItem }) {
  const t = useT();
  const billed = billedQuantity(line);
  if (billed === 0) {
    return (
      <li className="flex gap-1.5 text-stone-500">
        <s className="flex gap-1.5 opacity-70">
          <span className="shrink-0">{line.quantity} ×</span> <OrderLineLabel line={line} />
        </s>{' '}
        <span className="shrink-0 text-xs">{t('orders.line.voided')}</span>
      </li>
    );
  }
  return (
    <li className="flex gap-1.5">
      <span className="shrink-0 font-semibold text-stone-900">{billed} ×</span>{' '}
      <span className="min-w-0">
        <OrderLineLabel line={line} />
        {line.voidedQuantity > 0 && (
          <span className="block text-xs text-stone-500">
            {' '}
            {t('orders.line.partlyVoided', { count: line.voidedQuantity })}
          </span>
        )}
      </span>
    </li>
  );
}

/** A small button a finger can hit on a phone (44 px below `sm`), as small as `btn-sm` from `sm` up. */
const phoneTapTarget = 'min-h-11 sm:min-h-8';

const roundButtonClass: Partial<Record<RoundMove['target'], string>> = {
  cancelled: 'btn-secondary text-red-700 hover:bg-red-50',
};

interface RoundSectionProps {
  order: Order;
  round: OrderRound;
  isBusy: boolean;
  canMove: boolean;
  onRoundMove: OrderCardProps['onRoundMove'];
}

/** One round of a tab: when it was sent and how far it is, its lines, and the decision a diner's round awaits. */
function RoundSection({ order, round, isBusy, canMove, onRoundMove }: RoundSectionProps) {
  const t = useT();
  const headingId = useId();
  const moves = canMove ? roundMovesFor(round.status) : [];
  const isCancelled = round.status === 'cancelled';
  const isPending = round.status === 'pending';
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-1 ${isPending ? 'rounded-lg bg-amber-100/70 p-2' : ''} ${isCancelled ? 'opacity-60' : ''}`}
    >
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t('orders.round.heading', {
          roundNo: round.no,
          time: formatClock(round.sentAt),
          status: t(roundStatusMessages[round.status]),
        })}
      </h3>
      <ul className={`space-y-1 text-sm ${isCancelled ? 'line-through' : ''}`}>
        {linesOfRound(order, round.no).map((line) => (
          <OrderLine key={line.position} line={line} />
        ))}
      </ul>
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2 pt-1">
          {moves.map((move) => (
            <button
              key={move.target}
              type="button"
              disabled={isBusy}
              onClick={() => onRoundMove(order, round, move)}
              className={`btn btn-sm ${phoneTapTarget} flex-1 ${roundButtonClass[move.target] ?? 'btn-primary'}`}
            >
              {t(move.label)} <span className="sr-only">{roundButtonTarget(t, order, round.no)}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * What an order's payments say on its card: how it was paid ("Paid by cash", or each method and amount of a
 * split tender, with tips and refunds), and on an open order paid in part, what is still due.
 */
function paymentsSummary(t: Translate, order: Order): string[] {
  const method = (one: keyof typeof paymentMethodMessages) => t(paymentMethodMessages[one]).toLocaleLowerCase();
  const lines: string[] = [];
  const payments = order.payments.filter((payment) => payment.amount > payment.refunded);
  const isOpen = isOpenOrderStatus(order.status);
  const paidInOne = payments.length === 1 && payments[0]!.refunded === 0 && payments[0]!.amount === order.bills.total;
  if (paidInOne) {
    lines.push(t('orders.paidBy', { methods: method(payments[0]!.method) }));
  } else if (payments.length > 0) {
    const parts = payments.map(
      (payment) => `${method(payment.method)} ${formatMoney(payment.amount - payment.refunded)}`,
    );
    lines.push(t('orders.paidBy', { methods: parts.join(' + ') }));
  } else if (!isOpen && order.paymentMethod) {
    // An order settled before payments were kept one by one names only its method.
    lines.push(t('orders.paidBy', { methods: method(order.paymentMethod) }));
  }
  const tips = order.payments.reduce((sum, payment) => sum + payment.tip, 0);
  if (tips > 0) lines.push(t('orders.summary.tip', { amount: formatMoney(tips) }));
  const refunded = order.payments.reduce((sum, payment) => sum + payment.refunded, 0);
  if (refunded > 0) lines.push(t('orders.summary.refunded', { amount: formatMoney(refunded) }));
  if (isOpen && order.paid > 0 && order.due > 0)
    lines.push(t('orders.summary.due', { amount: formatMoney(order.due) }));
  return lines;
}

/** "Waiting for approval", or which rounds of a tab wait: "Round 2 waiting for approval". */
function approvalNotice(t: Translate, order: Order): string | null {
  const waiting = roundsAwaitingApproval(order);
  if (waiting.length === 0) return null;
  if (!hasRounds(order)) return t('orders.approval.waiting');
  return t('orders.approval.roundsWaiting', {
    rounds: roundNames(
      t,
      waiting.map((round) => round.no),
    ),
  });
}

/**
 * A tab whose every open round waits for approval: each round has its own Accept and Reject, so the order's
 * Accept and Reject (which only act on those same rounds, all at once) would repeat them.
 */
function roundsDecideOrder(order: Order): boolean {
  return (
    order.status === 'pending' &&
    hasRounds(order) &&
    order.rounds.every((round) => round.status === 'pending' || round.status === 'cancelled')
  );
}

interface TabActionButton {
  action: TabAction;
  label: string;
  icon: LucideIcon;
}

/**
 * The changes of the bill an order's card offers: paying before the kitchen is done (a takeaway paid at the
 * counter, a guest leaving early), then the changes of its dishes while its bill may change, and only what
 * the role may do. Money taken keeps the dishes where they are: moving and merging wait for a refund.
 */
function tabActionsFor(
  t: Translate,
  order: Order,
  { canMove, canVoid, canRefund }: { canMove: boolean; canVoid: boolean; canRefund: boolean },
): TabActionButton[] {
  // A completed order's payments stay reachable for a manager's refund (a guest who complains after paying).
  if (order.status === 'completed') {
    const refundable = order.payments.some((payment) => refundableOf(payment) > 0);
    return canRefund && refundable
      ? [{ action: 'pay', label: t('orders.action.paymentsAndRefunds'), icon: Wallet }]
      : [];
  }
  // Ready and served orders are paid through Complete; a split bill through its parts.
  const canPayEarly = canMove && order.status === 'in_progress' && order.billParts.length === 0 && order.due > 0;
  const pay: TabActionButton | false = canPayEarly && {
    action: 'pay',
    label: t('orders.action.takePayment'),
    icon: Wallet,
  };
  // A split keeps the parts with money on them and divides the rest: it stays on offer while any is unpaid.
  const split: TabActionButton | false = canMove &&
    canSplitBill(order) && {
      action: 'split',
      label: t(order.billParts.length > 0 ? 'orders.action.splitAgain' : 'orders.action.split'),
      icon: Split,
    };
  if (!canChangeBill(order)) return [pay, split].filter((action): action is TabActionButton => action !== false);
  const hasDishes = billedLines(order).length > 0;
  const canRearrange = canMove && order.paid === 0;
  const actions: (TabActionButton | false)[] = [
    pay,
    canVoid && hasDishes && { action: 'void', label: t('orders.action.void'), icon: Ban },
    canRearrange && hasDishes && { action: 'move', label: t('orders.action.move'), icon: ArrowRightLeft },
    canRearrange && { action: 'merge', label: t('orders.action.merge'), icon: Merge },
    split,
  ];
  return actions.filter((action): action is TabActionButton => action !== false);
}

export function OrderCard({
  order,
  now,
  isBusy,
  canMove,
  canVoid,
  onMove,
  onRoundMove,
  onAction,
  onPayPart,
  unprintedJobs,
  stationNames,
}: OrderCardProps) {
  const t = useT();
  const titleId = useId();
  const isSplit = order.billParts.length > 0;
  // A split bill is settled part by part: its parts take the place of the Complete button. A tab whose rounds
  // all wait for approval is decided round by round, on the rounds' own buttons.
  const moves = (canMove && !roundsDecideOrder(order) ? orderMovesFor(order.status) : []).filter(
    (move) => !(isSplit && move.target === 'completed'),
  );
  const canRefund = useCan('payments:refund');
  const tabActions = tabActionsFor(t, order, { canMove, canVoid, canRefund });
  const notice = approvalNotice(t, order);
  const awaitingApproval = notice !== null;
  const guests = order.customerDetails.guests;

  return (
    <article
      aria-labelledby={titleId}
      className={`card flex h-full flex-col gap-3 p-4 ${awaitingApproval ? 'border-amber-400 bg-amber-50 ring-2 ring-amber-400' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            #{order.orderNo} · {tableLabel(order, t)}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-stone-700">
            <span className="truncate">{order.customerDetails.name || t('orders.guest')}</span>
            <span aria-hidden="true">·</span>
            <Users aria-hidden="true" className="size-4 shrink-0" />
            <span>{t('orders.guests', { count: guests })}</span>
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-1.5">
          <OrderStatusBadge status={order.status} />
          <SourceBadge source={order.source} />
        </div>
      </div>

      {notice && (
        <p className="rounded-lg bg-amber-200/60 px-3 py-1.5 text-sm font-semibold text-amber-950">{notice}</p>
      )}

      {hasRounds(order) ? (
        <div className="space-y-3">
          {order.rounds.map((round) => (
            <RoundSection
              key={round.no}
              order={order}
              round={round}
              isBusy={isBusy}
              canMove={canMove}
              onRoundMove={onRoundMove}
            />
          ))}
        </div>
      ) : (
        <ul className="space-y-1 text-sm">
          {order.items.map((line) => (
            <OrderLine key={line.position} line={line} />
          ))}
        </ul>
      )}
      {order.mergedIntoOrderNo != null && (
        <p className="text-sm text-stone-700">{t('orders.mergedInto', { orderNo: order.mergedIntoOrderNo })}</p>
      )}
      {order.note && <p className="text-sm text-stone-700 italic">{t('orders.note', { note: order.note })}</p>}
      <UnprintedPapersNotice jobs={unprintedJobs} stationNames={stationNames} />
      <InvoiceBadge order={order} />

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-stone-100 pt-3 text-sm">
        <div className="text-stone-600">
          <p>{formatDateTime(order.createdAt)}</p>
          {isOpenOrderStatus(order.status) && (
            <p className="flex items-center gap-1 font-medium text-stone-800">
              <Clock aria-hidden="true" className="size-4" />
              {t('orders.ago', { elapsed: formatElapsed(t, elapsedMinutes(order.createdAt, now)) })}
            </p>
          )}
          {paymentsSummary(t, order).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <p className="text-lg font-bold text-stone-900">{formatMoney(order.bills.total)}</p>
          {/* The guest may ask for the bill at any moment, and for the receipt once paid. */}
          {order.status !== 'cancelled' && (
            <BillButton order={order} className={`btn btn-sm ${phoneTapTarget} btn-secondary`} />
          )}
        </div>
      </div>

      {isSplit && <BillParts order={order} canPay={canMove} isBusy={isBusy} onPay={onPayPart} />}

      {tabActions.length > 0 && (
        <div role="group" aria-label={t('orders.card.changeBill')} className="grid grid-cols-2 gap-2">
          {tabActions.map(({ action, label, icon: Icon }) => (
            <button
              key={action}
              type="button"
              disabled={isBusy}
              onClick={() => onAction(order, action)}
              className={`btn btn-sm ${phoneTapTarget} btn-secondary justify-start ${action === 'void' ? 'text-red-700 hover:bg-red-50' : ''}`}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}{' '}
              <span className="sr-only">
                {t(action === 'merge' ? 'orders.card.intoOrder' : 'orders.card.ofOrder', { orderNo: order.orderNo })}
              </span>
            </button>
          ))}
        </div>
      )}

      {moves.length > 0 && (
        <div role="group" aria-label={t('orders.card.moveOrder')} className="flex flex-wrap gap-2">
          {moves.map((move) => (
            <button
              key={move.target}
              type="button"
              disabled={isBusy}
              onClick={() => onMove(order, move)}
              className={`btn flex-1 ${moveButtonClass[move.target] ?? 'btn-primary'}`}
            >
              {t(move.label)} <span className="sr-only">{t('orders.target.order', { orderNo: order.orderNo })}</span>
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
