import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrintDocument } from './document';
import { encodeTestPage, type TestPageInput } from './documents/test-page';
import { encodeDocument, type PrintProfile } from './encode';

/**
 * What a queued job keeps until its printer takes it: a document, a test page (which prints its sample in both
 * ways, so it is encoded on its own), or only the drawer's pulse (no paper). Encoded for the printer that sends
 * it, a fallback included.
 */
export type PrintPayload = { document: PrintDocument } | { testPage: TestPageInput } | { drawerOnly: true };

/**
 * The e-invoice a receipt prints (its number and lookup code, or that it is being issued): whoever builds a
 * receipt's payload passes it to `billDocument` as `invoice`, `receiptInvoiceOf(order.invoice)` reading it off
 * the order.
 */
export { receiptInvoiceOf, type ReceiptInvoice } from './documents/bill';

export function encodePayload(payload: PrintPayload, profile: PrintProfile): Uint8Array {
  if ('testPage' in payload) return encodeTestPage(payload.testPage, profile);
  if ('drawerOnly' in payload) return new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse().encode();
  return encodeDocument(payload.document, profile);
}

/**
 * The payload again after an attempt that may have printed part of it (the connection broke mid-way, or the
 * server stopped): ESC/POS says nothing back, so the paper says "IN LẠI" and the kitchen checks before cooking.
 */
export function asReprint(payload: PrintPayload, text: string): PrintPayload {
  if (!('document' in payload)) return payload;
  return { document: { ...payload.document, banner: payload.document.banner ?? { text } } };
}

/** The payload with a line at its top, bold and centred (a ticket that printed late says so and when). */
export function withHeadline(payload: PrintPayload, text: string): PrintPayload {
  if (!('document' in payload)) return payload;
  const { document } = payload;
  return {
    document: { ...document, blocks: [{ kind: 'text', text, align: 'center', bold: true }, ...document.blocks] },
  };
}
