import { setTimeout as sleep } from 'node:timers/promises';
import type { VatRate } from '@quan/contract/vat';
import { MASKED } from '../../../lib/log-safe-url';
import {
  checkInvoiceAddsUp,
  PROVIDER_EXCHANGE_TIMEOUT_MS,
  type AdjustRequest,
  type CancelOutcome,
  type CancelRequest,
  type EInvoice,
  type EInvoiceLine,
  type EInvoicePaymentMethod,
  type EInvoiceProvider,
  type FileOutcome,
  type IssuedEInvoice,
  type IssueOutcome,
  type LookupOutcome,
  type ProviderRefusal,
  type SignInRefusal,
  type TransportFailure,
} from '../provider';

/**
 * Viettel S-Invoice, through the calls its public clients make. The calls, their fields and the shapes of their
 * answers follow Odoo's client, repository odoo/odoo, `addons/l10n_vn_edi_viettel/models/sinvoice_service.py`
 * (sign-in, create, lookup by transaction, cancel, files) and `addons/l10n_vn_edi_viettel/models/account_move.py`
 * (the createInvoice JSON, the token's lifetime, the lookup before a resend):
 *
 * - `POST {signInUrl}` with `{username, password}` answers `{access_token, expires_in}`; the token goes with every
 *   other call as the `access_token` cookie.
 * - `POST {apiUrl}InvoiceAPI/InvoiceWS/createInvoice/{seller tax code}`, the invoice as JSON, answers
 *   `{result: {invoiceNo, reservationCode, codeOfTax}}`.
 * - `POST {apiUrl}InvoiceAPI/InvoiceWS/searchInvoiceByTransactionUuid?supplierTaxCode&transactionUuid` answers
 *   `{result: [{invoiceNo, reservationCode, issueDate, status}]}`, or the error NOT_FOUND_DATA.
 * - `POST {apiUrl}InvoiceAPI/InvoiceWS/cancelTransactionInvoice?supplierTaxCode&templateCode&invoiceNo&strIssueDate
 *   &additionalReferenceDesc&additionalReferenceDate&reasonDelete`.
 * - An adjustment invoice is a create whose `generalInvoiceInfo` has `adjustmentType` "5", `adjustmentInvoiceType`
 *   "1" (money), the original's `originalInvoiceId` (its number), `originalInvoiceIssueDate` and
 *   `originalTemplateCode`, and the reason as `adjustedNote`; its lines carry `isIncreaseItem: false` and a negative
 *   unit price, its tax breakdowns `taxableAmountPos`/`taxAmountPos` false (Odoo's credit notes).
 * - `POST {apiUrl}InvoiceAPI/InvoiceUtilsWS/getInvoiceRepresentationFile` with `{supplierTaxCode, templateCode,
 *   invoiceNo, fileType}` answers `{fileToBytes (base64), fileName}`, sometimes empty for a moment after issuing.
 *
 * An answer is an error when it carries `code` or `error` (its message in `data` or `error`), as Odoo reads them,
 * or a non-empty `errorCode` (its message in `description`). A second create with a transaction id already used
 * is refused with TRANSACTION_UUID_INVALID: the adapter then answers with the invoice the first one made; a second
 * cancellation is refused with INVOICE_CANCELLED, which the adapter answers as cancelled. No redirect is followed.
 * Dates are milliseconds since the epoch with the milliseconds at zero.
 */

export type ViettelSInvoiceSettings = {
  /** The sign-in address, which has its own base: Viettel's is `https://api-vinvoice.viettel.vn/auth/login`. */
  signInUrl: string;
  /** The API's base, ending in a slash: `https://api-vinvoice.viettel.vn/services/einvoiceapplication/api/`. */
  apiUrl: string;
  username: string;
  password: string;
  sellerTaxCode: string;
  /** The invoice template ("mẫu số"), e.g. "1/770". */
  templateCode: string;
  /** The series ("ký hiệu"); a cash register's has M as its fourth character, e.g. "1C25MAA". */
  invoiceSeries: string;
  /** Per call; Viettel recommends 60 to 90 seconds. */
  timeoutMs?: number;
};

