import {
  einvoiceLookupPages,
  type CompanyInvoiceBuyer,
  type EinvoiceProvider,
  type InvoiceBuyer,
  type OrderInvoice,
} from '@quan/contract/einvoice';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices, einvoiceSettings } from '../../db/schema/einvoices';
import type { IssuedEInvoice } from './provider';
import type { EinvoiceRow } from './take-due';

// An order's sale invoice as the order screens, the receipt and the routes on it see it. The sale row is the
// queue's (queue-sale.ts writes it, the worker moves it along); these read it, and change only who it is for and
// whether it waits again.

/** The provider's message while it matters: on a failed row, and on one waiting (or cancelling) to be tried again. */
const errorOf = (row: EinvoiceRow) =>
  row.status === 'failed' || row.status === 'waiting' || row.status === 'cancelling' ? row.lastError : null;

/**
 * The sale invoice as an order shows it, with the adjustments of partial refunds. The error is the provider's
 * message only while it matters: on a failed invoice, and on one waiting (or being cancelled) again after failing
 * (the screens say why it is not done yet); an issued or cancelled invoice's old failures are history.
 */
function toOrderInvoice(
  row: EinvoiceRow,
  provider: EinvoiceProvider | null,
  adjustments: readonly EinvoiceRow[] = [],
): OrderInvoice {
  const issued = row.invoiceNumber !== null;
  return {
    status: row.status,
    buyer: row.buyer ?? null,
    invoiceNumber: row.invoiceNumber,
    lookupCode: row.lookupCode,
    lookupUrl: issued && provider ? einvoiceLookupPages[provider] : null,
    error: errorOf(row),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    adjustments: adjustments.map((one) => ({
      status: one.status,
      invoiceNumber: one.invoiceNumber,
      amount: (one.taxesByRate ?? []).reduce((sum, part) => sum + part.taxableAmount + part.taxAmount, 0),
      error: errorOf(one),
    })),
  };
}

/**
 * The sale invoices of these orders, by order id, in one query whatever their number (a page of the order list),
 * with their branch's provider for the lookup page and their adjustments. An order without a sale row has none
 * (not completed, or completed while its branch issued no invoices).
 */
export async function saleInvoicesOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderInvoice>> {
  if (orderIds.length === 0) return new Map();
  const found = await db
    .select({ row: einvoices, provider: einvoiceSettings.provider })
    .from(einvoices)
    .leftJoin(einvoiceSettings, eq(einvoiceSettings.branchId, einvoices.branchId))
    .where(inArray(einvoices.orderId, [...orderIds]))
    .orderBy(asc(einvoices.createdAt));
  const adjustments = new Map<string, EinvoiceRow[]>();
  for (const { row } of found) {
    if (row.kind === 'adjustment') adjustments.set(row.orderId, [...(adjustments.get(row.orderId) ?? []), row]);
  }
  return new Map(
    found
      .filter(({ row }) => row.kind === 'sale')
      .map(({ row, provider }) => [row.orderId, toOrderInvoice(row, provider, adjustments.get(row.orderId))]),
  );
}

/** The order's sale row locked for a change (its buyer, a retry), or undefined when it has none. */
export async function lockSaleInvoice(tx: Executor, orderId: string): Promise<EinvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.orderId, orderId), eq(einvoices.kind, 'sale')))
    .for('update');
  return row;
}

/** The invoice the provider holds for this row, as a cancellation or an adjustment names it; null until issued. */
export function issuedInvoiceOf(row: EinvoiceRow): IssuedEInvoice | null {
  if (!row.invoiceNumber || !row.series || !row.templateCode || !row.lookupCode || !row.issuedAt) return null;
  return {
    transactionId: row.transactionId,
    invoiceNumber: row.invoiceNumber,
    series: row.series,
    templateCode: row.templateCode,
    lookupCode: row.lookupCode,
    ...(row.taxAuthorityCode ? { taxAuthorityCode: row.taxAuthorityCode } : {}),
    issuedAt: row.issuedAt,
  };
}

/**
 * What the order and its invoice keep of the buyer a guest named: a company's details (the body's schema has
 * trimmed them and lower-cased the e-mail), its e-mail null when none was given; null for a walk-in guest.
 */
export const storedBuyer = (buyer: InvoiceBuyer): CompanyInvoiceBuyer | null =>
  buyer.kind === 'company'
    ? { kind: 'company', name: buyer.name, taxCode: buyer.taxCode, address: buyer.address, email: buyer.email ?? null }
    : null;
