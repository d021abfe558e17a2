import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import { stationOfLine } from '@quan/contract/stations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { enqueue, jobsOn, kitchenPrinting, stationTicket, ticketLine } from './enqueue';

export interface KitchenTicketCause {
  branchId: string;
  /** The order as it stands in the transaction, loaded only when the branch has a kitchen printer. */
  order: () => Promise<Order>;
  roundNo: number;
  /** The branch's language and time zone, read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone'>;
}

/**
 * Inside the transaction that sends a round to the kitchen: one ticket per station, on each printer that prints
 * that station, with only that station's lines. Written with the round, so that a restart loses none; the
 * printing follows the commit and never holds the order up.
 */
export async function queueKitchenTickets(
  cache: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: KitchenTicketCause,
): Promise<void> {
  const { branchId, roundNo, settings } = cause;
  const kitchen = await kitchenPrinting(cache, tx, branchId);
  if (!kitchen) return;
  const order = await cause.order();
  const round = order.rounds.find((one) => one.no === roundNo);
  if (!round) return;
  const lines = order.items.filter((line) => line.roundNo === roundNo && line.quantity > line.voidedQuantity);

  const jobs = kitchen.stations.flatMap((station) => {
    const own = lines.filter((line) => stationOfLine(line, kitchen.stations) === station._id);
    if (own.length === 0) return [];
    const payload = stationTicket({
      settings,
      order,
      round,
      stationName: station.name,
      lines: own.map((line) => ticketLine(line, line.quantity - line.voidedQuantity)),
      sentBy: round.sentBy?.name ?? '',
      copy: 1,
    });
    return jobsOn(kitchen.printersOf(station._id), `round:${order._id}:${roundNo}:${station._id}`, {
      branchId,
      kind: 'kitchen_ticket',
      payload,
      orderId: order._id,
      roundNo,
      stationId: station._id,
      userId: round.sentBy?._id ?? null,
    });
  });
  await enqueue(tx, record, branchId, jobs);
}