/** A sign-in tried on its own, as a person checking the settings asks for it. */
export type SignInCheck = { kind: 'signed-in' } | SignInRefusal | TransportFailure;

export type ViettelSInvoiceProvider = EInvoiceProvider & {
  /** Signs in afresh with the settings and calls nothing else. */
  checkSignIn(): Promise<SignInCheck>;
};

/** A token is dropped this long before Viettel says it expires, so that no call leaves with a dying one. */
const TOKEN_EXPIRY_MARGIN_MS = 30_000;
/** Viettel's answer to a create whose transaction id already made an invoice. */
const TRANSACTION_ALREADY_USED = 'TRANSACTION_UUID_INVALID';
const NOT_FOUND = 'NOT_FOUND_DATA';
/**
 * A cancellation of an invoice cancelled already is refused with this code (as the simulator in
 * `demo/sinvoice-simulator.ts` plays it): the invoice is cancelled, which is what was asked, as when the answer to
 * an earlier cancellation was lost.
 */
const ALREADY_CANCELLED = 'INVOICE_CANCELLED';
/** The file may not be ready right after issuing: asked again after 125 ms, then 250 ms. */
const FILE_ATTEMPTS = 3;

/** Viettel's taxPercentage: the rate, or -2 for lines not subject to VAT. */
const taxPercentage = (rate: VatRate) => (rate === 'KCT' ? -2 : rate);

/** TM: cash (tiền mặt), CK: transfer (chuyển khoản), TM/CK when the two mix or the guest paid otherwise. */
const PAYMENT_METHOD_NAMES: Record<EInvoicePaymentMethod, string> = {
  cash: 'TM',
  'bank-transfer': 'CK',
  card: 'TM/CK',
  mixed: 'TM/CK',
};

/** Seconds since the epoch written as milliseconds: the only date format Viettel reads. */
const viettelDate = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** Viettel takes phone numbers as digits only; a leading + becomes 00. */
const phoneDigits = (phone: string) => phone.replace('+', '00').replace(/[^0-9]+/g, '');

/** The walk-in guest's name on an invoice nobody asked for in their name. */
const WALK_IN_BUYER_NAME = 'Khách lẻ';

function buyerInfo(buyer: EInvoice['buyer']) {
  if (buyer.kind === 'walk-in') {
    // Nobody to send it to: the guest looks it up with the code printed on the receipt.
    return { buyerName: buyer.name ?? WALK_IN_BUYER_NAME, buyerNotGetInvoice: 1 };
  }
  return {
    buyerName: buyer.contactName ?? buyer.legalName,
    buyerLegalName: buyer.legalName,
    buyerTaxCode: buyer.taxCode,
    buyerAddressLine: buyer.address,
    buyerEmail: buyer.email ?? '',
    buyerCountryCode: 'VN',
    buyerNotGetInvoice: 0,
  };
}

function itemInfo(line: EInvoiceLine, index: number) {
  return {
    lineNumber: index + 1,
    // 1: goods or service; 3: a discount, written with positive amounts that the provider subtracts.
    selection: line.kind === 'discount' ? 3 : 1,
    ...(line.kind === 'discount' ? { isIncreaseItem: false } : {}),
    itemCode: line.code ?? '',
    itemName: line.name,
    unitName: line.unitName,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    itemTotalAmountWithoutTax: line.amountBeforeTax,
    taxPercentage: taxPercentage(line.vatRate),
    taxAmount: line.taxAmount,
    itemTotalAmountAfterDiscount: line.amountBeforeTax,
    itemTotalAmountWithTax: line.amountBeforeTax + line.taxAmount,
  };
}

