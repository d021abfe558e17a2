import type { QueuedPrintJob } from '@quan/contract/printers';
import type { Translate } from '../../../lib/i18n';
import type { UnprintedReason } from '../model/print-queue-index';

export const unprintedReasonMessages: Record<UnprintedReason, string> = {
  unreachable: 'orders.unprinted.unreachable',
  paperOut: 'orders.unprinted.paperOut',
  coverOpen: 'orders.unprinted.coverOpen',
  waiting: 'orders.unprinted.waiting',
};

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
