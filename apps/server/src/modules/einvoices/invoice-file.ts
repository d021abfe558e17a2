import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';
import { orders } from '../../db/schema/orders';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { issuedInvoiceOf } from './order-invoice';
import type { EInvoiceFile } from './provider';
import { loadEinvoiceSettings, providerFor } from './provider-for-branch';
import { ProviderUnreachable } from './settings-check';

/**
 * GET /api/order/{id}/invoice/file: the order's sale invoice as the provider prints it (a PDF), for a guest who
 * asks for a copy at the counter. Asked of the provider each time rather than kept: the provider holds the
 * document of record, and keeps it after a cancellation too (stamped as cancelled), so a cancelled invoice is
 * fetched all the same. Another branch's order is the same 404 as a missing one.
 */
export async function fetchInvoiceFile(
  db: Database,
  actor: { branchId: string },
  orderId: string,
): Promise<EInvoiceFile & { invoiceNumber: string }> {
  const { branchId } = actor;
  const [order] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.branchId, branchId)));
  if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
  const { orderNo } = order;

  const [row] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.orderId, orderId), eq(einvoices.kind, 'sale')));
  // Only a number the provider gave means it has the document: a waiting or failed invoice has none yet.
  const issued = row ? issuedInvoiceOf(row) : null;
  if (!issued) throw notFound(`Order ${orderNo} has no e-invoice`).because('EINVOICE_NOT_FOUND', { orderNo });

  const settings = await loadEinvoiceSettings(db, branchId);
  if (!settings) {
    throw notFound('This branch has no e-invoice settings yet: save them first').because('EINVOICE_NOT_SET_UP');
  }
  const outcome = await providerFor(settings).file(issued);
  switch (outcome.kind) {
    case 'file':
      return { ...outcome.file, invoiceNumber: issued.invoiceNumber };
    case 'not-found':
      // Viettel renders the file a little after issuing: the invoice is there, its PDF not yet.
      throw conflict(
        `The provider has not made invoice ${issued.invoiceNumber}'s file yet: try again in a minute`,
      ).because('EINVOICE_FILE_NOT_READY', { invoiceNumber: issued.invoiceNumber });
    case 'sign-in-refused':
      throw new AppError('UNPROCESSABLE', outcome.message).because('EINVOICE_SIGN_IN_REFUSED', {
        message: outcome.message,
      });
    case 'refused':
      throw new AppError('UNPROCESSABLE', outcome.message).because('EINVOICE_FILE_REFUSED', {
        message: outcome.message,
      });
    case 'transport-failure':
      throw new ProviderUnreachable(outcome.message);
  }
}
