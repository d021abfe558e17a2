import type { Transact } from '../../events/transact';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { drawerJobs, enqueue } from './enqueue';
import type { PrinterWithStations } from './repository';

/**
 * A manager's "Open drawer" without a sale: the pulse is queued like any job, and the trail says who. The same
 * request retried (its Idempotency-Key) opens the drawer and writes the trail once.
 */
export async function openDrawer(
  deps: { transact: Transact; audit: Pick<AuditService, 'record'> },
  actor: AuthUser,
  printer: PrinterWithStations,
  idempotencyKey: string | undefined,
): Promise<void> {
  const cause = `drawer:manual:${actor.id}:${idempotencyKey ?? newId()}`;
  await deps.transact(async (tx, record) => {
    const jobs = drawerJobs(printer, cause, { branchId: printer.branchId, userId: actor.id });
    if ((await enqueue(tx, record, printer.branchId, jobs)) === 0) return;
    await deps.audit.record(tx, {
      kind: 'drawer-open',
      branchId: printer.branchId,
      orderId: null,
      actorId: actor.id,
      approvedById: null,
      summary: `Opened the cash drawer on ${printer.name} without a sale`,
      details: { printerId: printer.id, printerName: printer.name },
    });
  });
}
