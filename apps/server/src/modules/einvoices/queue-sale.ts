import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices, einvoiceSettings } from '../../db/schema/einvoices';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import type { orders } from '../../db/schema/orders';

/**
 * Inside the transaction that completes an order: when its branch issues e-invoices, the order's sale invoice
 * waits in the queue, its transaction id fixed now, before any call to the provider, so that every later try,
 * on any instance, asks the provider about the same invoice. The payment never waits for the provider: a
 * worker issues it once this commits. An order that has its sale invoice already (completed again after a
 * refund) keeps it. Answers whether it queued one.
 */
export async function queueSaleInvoice(
  tx: Executor,
  {
    order,
    record,
  }: {
    order: Pick<typeof orders.$inferSelect, 'id' | 'branchId' | 'invoiceBuyer'>;
    /** Wakes the workers once this commits; a caller that records its own `einvoice.changed` leaves it out. */
    record?: RecordEvent;
  },
): Promise<boolean> {
  const [settings] = await tx
    .select({ enabled: einvoiceSettings.enabled })
    .from(einvoiceSettings)
    .where(eq(einvoiceSettings.branchId, order.branchId));
  if (!settings?.enabled) return false;
  const queued = await tx
    .insert(einvoices)
    .values({
      id: newId(),
      branchId: order.branchId,
      orderId: order.id,
      kind: 'sale',
      transactionId: randomUUID(),
      status: 'waiting',
      buyer: order.invoiceBuyer,
    })
    .onConflictDoNothing()
    .returning({ id: einvoices.id });
  if (queued.length === 0) return false;
  record?.({ type: 'einvoice.changed', branchId: order.branchId, orderId: order.id });
  return true;
}
