import { describeOptions } from '@quan/contract/option-rules';
import type { Order } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import { useT } from '../../../lib/i18n';

/** A round as the floor talks about it (message ids): a diner's round waits for someone to accept it. */
export const roundStatusLabels: Record<RoundStatus, string> = {
  pending: 'pos.roundStatus.pending',
  in_progress: 'pos.roundStatus.inProgress',
  ready: 'pos.roundStatus.ready',
  served: 'pos.roundStatus.served',
  cancelled: 'pos.roundStatus.cancelled',
};

const roundStatusClasses: Record<RoundStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  ready: 'bg-green-50 text-green-900 ring-green-300',
  served: 'bg-teal-50 text-teal-900 ring-teal-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

type OrderLine = Order['items'][number];

/** "2 × Phở bò: Lớn · không hành (ít đá)"; what was voided is off the bill, so a line counts what is left of it. */
function lineText(line: OrderLine, t: ReturnType<typeof useT>): string {
  const left = line.quantity - line.voidedQuantity;
  const options = line.options.length > 0 ? `: ${describeOptions(line.options)}` : '';
  const note = line.note ? ` (${line.note})` : '';
  return left > 0
    ? `${left} × ${line.name}${options}${note}`
    : t('pos.rounds.lineVoided', { line: `${line.name}${options}${note}` });
}

/** What a table's open order already holds, round by round with each round's status, in a few lines. */
export function OpenOrderRounds({ order }: { order: Order }) {
  const t = useT();
  if (order.rounds.length === 0) return <p className="text-sm text-stone-600">{t('pos.rounds.none')}</p>;
  return (
    <ol aria-label={t('pos.rounds.label', { orderNo: order.orderNo })} className="space-y-2">
      {order.rounds.map((round) => {
        const lines = order.items.filter((line) => line.roundNo === round.no);
        return (
          <li key={round.no} className="rounded-xl bg-stone-50 px-3 py-2 text-sm ring-1 ring-stone-200 ring-inset">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-semibold text-stone-900">
                {t('pos.rounds.round', { no: round.no })}
                {round.source === 'table' && (
                  <span className="font-normal text-stone-600"> · {t('pos.rounds.fromTable')}</span>
                )}
              </span>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${roundStatusClasses[round.status]}`}
              >
                {t(roundStatusLabels[round.status])}
              </span>
            </div>
            {lines.length > 0 && (
              <p className={`mt-1 ${round.status === 'cancelled' ? 'text-stone-500 line-through' : 'text-stone-700'}`}>
                {lines.map((line) => lineText(line, t)).join(', ')}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
