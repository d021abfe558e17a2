import { useId, type Ref } from 'react';
import { Minus, Plus } from 'lucide-react';
import type { Order, OrderItem } from '@quan/contract/order';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { billedQuantity } from './order-lines';
import { hasRounds } from './order-names';
import { roundStatusMessages } from './round-status';
import { billedLines, isStartedLine, lineLabel, type LinePicks } from './tab-actions';

interface LineQuantityPickerProps {
  order: Order;
  /** What the numbers mean: "Dishes to void". */
  legend: string;
  picks: LinePicks;
  onChange: (position: number, quantity: number) => void;
  /** Tags the dishes of rounds the kitchen has started (for a void, which then needs a manager). */
  markStarted?: boolean;
  /** Given the first line's "More" button, where a dialog opening on this list puts the focus. */
  firstButtonRef?: Ref<HTMLButtonElement>;
  /** How many of a line can be picked here, when not all that is on the bill (a split's other parts hold some). */
  available?: (line: OrderItem) => number;
}

interface LineRowProps {
  order: Order;
  line: OrderItem;
  picked: number;
  onChange: (quantity: number) => void;
  markStarted: boolean;
  moreRef?: Ref<HTMLButtonElement>;
  /** The most that can be picked of the line here. */
  left: number;
}

function LineRow({ order, line, picked, onChange, markStarted, moreRef, left }: LineRowProps) {
  const t = useT();
  const nameId = useId();
  const label = lineLabel(t, order, line);
  const round = order.rounds.find((one) => one.no === line.roundNo);
  const started = markStarted && isStartedLine(order, line);
  return (
    <li>
      <div
        role="group"
        aria-labelledby={nameId}
        className={`flex items-center justify-between gap-3 rounded-xl border px-3 py-2 ${
          picked > 0 ? 'border-amber-500 bg-amber-50' : 'border-stone-200'
        }`}
      >
        <div className="min-w-0">
          <p id={nameId}>
            <OrderLineLabel line={line} />
            {hasRounds(order) && (
              <span className="sr-only">{t('orders.picker.ofRound', { roundNo: line.roundNo })}</span>
            )}
          </p>
          <p className="flex flex-wrap gap-x-2 text-xs text-stone-600">
            <span>{t('orders.picker.onBill', { price: formatMoney(line.price), count: billedQuantity(line) })}</span>
            {hasRounds(order) && round && (
              <span aria-hidden="true">
                {t('orders.picker.round', { roundNo: round.no, status: t(roundStatusMessages[round.status]) })}
              </span>
            )}
            {started && <span className="font-semibold text-amber-800">{t('orders.picker.started')}</span>}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <button
            type="button"
            className="btn btn-secondary size-10 p-0"
            disabled={picked <= 0}
            onClick={() => onChange(picked - 1)}
            aria-label={t('orders.picker.fewer', { dish: label })}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-live="polite" className="w-12 text-center text-sm tabular-nums">
            <span className="text-base font-bold text-stone-900">{picked}</span>
            <span className="text-stone-500"> / {left}</span>
          </output>
          <button
            ref={moreRef}
            type="button"
            className="btn btn-secondary size-10 p-0"
            disabled={picked >= left}
            onClick={() => onChange(picked + 1)}
            aria-label={t('orders.picker.more', { dish: label })}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The dishes still on an order's bill, each with a stepper from 0 to what is left of it (quantity less what
 * was voided), for the void, move and split dialogs.
 */
export function LineQuantityPicker({
  order,
  legend,
  picks,
  onChange,
  markStarted = false,
  firstButtonRef,
  available = billedQuantity,
}: LineQuantityPickerProps) {
  const t = useT();
  const lines = billedLines(order).filter((line) => available(line) > 0);
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">{t('orders.picker.none')}</p>
      ) : (
        <ul className="space-y-2">
          {lines.map((line, index) => (
            <LineRow
              key={line.position}
              order={order}
              line={line}
              picked={picks.get(line.position) ?? 0}
              onChange={(quantity) => onChange(line.position, quantity)}
              markStarted={markStarted}
              moreRef={index === 0 ? firstButtonRef : undefined}
              left={available(line)}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