function createInvoicePayload(invoice: EInvoice, settings: ViettelSInvoiceSettings) {
  const { seller } = invoice;
  const discounts = invoice.lines.filter((line) => line.kind === 'discount');
  return {
    generalInvoiceInfo: {
      transactionUuid: invoice.transactionId,
      // The template's first part is the invoice type: "1/770" is a VAT invoice (hóa đơn GTGT).
      invoiceType: settings.templateCode.split('/')[0],
      templateCode: settings.templateCode,
      invoiceSeries: settings.invoiceSeries,
      invoiceIssuedDate: viettelDate(invoice.issuedAt),
      currencyCode: 'VND',
      adjustmentType: '1',
      paymentStatus: invoice.paid,
      cusGetInvoiceRight: true,
      validation: 1,
    },
    sellerInfo: {
      sellerLegalName: seller.legalName,
      sellerTaxCode: seller.taxCode,
      sellerAddressLine: seller.address,
      sellerPhoneNumber: seller.phone ? phoneDigits(seller.phone) : '',
      sellerEmail: seller.email ?? '',
    },
    buyerInfo: buyerInfo(invoice.buyer),
    payments: [{ paymentMethodName: PAYMENT_METHOD_NAMES[invoice.paymentMethod] }],
    itemInfo: invoice.lines.map(itemInfo),
    taxBreakdowns: invoice.taxesByRate.map((part) => ({
      taxPercentage: taxPercentage(part.vatRate),
      taxableAmount: Math.abs(part.taxableAmount),
      taxAmount: Math.abs(part.taxAmount),
      taxableAmountPos: part.taxableAmount >= 0,
      taxAmountPos: part.taxAmount >= 0,
    })),
    summarizeInfo: {
      sumOfTotalLineAmountWithoutTax: invoice.totals.amountBeforeTax,
      totalAmountWithoutTax: invoice.totals.amountBeforeTax,
      totalTaxAmount: invoice.totals.taxAmount,
      totalAmountWithTax: invoice.totals.amountWithTax,
      discountAmount: discounts.reduce((total, line) => total + line.amountBeforeTax, 0),
    },
  };
}

/**
 * A reduction of `original`, as Odoo sends a credit note: the amounts stay positive and say what is taken back;
 * the lines and breakdowns are marked as decreases, the unit price negative.
 */
function adjustmentPayload({ adjustment, original, reason }: AdjustRequest, settings: ViettelSInvoiceSettings) {
  const payload = createInvoicePayload(adjustment, settings);
  return {
    ...payload,
    generalInvoiceInfo: {
      ...payload.generalInvoiceInfo,
      adjustmentType: '5',
      adjustmentInvoiceType: '1',
      originalInvoiceId: original.invoiceNumber,
      originalInvoiceIssueDate: viettelDate(original.issuedAt),
      originalTemplateCode: original.templateCode,
      adjustedNote: reason,
    },
    itemInfo: payload.itemInfo.map((item) => ({
      ...item,
      unitPrice: -item.unitPrice,
      adjustmentTaxAmount: item.taxAmount,
      isIncreaseItem: false,
    })),
    taxBreakdowns: payload.taxBreakdowns.map((part) => ({ ...part, taxableAmountPos: false, taxAmountPos: false })),
  };
}

/** The fields Viettel's answers carry, success and error alike. */
type ViettelAnswer = {
  errorCode?: unknown;
  description?: unknown;
  code?: unknown;
  message?: unknown;
  data?: unknown;
  error?: unknown;
  error_description?: unknown;
  result?: unknown;
  access_token?: unknown;
  expires_in?: unknown;
  fileToBytes?: unknown;
  fileName?: unknown;
};

type Reply = { kind: 'reply'; status: number; body: ViettelAnswer };

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== 0;

/** The error an answer carries, read as Odoo reads it (`code`/`error`, then `data`), or as `errorCode`. */
function errorIn(body: ViettelAnswer): { code?: string; message: string } | null {
  if (isSet(body.errorCode)) {
    const code = String(body.errorCode);
    return { code, message: text(body.description) ?? code };
  }
  if (isSet(body.code) || isSet(body.error)) {
    const symbol = text(body.message) ?? text(body.error);
    const message =
      text(body.data) ?? text(body.error_description) ?? symbol ?? `error ${String(body.code ?? body.error)}`;
    return { code: symbol, message };
  }
  return null;
}

