import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import { kitchenStations } from '../stations/service';
import type { BranchPrintersCache } from './branch-printers';
import { clockTime } from './clock-text';
import { kitchenTicketDocument, type KitchenTicketLine } from './documents/kitchen-ticket';
import * as repo from './repository';

type OrderLine = Order['items'][number];

export interface KitchenTicketCause {
  branchId: string;
  /** The order as it stands in the transaction, loaded only when the branch has a kitchen printer. */
  order: () => Promise<Order>;
  roundNo: number;
  /** The branch's language and time zone, read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone'>;
}

export const ticketLine = (line: OrderLine, quantity: number): KitchenTicketLine => ({
  quantity,
  name: line.name,
  options: line.options.map((option) => option.name),
  note: line.note,
});

/**
 * Inside the transaction that sends a round to the kitchen: one ticket per station, on each printer that prints
 * that station, with only that station's lines. Written with the round, so that a restart loses none; the
 * printing follows the commit and never holds the order up.
 */
export async function queueKitchenTickets(
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: KitchenTicketCause,
): Promise<void> {
  const { branchId, roundNo, settings } = cause;
  const stationPrinters = (await printers.inTransaction(tx, branchId)).filter((one) => one.stationIds.length > 0);
  if (stationPrinters.length === 0) return;
  const order = await cause.order();
  const round = order.rounds.find((one) => one.no === roundNo);
  if (!round) return;
  const lines = order.items.filter((line) => line.roundNo === roundNo && line.quantity > line.voidedQuantity);
  const stations = await kitchenStations(tx, branchId);
  const sentAt = clockTime(settings.timezone, new Date(round.sentAt));

  const jobs = stations.flatMap((station) => {
    const own = lines.filter((line) => line.stationId === station._id);
    if (own.length === 0) return [];
    const payload = {
      document: kitchenTicketDocument({
        language: settings.language,
        stationName: station.name,
        tableNo: order.table?.tableNo ?? null,
        orderNo: order.orderNo,
        roundNo,
        sentAt,
        sentBy: round.sentBy?.name ?? '',
        printedAt: sentAt,
        lines: own.map((line) => ticketLine(line, line.quantity - line.voidedQuantity)),
        copy: 1,
      }),
    };
    return stationPrinters
      .filter((printer) => printer.stationIds.includes(station._id))
      .map((printer) => ({
        id: newId(),
        branchId,
        printerId: printer.id,
        kind: 'kitchen_ticket' as const,
        payload,
        orderId: order._id,
        roundNo,
        stationId: station._id,
        causeKey: `round:${order._id}:${roundNo}:${station._id}@${printer.id}`,
        userId: round.sentBy?._id ?? null,
      }));
  });
  if (jobs.length === 0) return;
  await repo.insertJobs(tx, jobs);
  record({ type: 'print.queue-changed', branchId });
}
