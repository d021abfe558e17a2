import type { Settings } from '@quan/contract/settings';
import type { Shift } from '@quan/contract/shifts';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { clockDateTime } from './clock-text';
import { zReportDocument } from './documents/z-report';
import { enqueue, jobsOn } from './enqueue';

export interface ZReportCause {
  branchId: string;
  /** The shift as it closes, with its figures. */
  shift: Shift;
  /** Read before the transaction. */
  settings: Pick<Settings, 'language' | 'timezone' | 'restaurantName'>;
  userId: string;
}

/**
 * Inside the transaction that closes a shift: its Z report on the branch's Z-report printer, if it has one.
 * A shift reopened and closed again prints its new report.
 */
export async function queueZReport(
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: ZReportCause,
): Promise<void> {
  const { branchId, shift, settings } = cause;
  const printer = (await printers.inTransaction(tx, branchId)).find((one) => one.printsZReports);
  if (!printer) return;
  const dateTime = (iso: string) => clockDateTime(settings.timezone, new Date(iso));
  const payload = {
    document: zReportDocument({
      language: settings.language,
      restaurantName: settings.restaurantName,
      shift,
      dateTime,
      printedAt: clockDateTime(settings.timezone, new Date()),
    }),
  };
  const jobs = jobsOn([printer], `z-report:${shift._id}:${shift.reopenCount}`, {
    branchId,
    kind: 'z_report',
    payload,
    userId: cause.userId,
  });
  await enqueue(tx, record, branchId, jobs);
}