export function createViettelSInvoiceProvider(settings: ViettelSInvoiceSettings): ViettelSInvoiceProvider {
  const timeoutMs = settings.timeoutMs ?? PROVIDER_EXCHANGE_TIMEOUT_MS;
  const signInHost = new URL(settings.signInUrl).host;
  const apiHost = new URL(settings.apiUrl).host;
  let token: { value: string; expiresAt: number } | null = null;
  let signingIn: Promise<string | SignInRefusal | TransportFailure> | null = null;

  /** Whatever the provider or the network said, with the password masked should anything ever echo it. */
  const safe = (message: string) =>
    settings.password === '' ? message : message.split(settings.password).join(MASKED);

  const refusal = (found: { code?: string; message: string }): ProviderRefusal => ({
    kind: 'refused',
    ...(found.code ? { code: found.code } : {}),
    message: safe(found.message),
  });

  const unreadable = (host: string, why: string): TransportFailure => ({
    kind: 'transport-failure',
    failure: 'unreadable-answer',
    message: safe(`Viettel S-Invoice (${host}) answered ${why}`),
  });

  /**
   * One exchange; the body is read under the same deadline as the headers. A redirect is not followed: a 307 or
   * 308 would carry the password, or the token, to wherever it points.
   */
  async function exchange(url: URL, init: RequestInit): Promise<Reply | TransportFailure> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return failedExchange(url, error);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return unreadable(url.host, `HTTP ${response.status}, a redirect, which is not followed`);
    }
    try {
      const raw = await response.text();
      if (response.status === 401) return { kind: 'reply', status: 401, body: {} };
      try {
        return { kind: 'reply', status: response.status, body: JSON.parse(raw) as ViettelAnswer };
      } catch {
        return unreadable(url.host, `HTTP ${response.status} that is not JSON`);
      }
    } catch (error) {
      return failedExchange(url, error);
    }
  }

  function failedExchange(url: URL, error: unknown): TransportFailure {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return {
      kind: 'transport-failure',
      failure: timedOut ? 'timeout' : 'unreachable',
      message: safe(
        timedOut
          ? `Viettel S-Invoice (${url.host}) did not answer within ${timeoutMs / 1000} s`
          : `Viettel S-Invoice (${url.host}) cannot be reached${cause}`,
      ),
    };
  }

  async function signIn(): Promise<string | SignInRefusal | TransportFailure> {
    const reply = await exchange(new URL(settings.signInUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: settings.username, password: settings.password }),
    });
    if (reply.kind !== 'reply') return reply;
    const failed = errorIn(reply.body);
    if (failed || reply.status >= 400) {
      const message = failed?.message ?? `HTTP ${reply.status}`;
      return { kind: 'sign-in-refused', message: safe(`Viettel S-Invoice refused the sign-in: ${message}`) };
    }
    const value = text(reply.body.access_token);
    if (!value) return unreadable(signInHost, 'a sign-in without an access token');
    const lifetime = reply.body.expires_in;
    const lifetimeSeconds = typeof lifetime === 'number' || text(lifetime) ? Number(lifetime) : Number.NaN;
    // Without a lifetime the token is kept until the provider answers 401.
    const expiresAt = Number.isFinite(lifetimeSeconds)
      ? Date.now() + Math.max(0, lifetimeSeconds * 1000 - TOKEN_EXPIRY_MARGIN_MS)
      : Number.POSITIVE_INFINITY;
    token = { value, expiresAt };
    return value;
  }

  /** The kept token while it lives; otherwise one sign-in, shared by the calls that wait for it. */
  function accessToken(): Promise<string | SignInRefusal | TransportFailure> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    signingIn ??= signIn().finally(() => {
      signingIn = null;
    });
    return signingIn;
  }

  /**
   * An API call with the token as the `access_token` cookie. A 401 means the token is no longer valid (nothing
   * was done), so the call signs in again once and goes again.
   */
  async function call(
    path: string,
    request: { json: unknown } | { parameters: Record<string, string | number | undefined> },
  ): Promise<Reply | SignInRefusal | TransportFailure> {
    const url = new URL(path, settings.apiUrl);
    let init: RequestInit;
    if ('json' in request) {
      init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.json) };
    } else {
      for (const [name, value] of Object.entries(request.parameters)) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      // As Odoo sends them: in the query string, declared as a form.
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    const send = async (): Promise<{ reply: Reply | SignInRefusal | TransportFailure; sentWith?: string }> => {
      const current = await accessToken();
      if (typeof current !== 'string') return { reply: current };
      const cookie = `access_token=${current}`;
      return { reply: await exchange(url, { ...init, headers: { ...init.headers, cookie } }), sentWith: current };
    };
    const first = await send();
    if (first.reply.kind !== 'reply' || first.reply.status !== 401) return first.reply;
    if (token?.value === first.sentWith) token = null;
    const second = await send();
    if (second.reply.kind === 'reply' && second.reply.status === 401) {
      return { kind: 'sign-in-refused', message: 'Viettel S-Invoice refused a token it had just given (HTTP 401)' };
    }
    return second.reply;
  }

  function issuedFromLookup(transactionId: string, found: Record<string, unknown>): IssuedEInvoice | null {
    const invoiceNumber = text(found.invoiceNo);
    const lookupCode = text(found.reservationCode);
    const issueDate = Number(found.issueDate);
    // The issue date is part of what a cancellation names, so an answer without it is of no use.
    if (!invoiceNumber || !lookupCode || !isSet(found.issueDate) || !Number.isFinite(issueDate)) return null;
    return {
      transactionId,
      invoiceNumber,
      series: text(found.invoiceSeries) ?? settings.invoiceSeries,
      templateCode: text(found.templateCode) ?? settings.templateCode,
      lookupCode,
      ...(text(found.codeOfTax) ? { taxAuthorityCode: text(found.codeOfTax) } : {}),
      issuedAt: new Date(issueDate),
    };
  }

  async function findByTransaction(transactionId: string): Promise<LookupOutcome> {
    const reply = await call('InvoiceAPI/InvoiceWS/searchInvoiceByTransactionUuid', {
      parameters: { supplierTaxCode: settings.sellerTaxCode, transactionUuid: transactionId },
    });
    if (reply.kind !== 'reply') return reply;
    const failed = errorIn(reply.body);
    if (failed?.code === NOT_FOUND) return { kind: 'not-found' };
    if (failed) return refusal(failed);
    if (reply.status >= 300) return unreadable(apiHost, `HTTP ${reply.status} to a lookup`);
    const results = Array.isArray(reply.body.result) ? (reply.body.result as Record<string, unknown>[]) : [];
    if (results.length === 0) return { kind: 'not-found' };
    const invoice = issuedFromLookup(transactionId, results[0]!);
    return invoice
      ? { kind: 'issued', invoice }
      : unreadable(apiHost, 'a lookup without an invoice number, lookup code or date');
  }

  function issue(invoice: EInvoice): Promise<IssueOutcome> {
    return create(invoice, createInvoicePayload(invoice, settings));
  }

  function adjust(request: AdjustRequest): Promise<IssueOutcome> {
    return create(request.adjustment, adjustmentPayload(request, settings));
  }

  /** One createInvoice of `invoice`, a sale or an adjustment, as `payload` writes it. */
  async function create(invoice: EInvoice, payload: unknown): Promise<IssueOutcome> {
    const problem = checkInvoiceAddsUp(invoice);
    if (problem) throw new Error(`The invoice of transaction ${invoice.transactionId} does not add up: ${problem}`);
    if (invoice.seller.taxCode !== settings.sellerTaxCode) {
      throw new Error(`The seller's tax code ${invoice.seller.taxCode} is not the one signed in for`);
    }
    const reply = await call(`InvoiceAPI/InvoiceWS/createInvoice/${encodeURIComponent(settings.sellerTaxCode)}`, {
      json: payload,
    });
    if (reply.kind !== 'reply') return reply;
    const failed = errorIn(reply.body);
    if (failed?.code === TRANSACTION_ALREADY_USED) {
      // An earlier try went through (its answer was lost): that invoice is this transaction's.
      const earlier = await findByTransaction(invoice.transactionId);
      return earlier.kind === 'not-found' ? refusal(failed) : earlier;
    }
    if (failed) return refusal(failed);
    const result = (reply.body.result ?? {}) as Record<string, unknown>;
    const invoiceNumber = text(result.invoiceNo);
    const lookupCode = text(result.reservationCode);
    if (reply.status >= 300 || !invoiceNumber || !lookupCode) {
      return unreadable(apiHost, `HTTP ${reply.status} to a create, without an invoice number`);
    }
    const taxAuthorityCode = text(result.codeOfTax);
    return {
      kind: 'issued',
      invoice: {
        transactionId: invoice.transactionId,
        invoiceNumber,
        series: settings.invoiceSeries,
        templateCode: settings.templateCode,
        lookupCode,
        ...(taxAuthorityCode ? { taxAuthorityCode } : {}),
        issuedAt: new Date(viettelDate(invoice.issuedAt)),
      },
    };
  }

  async function cancel({ invoice, reason, agreement }: CancelRequest): Promise<CancelOutcome> {
    const reply = await call('InvoiceAPI/InvoiceWS/cancelTransactionInvoice', {
      parameters: {
        supplierTaxCode: settings.sellerTaxCode,
        templateCode: invoice.templateCode,
        invoiceNo: invoice.invoiceNumber,
        strIssueDate: viettelDate(invoice.issuedAt),
        additionalReferenceDesc: agreement?.name,
        additionalReferenceDate: agreement ? viettelDate(agreement.date) : undefined,
        reasonDelete: reason,
      },
    });
    if (reply.kind !== 'reply') return reply;
    const failed = errorIn(reply.body);
    if (failed?.code === ALREADY_CANCELLED) return { kind: 'cancelled' };
    if (failed) return refusal(failed);
    if (reply.status >= 300) return unreadable(apiHost, `HTTP ${reply.status} to a cancellation`);
    return { kind: 'cancelled' };
  }

  async function file(invoice: IssuedEInvoice): Promise<FileOutcome> {
    for (let attempt = 1; attempt <= FILE_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await sleep(125 * (attempt - 1));
      const reply = await call('InvoiceAPI/InvoiceUtilsWS/getInvoiceRepresentationFile', {
        json: {
          supplierTaxCode: settings.sellerTaxCode,
          templateCode: invoice.templateCode,
          invoiceNo: invoice.invoiceNumber,
          fileType: 'PDF',
        },
      });
      if (reply.kind !== 'reply') return reply;
      const failed = errorIn(reply.body);
      if (failed?.code === NOT_FOUND) return { kind: 'not-found' };
      if (failed) return refusal(failed);
      const content = text(reply.body.fileToBytes);
      if (content) {
        const fileName = text(reply.body.fileName) ?? `${invoice.invoiceNumber}.pdf`;
        return {
          kind: 'file',
          file: { fileName, mimeType: 'application/pdf', bytes: new Uint8Array(Buffer.from(content, 'base64')) },
        };
      }
    }
    return { kind: 'not-found' };
  }

  async function checkSignIn(): Promise<SignInCheck> {
    const outcome = await signIn();
    return typeof outcome === 'string' ? { kind: 'signed-in' } : outcome;
  }

  return { issue, adjust, findByTransaction, cancel, file, checkSignIn };
}
