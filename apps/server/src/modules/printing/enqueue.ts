import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import type { Executor } from '../../db/client';
import type { printJobs } from '../../db/schema/printing';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import { kitchenStations } from '../stations/service';
import type { BranchPrintersCache } from './branch-printers';
import { clockTime } from './clock-text';
import { kitchenTicketDocument, type KitchenTicketLine } from './documents/kitchen-ticket';
import type { PrinterWithStations } from './repository';
import * as repo from './repository';

type NewJob = typeof printJobs.$inferInsert;
type OrderLine = Order['items'][number];

/**
 * Queues jobs inside the caller's transaction and, once it commits, wakes the printers' senders. Answers how many
 * were new: a cause queued before (the same request retried) is not queued again.
 */
export async function enqueue(tx: Executor, record: RecordEvent, branchId: string, jobs: NewJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const queued = await repo.insertJobs(tx, jobs);
  if (queued > 0) record({ type: 'print.queue-changed', branchId });
  return queued;
}

/**
 * One job per printer, each with its own id and its cause followed by the printer (`<cause>@<printer>`): the same
 * cause, retried, queues nothing twice on a printer.
 */
export function jobsOn(
  printers: readonly PrinterWithStations[],
  cause: string,
  job: Omit<NewJob, 'id' | 'printerId' | 'causeKey'>,
): NewJob[] {
  return printers.map((printer) => ({
    ...job,
    id: newId(),
    printerId: printer.id,
    causeKey: `${cause}@${printer.id}`,
  }));
}

/** A pulse that opens the printer's cash drawer, and no paper. */
export function drawerJobs(printer: PrinterWithStations, cause: string, job: Pick<NewJob, 'branchId' | 'userId'>) {
  return jobsOn([printer], cause, { ...job, kind: 'drawer', payload: { drawerOnly: true }, opensDrawer: true });
}

/** What every kitchen paper needs: the branch's printers of stations, and the stations it runs. */
export interface KitchenPrinting {
  printers: PrinterWithStations[];
  stations: Awaited<ReturnType<typeof kitchenStations>>;
  /** The printers of one station. */
  printersOf(stationId: string): PrinterWithStations[];
}

/** Null when no printer of the branch prints a station: the caller queues nothing and reads nothing more. */
export async function kitchenPrinting(
  cache: BranchPrintersCache,
  tx: Executor,
  branchId: string,
): Promise<KitchenPrinting | null> {
  const printers = (await cache.inTransaction(tx, branchId)).filter((one) => one.stationIds.length > 0);
  if (printers.length === 0) return null;
  const stations = await kitchenStations(tx, branchId);
  return {
    printers,
    stations,
    printersOf: (stationId) => printers.filter((one) => one.stationIds.includes(stationId)),
  };
}

export const ticketLine = (line: OrderLine, quantity: number): KitchenTicketLine => ({
  quantity,
  name: line.name,
  options: line.options.map((option) => option.name),
  note: line.note,
});

/** A station's ticket of one round, as the kitchen reads it: a round's own, a reprint, or a void ("HỦY"). */
export function stationTicket(ticket: {
  settings: Pick<Settings, 'language' | 'timezone'>;
  order: Order;
  round: Order['rounds'][number];
  stationName: string;
  lines: KitchenTicketLine[];
  sentBy: string;
  copy: number;
  isVoid?: boolean;
}) {
  const { settings, order, round } = ticket;
  return {
    document: kitchenTicketDocument({
      language: settings.language,
      stationName: ticket.stationName,
      tableNo: order.table?.tableNo ?? null,
      orderNo: order.orderNo,
      roundNo: round.no,
      sentAt: clockTime(settings.timezone, new Date(round.sentAt)),
      sentBy: ticket.sentBy,
      // A round's own ticket says when it was sent; a void or a reprint also when it was asked for.
      ...(ticket.copy > 1 || ticket.isVoid ? { printedAt: clockTime(settings.timezone, new Date()) } : {}),
      lines: ticket.lines,
      copy: ticket.copy,
      ...(ticket.isVoid ? { isVoid: true } : {}),
    }),
  };
}
