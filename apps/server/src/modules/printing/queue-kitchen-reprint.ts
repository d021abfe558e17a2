import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import { stationOfLine } from '@quan/contract/stations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { enqueue, jobsOn, kitchenPrinting, stationTicket, ticketLine } from './enqueue';
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
  cache: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: KitchenReprintCause,
): Promise<KitchenReprint> {
  const { branchId, roundNo, stationId, settings } = cause;
  const inBrowser = { copy: cause.copiesAsked, sentTo: null };
  const kitchen = await kitchenPrinting(cache, tx, branchId);
  const printers = kitchen?.printersOf(stationId) ?? [];
  const station = kitchen?.stations.find((one) => one._id === stationId);
  if (!kitchen || printers.length === 0 || !station) return inBrowser;
  const order = await cause.order();
  const round = order.rounds.find((one) => one.no === roundNo);
  const lines = order.items.filter(
    (line) =>
      line.roundNo === roundNo &&
      line.quantity > line.voidedQuantity &&
      stationOfLine(line, kitchen.stations) === stationId,
  );
  if (!round || lines.length === 0) return inBrowser;

  const printedByItself = await repo.hasRoundTicket(tx, { branchId, orderId: order._id, roundNo, stationId });
  const copy = cause.copiesAsked + (printedByItself ? 1 : 0);
  const payload = stationTicket({
    settings,
    order,
    round,
    stationName: station.name,
    lines: lines.map((line) => ticketLine(line, line.quantity - line.voidedQuantity)),
    sentBy: round.sentBy?.name ?? '',
    copy,
  });
  const jobs = jobsOn(printers, `reprint:${order._id}:${roundNo}:${stationId}:${copy}`, {
    branchId,
    kind: 'kitchen_ticket',
    payload,
    orderId: order._id,
    roundNo,
    stationId,
    userId: cause.askedBy,
  });
  await enqueue(tx, record, branchId, jobs);
  return { copy, sentTo: printers.map((printer) => printer.name).join(', ') };
}
