import type { PrintJobError, QueuedPrintJob } from '@quan/contract/printers';
import { ticketKey } from './ticket-key';

/** Why a job has not printed yet, as far as its last try says: the printer out of reach, out of paper, or simply next. */
export type UnprintedReason = 'unreachable' | 'paperOut' | 'coverOpen' | 'waiting';

/** The reasons a person can act on first: a ticket waiting on two printers says the worse. */
const reasonOrder: readonly UnprintedReason[] = ['unreachable', 'paperOut', 'coverOpen', 'waiting'];

/**
 * A last try that failed on the way there (cut off, timed out, an address off the network, the printer saying it is
 * off) is the printer not being reached; one still under way, or none yet, is the job waiting its turn.
 */
function reasonOf(lastError: PrintJobError | null): UnprintedReason {
  switch (lastError) {
    case 'unreachable':
    case 'timeout':
    case 'reset':
    case 'refused_address':
    case 'offline':
      return 'unreachable';
    case 'paper_out':
      return 'paperOut';
    case 'cover_open':
      return 'coverOpen';
    case 'in_flight':
    case null:
      return 'waiting';
  }
}

const worse = (a: UnprintedReason | undefined, b: UnprintedReason): UnprintedReason =>
  a !== undefined && reasonOrder.indexOf(a) < reasonOrder.indexOf(b) ? a : b;

/**
 * The queue as the screens read it: each kitchen ticket not printed yet (a round once for the screen of all stations
 * and once per station, by `ticketKey`), and each order's waiting jobs for its card.
 */
export interface PrintQueueIndex {
  kitchenTickets: ReadonlyMap<string, UnprintedReason>;
  byOrder: ReadonlyMap<string, readonly QueuedPrintJob[]>;
}

/** Built once per answer of the queue, so that each ticket and each card on a screen is a look-up. */
export function indexPrintQueue(jobs: readonly QueuedPrintJob[]): PrintQueueIndex {
  const kitchenTickets = new Map<string, UnprintedReason>();
  const byOrder = new Map<string, QueuedPrintJob[]>();
  for (const job of jobs) {
    if (job.orderId === null) continue;
    byOrder.set(job.orderId, [...(byOrder.get(job.orderId) ?? []), job]);
    if (job.kind !== 'kitchen_ticket' || job.roundNo === null) continue;
    const reason = reasonOf(job.lastError);
    for (const key of [ticketKey(job.orderId, job.roundNo, null), ticketKey(job.orderId, job.roundNo, job.stationId)]) {
      kitchenTickets.set(key, worse(kitchenTickets.get(key), reason));
    }
  }
  return { kitchenTickets, byOrder };
}

/** The worst reason among an order's waiting jobs. */
export function unprintedReasonOfJobs(jobs: readonly QueuedPrintJob[]): UnprintedReason {
  return jobs.reduce<UnprintedReason>((reason, job) => worse(reason, reasonOf(job.lastError)), 'waiting');
}
