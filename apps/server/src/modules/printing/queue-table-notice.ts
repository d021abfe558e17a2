import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import { stationOfLine } from '@quan/contract/stations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { clockTime } from './clock-text';
import { tableNoticeDocument } from './documents/table-notice';
import { enqueue, jobsOn, kitchenPrinting } from './enqueue';

export interface TableNoticeCause {
  branchId: string;
  /** The order as the move or merge left it. */
  order: Order;
  /** The table the kitchen's tickets name (null: takeaway). */
  fromTableNo: number | null;
  /** On a merge, the order that joined `order`: its rounds follow this one's, from `afterRoundNo` + 1. */
  merged?: { orderNo: number; afterRoundNo: number };
  movedBy: { id: string; name: string };
  /** The branch's language and time zone, read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone'>;
}

/**
 * Inside the transaction that moves an order to another table or merges it into another: a notice at each
 * station still making dishes of it (accepted, not done, not voided), so that they reach the new table. A
 * station with nothing left of it to make is not disturbed.
 */
export async function queueTableNotice(
  cache: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: TableNoticeCause,
): Promise<void> {
  const { branchId, order, settings } = cause;
  const kitchen = await kitchenPrinting(cache, tx, branchId);
  if (!kitchen) return;
  const cooking = new Set(order.rounds.filter((round) => round.status === 'in_progress').map((round) => round.no));
  const afterRoundNo = cause.merged?.afterRoundNo ?? 0;
  const open = order.items.filter(
    (line) =>
      line.roundNo > afterRoundNo &&
      cooking.has(line.roundNo) &&
      line.readyAt === null &&
      line.quantity > line.voidedQuantity,
  );
  if (open.length === 0) return;
  const { stations } = kitchen;
  const making = new Set(open.map((line) => stationOfLine(line, stations)));
  const at = clockTime(settings.timezone, new Date());

  const jobs = stations
    .filter((station) => making.has(station._id))
    .flatMap((station) => {
      const payload = {
        document: tableNoticeDocument({
          language: settings.language,
          stationName: station.name,
          fromTableNo: cause.fromTableNo,
          toTableNo: order.table?.tableNo ?? null,
          orderNo: order.orderNo,
          ...(cause.merged ? { mergedOrderNo: cause.merged.orderNo } : {}),
          at,
          by: cause.movedBy.name,
        }),
      };
      // The order's version names this move or merge: each change of an order has its own.
      return jobsOn(kitchen.printersOf(station._id), `notice:${order._id}@${order.version}:${station._id}`, {
        branchId,
        kind: 'notice',
        payload,
        orderId: order._id,
        stationId: station._id,
        userId: cause.movedBy.id,
      });
    });
  await enqueue(tx, record, branchId, jobs);
}
