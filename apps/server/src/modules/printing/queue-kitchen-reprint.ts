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

export interface KitchenReprintCause {
  branchId: string;
  /** The order as it stands in the transaction, loaded only when a printer prints the station. */
  order: () => Promise<Order>;
  roundNo: number;
  stationId: string;
  /** The copies of this ticket asked for by hand so far, this one included. */
  copiesAsked: number;
  askedBy: string;
  /** The branch's language and time zone, read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone'>;
}

/** Which copy this is, and the printers it went to (null: none prints the station, the browser prints it). */
export type KitchenReprint = { copy: number; sentTo: string | null };

/**
 * Inside the transaction that counts a station's ticket asked for again: queued on the printers of that
 * station, marked "IN LẠI" with its copy number. The copy those printers printed by themselves when the round
 * reached the kitchen was the first, so the copies asked for by hand come after it.
 */
export async function queueKitchenReprint(
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: KitchenReprintCause,
): Promise<KitchenReprint> {
  const { branchId, roundNo, stationId, settings } = cause;
  const inBrowser = { copy: cause.copiesAsked, sentTo: null };
  const stationPrinters = (await printers.inTransaction(tx, branchId)).filter((one) =>
    one.stationIds.includes(stationId),
  );
  if (stationPrinters.length === 0) return inBrowser;
  const order = await cause.order();
  const round = order.rounds.find((one) => one.no === roundNo);
  const stations = await kitchenStations(tx, branchId);
  const station = stations.find((one) => one._id === stationId);
  if (!round || !station) return inBrowser;
  const lines = order.items.filter(
    (line) =>
      line.roundNo === roundNo && line.quantity > line.voidedQuantity && stationOfLine(line, stations) === stationId,
  );
  if (lines.length === 0) return inBrowser;

  const printedByItself = await repo.hasFirstKitchenTicket(tx, { branchId, orderId: order._id, roundNo, stationId });
  const copy = cause.copiesAsked + (printedByItself ? 1 : 0);
  const sentAt = clockTime(settings.timezone, new Date(round.sentAt));
  const payload = {
    document: kitchenTicketDocument({
      language: settings.language,
      stationName: station.name,
      tableNo: order.table?.tableNo ?? null,
      orderNo: order.orderNo,
      roundNo,
      sentAt,
      sentBy: round.sentBy?.name ?? '',
      printedAt: clockTime(settings.timezone, new Date()),
      lines: lines.map((line) => ticketLine(line, line.quantity - line.voidedQuantity)),
      copy,
    }),
  };
  await repo.insertJobs(
    tx,
    stationPrinters.map((printer) => ({
      id: newId(),
      branchId,
      printerId: printer.id,
      kind: 'kitchen_ticket' as const,
      payload,
      orderId: order._id,
      roundNo,
      stationId,
      causeKey: `reprint:${order._id}:${roundNo}:${stationId}:${copy}@${printer.id}`,
      userId: cause.askedBy,
    })),
  );
  record({ type: 'print.queue-changed', branchId });
  return { copy, sentTo: stationPrinters.map((printer) => printer.name).join(', ') };
}
