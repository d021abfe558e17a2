import type { AuthUser } from '../../plugins/auth';
import type { Transact } from '../../events/transact';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/service';
import type { PrinterWithStations } from './repository';
import * as repo from './repository';

/** A manager's "Open drawer" without a sale: the pulse is queued like any job, and the trail says who. */
export async function openDrawer(
  deps: { transact: Transact; audit: Pick<AuditService, 'record'> },
  actor: AuthUser,
  printer: PrinterWithStations,
): Promise<void> {
  await deps.transact(async (tx, record) => {
    await repo.insertJobs(tx, [
      {
        id: newId(),
        branchId: printer.branchId,
        printerId: printer.id,
        kind: 'drawer',
        payload: { drawerOnly: true },
        opensDrawer: true,
        userId: actor.id,
      },
    ]);
    await deps.audit.record(tx, {
      kind: 'drawer-open',
      branchId: printer.branchId,
      orderId: null,
      actorId: actor.id,
      approvedById: null,
      summary: `Opened the cash drawer on ${printer.name} without a sale`,
      details: { printerId: printer.id, printerName: printer.name },
    });
    record({ type: 'print.queue-changed', branchId: printer.branchId });
  });
}
