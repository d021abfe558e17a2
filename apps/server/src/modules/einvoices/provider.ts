import type { CompanyInvoiceBuyer } from '@quan/contract/einvoice';
import type { VatRate } from '@quan/contract/vat';

/**
 * What every e-invoice provider does for Quán (Viettel S-Invoice first; MISA meInvoice, VNPT and BKAV to come),
 * in the restaurant's words rather than one vendor's: issue a sale's invoice, find it again by the transaction id
 * the caller fixed before the first try, cancel it, reduce it by an adjustment invoice, fetch its printable file.
 *
 * The amounts come from the bill as the restaurant computed it, whole đồng, each rate's tax rounded once: an
 * adapter maps them and never computes tax of its own, so the invoice says what the receipt says.
 * `checkInvoiceAddsUp` is the one check that the parts add up before anything is sent.
 *
 * Every call answers with a typed outcome; only a programming error throws. A transport failure (no answer in
 * time, no connection, an answer that is not the provider's) leaves the result unknown: the invoice may exist,
 * so look it up by its transaction id before sending it again. A refusal is the provider's own "no", with its
 * message, and nothing was issued.
 */

/**
 * How long an adapter waits for one exchange with its provider (Viettel recommends 60 to 90 seconds). One call of
 * the interface may take several: a sign-in, the call, both again after a 401, a lookup after a resend refused.
 */
export const PROVIDER_EXCHANGE_TIMEOUT_MS = 60_000;

export type EInvoiceSeller = {
  /** Mã số thuế: 10 digits, or 10 + "-" + 3 for a branch. */
  taxCode: string;
  legalName: string;
  address: string;
  phone?: string;
  email?: string;
};

/**
 * Who bought: a walk-in guest (the usual sale at a restaurant; the invoice carries no buyer details unless the
 * guest gave a name), or a company that asked for an invoice in its name, with its tax code.
 */
export type EInvoiceBuyer =
  | { kind: 'walk-in'; name?: string }
  | {
      kind: 'company';
      taxCode: string;
      legalName: string;
      address: string;
      email?: string;
      /** The person who asked for it, when they gave their name. */
      contactName?: string;
    };

/**
 * One line of the invoice. An `item` is something sold (a dish, a drink, the service charge); a `discount`
 * reduces the amounts of its rate and is written as positive numbers. Amounts are before tax, whole đồng.
 */
export type EInvoiceLine = {
  kind: 'item' | 'discount';
  name: string;
  /** The dish's code, when it has one. */
  code?: string;
  /** "Phần", "Ly", "Chai"... */
  unitName: string;
  quantity: number;
  /** Before tax; may carry decimals when it comes from a price that includes VAT. */
  unitPrice: number;
  vatRate: VatRate;
  /** quantity × unit price as the bill rounded it, whole đồng. */
  amountBeforeTax: number;
  /** This line's share of its rate's tax, whole đồng; the shares of a rate add up to that rate's tax. */
  taxAmount: number;
};

/** One rate's part of the bill: items less discounts, and the tax on that, rounded once. */
export type EInvoiceTaxByRate = { vatRate: VatRate; taxableAmount: number; taxAmount: number };

export type EInvoicePaymentMethod = 'cash' | 'bank-transfer' | 'card' | 'mixed';

export type EInvoice = {
  /** Fixed and stored by the caller before the first try; the provider keeps it to find the invoice again. */
  transactionId: string;
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  lines: EInvoiceLine[];
  taxesByRate: EInvoiceTaxByRate[];
  totals: {
    /** Items less discounts, before tax. */
    amountBeforeTax: number;
    taxAmount: number;
    amountWithTax: number;
  };
  paymentMethod: EInvoicePaymentMethod;
  paid: boolean;
  issuedAt: Date;
};

/** An invoice the provider holds, with what a guest needs to look it up and what a cancellation names. */
export type IssuedEInvoice = {
  transactionId: string;
  /** The number as the provider writes it (Viettel prefixes the series: "1C25MAA12"). */
  invoiceNumber: string;
  series: string;
  templateCode: string;
  /** The code a guest types on the provider's lookup page (Viettel's "reservationCode", mã số bí mật). */
  lookupCode: string;
  /** The tax authority's code, when the provider returns one (invoices from a cash register carry it). */
  taxAuthorityCode?: string;
  issuedAt: Date;
};

export type EInvoiceFile = { fileName: string; mimeType: string; bytes: Uint8Array };

/** The provider said no; its own message, to show as it is. */
export type ProviderRefusal = { kind: 'refused'; code?: string; message: string };

/** The provider refused the user name and password: the settings need fixing, not the invoice. */
export type SignInRefusal = { kind: 'sign-in-refused'; message: string };

/** No answer that can be trusted; whatever was asked may or may not have happened. */
export type TransportFailure = {
  kind: 'transport-failure';
  failure: 'timeout' | 'unreachable' | 'unreadable-answer';
  message: string;
};

export type ProviderFailure = ProviderRefusal | SignInRefusal | TransportFailure;

export type IssueOutcome = { kind: 'issued'; invoice: IssuedEInvoice } | ProviderFailure;
/**
 * `cancelled`: the provider says the invoice found was cancelled since, for an adapter whose provider's lookup
 * tells. Viettel's does not: a cancellation whose answer was lost is asked for again, and the adapter reads
 * Viettel's "already cancelled" refusal of it as cancelled.
 */
