import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import { stationOfLine } from '@quan/contract/stations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import { kitchenStations } from '../stations/service';
import type { BranchPrintersCache } from './branch-printers';
import { clockTime } from './clock-text';
import { kitchenTicketDocument } from './documents/kitchen-ticket';
import { ticketLine } from './queue-kitchen-tickets';
import * as repo from './repository';

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
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: VoidTicketCause,
): Promise<void> {
  const { branchId, order, settings } = cause;
  if (cause.voided.length === 0) return;
  const stationPrinters = (await printers.inTransaction(tx, branchId)).filter((one) => one.stationIds.length > 0);
  if (stationPrinters.length === 0) return;
  const stations = await kitchenStations(tx, branchId);
  const voided = cause.voided.flatMap(({ position, quantity }) => {
    const line = order.items.find((item) => item.position === position);
    return line ? [{ line, quantity, stationId: stationOfLine(line, stations) }] : [];
  });
  const printedAt = clockTime(settings.timezone, new Date());

  const jobs = stations.flatMap((station) =>
    order.rounds.flatMap((round) => {
      const own = voided.filter((entry) => entry.stationId === station._id && entry.line.roundNo === round.no);
      if (own.length === 0) return [];
      const payload = {
        document: kitchenTicketDocument({
          language: settings.language,
          stationName: station.name,
          tableNo: order.table?.tableNo ?? null,
          orderNo: order.orderNo,
          roundNo: round.no,
          sentAt: clockTime(settings.timezone, new Date(round.sentAt)),
          sentBy: cause.voidedBy.name,
          printedAt,
          lines: own.map(({ line, quantity }) => ticketLine(line, quantity)),
          isVoid: true,
          copy: 1,
        }),
      };
      return stationPrinters
        .filter((printer) => printer.stationIds.includes(station._id))
        .map((printer) => ({
          id: newId(),
          branchId,
          printerId: printer.id,
          kind: 'void_ticket' as const,
          payload,
          orderId: order._id,
          roundNo: round.no,
          stationId: station._id,
          // The order's version names this void: each change of an order has its own.
          causeKey: `void:${order._id}@${order.version}:${round.no}:${station._id}@${printer.id}`,
          userId: cause.voidedBy.id,
        }));
    }),
  );
  if (jobs.length === 0) return;
  await repo.insertJobs(tx, jobs);
  record({ type: 'print.queue-changed', branchId });
}
