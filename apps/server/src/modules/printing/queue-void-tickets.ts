import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import { stationOfLine } from '@quan/contract/stations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { enqueue, jobsOn, kitchenPrinting, stationTicket, ticketLine } from './enqueue';

export interface VoidTicketCause {
  branchId: string;
  /** The order as the void left it. */
  order: Order;
  /** What was taken off lines whose round the kitchen had (accepted, not yet served), by line. */
  voided: { position: number; quantity: number }[];
  voidedBy: { id: string; name: string };
  /** The branch's language and time zone, read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone'>;
}

/**
 * Inside the transaction of a void: a "HỦY" ticket at each station that had voided dishes, on each printer that
 * prints that station, listing the quantities to stop making. One per round, so that the kitchen matches it to
 * the round's ticket.
 */
export async function queueVoidTickets(
  cache: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: VoidTicketCause,
): Promise<void> {
  const { branchId, order, settings } = cause;
  if (cause.voided.length === 0) return;
  const kitchen = await kitchenPrinting(cache, tx, branchId);
  if (!kitchen) return;
  const voided = cause.voided.flatMap(({ position, quantity }) => {
    const line = order.items.find((item) => item.position === position);
    return line ? [{ line, quantity, stationId: stationOfLine(line, kitchen.stations) }] : [];
  });

  const jobs = kitchen.stations.flatMap((station) =>
    order.rounds.flatMap((round) => {
      const own = voided.filter((entry) => entry.stationId === station._id && entry.line.roundNo === round.no);
      if (own.length === 0) return [];
      const payload = stationTicket({
        settings,
        order,
        round,
        stationName: station.name,
        lines: own.map(({ line, quantity }) => ticketLine(line, quantity)),
        sentBy: cause.voidedBy.name,
        copy: 1,
        isVoid: true,
      });
      // The order's version names this void: each change of an order has its own.
      return jobsOn(kitchen.printersOf(station._id), `void:${order._id}@${order.version}:${round.no}:${station._id}`, {
        branchId,
        kind: 'void_ticket',
        payload,
        orderId: order._id,
        roundNo: round.no,
        stationId: station._id,
        userId: cause.voidedBy.id,
      });
    }),
  );
  await enqueue(tx, record, branchId, jobs);
}