export type LookupOutcome =
  { kind: 'issued'; invoice: IssuedEInvoice; cancelled?: boolean } | { kind: 'not-found' } | ProviderFailure;
export type CancelOutcome = { kind: 'cancelled' } | ProviderFailure;
export type FileOutcome = { kind: 'file'; file: EInvoiceFile } | { kind: 'not-found' } | ProviderFailure;

export type CancelRequest = {
  invoice: IssuedEInvoice;
  reason: string;
  /** The agreement with the buyer that the law asks for when cancelling a company's invoice. */
  agreement?: { name: string; date: Date };
};

/**
 * A reduction of an issued invoice (hóa đơn điều chỉnh giảm), as a partial refund asks for it: `adjustment` is its
 * own invoice, with its own transaction id, whose lines and rates say what is taken back, as positive amounts;
 * the adapter writes them as decreases of `original`.
 */
export type AdjustRequest = {
  adjustment: EInvoice;
  original: IssuedEInvoice;
  /** Why the original is reduced (the refund's reason), written on the adjustment. */
  reason: string;
};

export interface EInvoiceProvider {
  /** Sends the invoice once; after a transport failure, call `findByTransaction` before sending it again. */
  issue(invoice: EInvoice): Promise<IssueOutcome>;
  findByTransaction(transactionId: string): Promise<LookupOutcome>;
  /** Cancels the invoice; one the provider says is cancelled already answers `cancelled` too. */
  cancel(request: CancelRequest): Promise<CancelOutcome>;
  /** Issues an adjustment of `original` once; after a transport failure, look it up by its own transaction id. */
  adjust(request: AdjustRequest): Promise<IssueOutcome>;
  /** The invoice's printable representation (PDF). */
  file(invoice: IssuedEInvoice): Promise<FileOutcome>;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** An invoice's totals: its rates' taxable amounts and taxes added up. */
export function totalsOf(taxesByRate: readonly EInvoiceTaxByRate[]): EInvoice['totals'] {
  const amountBeforeTax = sum(taxesByRate.map((part) => part.taxableAmount));
  const taxAmount = sum(taxesByRate.map((part) => part.taxAmount));
  return { amountBeforeTax, taxAmount, amountWithTax: amountBeforeTax + taxAmount };
}

/** The buyer an invoice names: the company an order keeps, or a walk-in guest (null). */
export function invoiceBuyerOf(buyer: CompanyInvoiceBuyer | null): EInvoiceBuyer {
  if (!buyer) return { kind: 'walk-in' };
  return {
    kind: 'company',
    taxCode: buyer.taxCode,
    legalName: buyer.name,
    address: buyer.address,
    ...(buyer.email ? { email: buyer.email } : {}),
  };
}

/**
 * Why the invoice does not add up to the đồng, or null when it does: whole-đồng amounts, each rate's lines
 * (items less discounts) equal to its taxable amount and tax, the rates to the totals. A mismatch is a bug in
 * the bill's calculation, never the guest's doing, so an adapter throws it rather than sending.
 */
export function checkInvoiceAddsUp(invoice: EInvoice): string | null {
  const amounts = [
    ...invoice.lines.flatMap((line) => [line.amountBeforeTax, line.taxAmount]),
    ...invoice.taxesByRate.flatMap((part) => [part.taxableAmount, part.taxAmount]),
    invoice.totals.amountBeforeTax,
    invoice.totals.taxAmount,
    invoice.totals.amountWithTax,
  ];
  if (!amounts.every(Number.isSafeInteger)) return 'amounts must be whole đồng';
  if (invoice.lines.length === 0) return 'an invoice needs at least one line';
  const rates = invoice.taxesByRate.map((part) => part.vatRate);
  if (new Set(rates).size !== rates.length) return 'each rate has one tax part';
  const signed = (line: EInvoiceLine, amount: number) => (line.kind === 'discount' ? -amount : amount);
  for (const rate of new Set(invoice.lines.map((line) => line.vatRate))) {
    if (!invoice.taxesByRate.some((part) => part.vatRate === rate)) return `rate ${rate} has lines but no tax part`;
  }
  for (const part of invoice.taxesByRate) {
    const lines = invoice.lines.filter((line) => line.vatRate === part.vatRate);
    const taxable = sum(lines.map((line) => signed(line, line.amountBeforeTax)));
    const tax = sum(lines.map((line) => signed(line, line.taxAmount)));
    if (taxable !== part.taxableAmount) return `rate ${part.vatRate}: lines ${taxable} ≠ taxable ${part.taxableAmount}`;
    if (tax !== part.taxAmount) return `rate ${part.vatRate}: lines' tax ${tax} ≠ tax ${part.taxAmount}`;
    if (part.vatRate === 'KCT' && part.taxAmount !== 0) return 'lines not subject to VAT carry no tax';
  }
  const taxable = sum(invoice.taxesByRate.map((part) => part.taxableAmount));
  const tax = sum(invoice.taxesByRate.map((part) => part.taxAmount));
  if (taxable !== invoice.totals.amountBeforeTax) return `rates ${taxable} ≠ total ${invoice.totals.amountBeforeTax}`;
  if (tax !== invoice.totals.taxAmount) return `rates' tax ${tax} ≠ total tax ${invoice.totals.taxAmount}`;
  if (taxable + tax !== invoice.totals.amountWithTax) return `${taxable} + ${tax} ≠ ${invoice.totals.amountWithTax}`;
  return null;
}
