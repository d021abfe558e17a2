import type { QueuedPrintJob } from '@quan/contract/printers';
import type { Translate } from '../../../lib/i18n';

/** Why a job has not printed yet, as far as its last try says: the printer out of reach, out of paper, or simply next. */
export type UnprintedReason = 'unreachable' | 'paperOut' | 'coverOpen' | 'waiting';

/** The reasons a person can act on first: a ticket waiting on two printers says the worse. */
const reasonOrder: readonly UnprintedReason[] = ['unreachable', 'paperOut', 'coverOpen', 'waiting'];

/** A last try that failed on the way there (a bridge's "timeout" included) is the printer not being reached. */
function reasonOf(job: Pick<QueuedPrintJob, 'lastError'>): UnprintedReason {
  switch (job.lastError) {
    case 'unreachable':
    case 'timeout':
      return 'unreachable';
    case 'paper_out':
      return 'paperOut';
    case 'cover_open':
      return 'coverOpen';
    default:
      return 'waiting';
  }
}

const worse = (a: UnprintedReason | undefined, b: UnprintedReason): UnprintedReason =>
  a !== undefined && reasonOrder.indexOf(a) < reasonOrder.indexOf(b) ? a : b;

export const unprintedReasonMessages: Record<UnprintedReason, string> = {
  unreachable: 'orders.unprinted.unreachable',
  paperOut: 'orders.unprinted.paperOut',
  coverOpen: 'orders.unprinted.coverOpen',
  waiting: 'orders.unprinted.waiting',
};

/** The kitchen tickets not printed yet, each round once for the screen of all stations and once per station. */
export interface PrintQueueIndex {
  kitchenTickets: ReadonlyMap<string, UnprintedReason>;
}

const ticketKeyOf = (orderId: string, roundNo: number, stationId: string | null) =>
  stationId === null ? `${orderId}:${roundNo}` : `${orderId}:${roundNo}:${stationId}`;

/** Built once per answer of the queue, so that each ticket on the board is a look-up. */
export function indexPrintQueue(jobs: readonly QueuedPrintJob[]): PrintQueueIndex {
  const kitchenTickets = new Map<string, UnprintedReason>();
  for (const job of jobs) {
    if (job.kind !== 'kitchen_ticket' || job.orderId === null || job.roundNo === null) continue;
    const reason = reasonOf(job);
    for (const key of [
      ticketKeyOf(job.orderId, job.roundNo, null),
      ticketKeyOf(job.orderId, job.roundNo, job.stationId),
    ]) {
      kitchenTickets.set(key, worse(kitchenTickets.get(key), reason));
    }
  }
  return { kitchenTickets };
}

/**
 * Why a kitchen ticket has not printed, or null once it has (or was never to print): on a station's screen, that
 * station's ticket of the round; on the screen of all stations, any of the round's.
 */
export function unprintedTicketReason(
  index: PrintQueueIndex | undefined,
  orderId: string,
  roundNo: number,
  stationId: string | null,
): UnprintedReason | null {
  return index?.kitchenTickets.get(ticketKeyOf(orderId, roundNo, stationId)) ?? null;
}

/** The worst reason among an order's waiting jobs. */
export function unprintedReasonOfJobs(jobs: readonly QueuedPrintJob[]): UnprintedReason {
  return jobs.reduce<UnprintedReason>((reason, job) => worse(reason, reasonOf(job)), 'waiting');
}

/**
 * "Bếp lượt 2", "phiếu tạm tính": each paper of an order still waiting, named once (a ticket on two printers is one
 * ticket to the people at the order). A drawer pulse is no paper; test pages and Z reports belong to no order.
 */
export function describeUnprintedJobs(
  t: Translate,
  jobs: readonly QueuedPrintJob[],
  stationNames: ReadonlyMap<string, string>,
): string[] {
  const names = jobs.flatMap((job) => {
    const station = job.stationId === null ? undefined : stationNames.get(job.stationId);
    switch (job.kind) {
      case 'kitchen_ticket':
        if (job.roundNo === null) return [];
        return [
          station === undefined
            ? t('orders.unprinted.round', { roundNo: job.roundNo })
            : t('orders.unprinted.stationRound', { station, roundNo: job.roundNo }),
        ];
      case 'void_ticket':
        return [station === undefined ? t('orders.unprinted.void') : t('orders.unprinted.voidAt', { station })];
      case 'notice':
        return [station === undefined ? t('orders.unprinted.notice') : t('orders.unprinted.noticeAt', { station })];
      case 'bill':
        return [t('orders.unprinted.bill')];
      case 'receipt':
        return [t('orders.unprinted.receipt')];
      default:
        return [];
    }
  });
  return [...new Set(names)];
}
