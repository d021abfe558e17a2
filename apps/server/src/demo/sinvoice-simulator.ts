import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A SIMULATOR of Viettel S-Invoice, for the tests and the demo only: production never starts it (`npm start`
 * does not import it), and nothing it issues is an invoice. It listens on 127.0.0.1 at a free port and answers
 * the calls the Viettel adapter makes (see `modules/einvoices/providers/viettel-sinvoice.ts`) with the fields
 * and error shapes Viettel uses:
 *
 * - sign-in with the user name and password it was started with, the token as the `access_token` cookie
 *   (any other call without a live token is answered 401);
 * - create, keeping each invoice in memory by its transaction id and numbering them per series ("1C25MAA1",
 *   "1C25MAA2"...); a second create with a used transaction id is refused with TRANSACTION_UUID_INVALID and
 *   issues nothing; a payload whose lines, breakdowns and totals disagree is refused, as Viettel's validation
 *   does;
 * - an adjustment invoice (`adjustmentType` "5"), only of an invoice it issued and has not cancelled, named by its
 *   number, template and issue date;
 * - lookup by transaction id (NOT_FOUND_DATA when none), cancellation, and the invoice's file as a one-page PDF.
 *
 * Its switches play what goes wrong with the real one: the next create or cancellation refused with a message, the next answer
 * held past the caller's timeout (the work is still done, as when an answer is lost), sign-in refused, every
 * token expired, every answer held until resumed (the provider hangs).
 */

export type SimulatedInvoice = {
  transactionUuid: string;
  templateCode: string;
  invoiceSeries: string;
  invoiceNo: string;
  reservationCode: string;
  codeOfTax: string;
  issueDate: number;
  paid: boolean;
  cancelled: { reason: string } | null;
  /** An adjustment invoice: the invoice it reduces, and why. */
  adjusts: { invoiceNo: string; reason: string } | null;
  /** The createInvoice JSON as received. */
  payload: CreatePayload;
};

type CreatePayload = {
  generalInvoiceInfo?: {
    transactionUuid?: string;
    templateCode?: string;
    invoiceSeries?: string;
    invoiceIssuedDate?: number;
    paymentStatus?: boolean;
    adjustmentType?: string;
    originalInvoiceId?: string;
    originalInvoiceIssueDate?: number;
    originalTemplateCode?: string;
    adjustedNote?: string;
  };
  itemInfo?: {
    selection?: number;
    itemTotalAmountWithoutTax?: number;
    taxAmount?: number;
    taxPercentage?: number;
  }[];
  taxBreakdowns?: { taxPercentage?: number; taxableAmount?: number; taxAmount?: number }[];
  summarizeInfo?: { totalAmountWithoutTax?: number; totalTaxAmount?: number; totalAmountWithTax?: number };
};

export type SInvoiceSimulator = {
  /** Where the adapter signs in, and the API's base, to put in the settings. */
  signInUrl: string;
  apiUrl: string;
  /** Every createInvoice body received, in order, refused ones included. */
  readonly createRequests: CreatePayload[];
  /** Every cancelTransactionInvoice received, in order, refused ones included. */
  readonly cancelRequests: { invoiceNo: string | null; reason: string | null }[];
  readonly invoices: ReadonlyMap<string, SimulatedInvoice>;
  /** How many sign-ins it granted. */
  readonly signIns: number;
  /** The next create is refused with this message (Viettel's `data`) and this code (its `message`). */
  failNextCreate(message: string, code?: string): void;
  /** The next cancellation is refused with this message and code. */
  failNextCancel(message: string, code?: string): void;
  /** The next API call is carried out, then answered only after this long. */
  delayNextAnswer(ms: number): void;
  /** While on, sign-in is refused as for a wrong password. */
  refuseSignIn(on: boolean): void;
  /** Holds every answer, sign-in included, until `resume`: the provider hangs. */
  pause(): void;
  resume(): void;
  /** How many creates named this transaction id, refused ones included: a resend shows as a second. */
  createsOf(transactionUuid: string): number;
  /** Every token given so far stops working, as when it outlives its `expires_in`. */
  expireTokens(): void;
  /** The next invoice of `series` ("1C25MAA") is numbered after `last`: the account issued those before (the demo's history). */
  continueNumbering(series: string, last: number): void;
  close(): Promise<void>;
};

const API_PATH = '/services/einvoiceapplication/api/';

class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

/** A one-page PDF that says what it is; its cross-reference offsets computed so that readers open it. */
function placeholderPdf(line: string): Buffer {
  const escaped = line.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 14 Tf 40 100 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

/** Viettel's validation, in short: the lines give each rate's amounts, the rates give the totals. */
function disagreement(payload: CreatePayload): string | null {
  const items = payload.itemInfo ?? [];
  const breakdowns = payload.taxBreakdowns ?? [];
  const summary = payload.summarizeInfo ?? {};
  if (items.length === 0) return 'Hóa đơn không có dòng hàng hóa';
  const signed = (item: (typeof items)[number], value: number | undefined) =>
    item.selection === 3 ? -(value ?? 0) : (value ?? 0);
  for (const breakdown of breakdowns) {
    const lines = items.filter((item) => item.taxPercentage === breakdown.taxPercentage);
    if (sum(lines.map((item) => signed(item, item.itemTotalAmountWithoutTax))) !== breakdown.taxableAmount) {
      return `Tổng tiền chịu thuế suất ${breakdown.taxPercentage} không khớp với các dòng hàng hóa`;
    }
    if (sum(lines.map((item) => signed(item, item.taxAmount))) !== breakdown.taxAmount) {
      return `Tiền thuế suất ${breakdown.taxPercentage} không khớp với các dòng hàng hóa`;
    }
  }
  if (sum(breakdowns.map((breakdown) => breakdown.taxableAmount)) !== summary.totalAmountWithoutTax) {
    return 'Tổng tiền trước thuế không khớp';
  }
  if (sum(breakdowns.map((breakdown) => breakdown.taxAmount)) !== summary.totalTaxAmount) {
    return 'Tổng tiền thuế không khớp';
  }
  if ((summary.totalAmountWithoutTax ?? 0) + (summary.totalTaxAmount ?? 0) !== summary.totalAmountWithTax) {
    return 'Tổng tiền thanh toán không khớp';
  }
  return null;
}

export async function startSInvoiceSimulator({
  username,
  password,
  sellerTaxCode,
  tokenLifetimeSeconds = 300,
}: {
  username: string;
  password: string;
  sellerTaxCode: string;
  tokenLifetimeSeconds?: number;
}): Promise<SInvoiceSimulator> {
  const invoices = new Map<string, SimulatedInvoice>();
  const createRequests: CreatePayload[] = [];
  const cancelRequests: SInvoiceSimulator['cancelRequests'][number][] = [];
  const tokens = new Map<string, number>();
  const lastNumberBySeries = new Map<string, number>();
  const closing = new AbortController();
  let signIns = 0;
  let nextCreateRefusal: Refusal | null = null;
  let nextCancelRefusal: Refusal | null = null;
  let nextDelayMs = 0;
  let signInRefused = false;
  let paused: { until: Promise<void>; resume: () => void } | null = null;

  const signIn = (body: { username?: string; password?: string }) => {
    if (signInRefused || body.username !== username || body.password !== password) {
      throw new Refusal('LOGIN_FAILED', 'Tên đăng nhập hoặc mật khẩu không đúng');
    }
    signIns += 1;
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    return { access_token: accessToken, token_type: 'bearer', expires_in: tokenLifetimeSeconds, jti: randomUUID() };
  };

  const checkSeller = (taxCode: string | null | undefined) => {
    if (taxCode !== sellerTaxCode) throw new Refusal('SUPPLIER_TAX_CODE_INVALID', 'Mã số thuế người bán không hợp lệ');
  };

  const findInvoice = (templateCode: string | null | undefined, invoiceNo: string | null | undefined) => {
    const found = [...invoices.values()].find(
      (invoice) => invoice.invoiceNo === invoiceNo && invoice.templateCode === templateCode,
    );
    if (!found) throw new Refusal('NOT_FOUND_DATA', 'Không tìm thấy hóa đơn');
    return found;
  };

  const create = (taxCode: string, payload: CreatePayload) => {
    createRequests.push(payload);
    checkSeller(taxCode);
    if (nextCreateRefusal) {
      const refusal = nextCreateRefusal;
      nextCreateRefusal = null;
      throw refusal;
    }
    const general = payload.generalInvoiceInfo ?? {};
    const { transactionUuid, templateCode, invoiceSeries, invoiceIssuedDate } = general;
    if (!transactionUuid || !templateCode || !invoiceSeries || typeof invoiceIssuedDate !== 'number') {
      throw new Refusal('INVALID_DATA', 'Thiếu thông tin chung của hóa đơn');
    }
    if (invoices.has(transactionUuid)) {
      throw new Refusal('TRANSACTION_UUID_INVALID', 'transactionUuid đã được sử dụng để lập hóa đơn');
    }
    const problem = disagreement(payload);
    if (problem) throw new Refusal('INVALID_DATA', problem);
    const adjusts = adjustedBy(general);
    const number = (lastNumberBySeries.get(invoiceSeries) ?? 0) + 1;
    lastNumberBySeries.set(invoiceSeries, number);
    const invoice: SimulatedInvoice = {
      transactionUuid,
      templateCode,
      invoiceSeries,
      invoiceNo: `${invoiceSeries}${number}`,
      reservationCode: randomBytes(8).toString('hex').toUpperCase(),
      // A cash register's invoices carry a code of the tax authority's shape: M, the year, the series, the number.
      codeOfTax: `M1-${invoiceSeries.slice(1, 3)}-SIMUL-${String(number).padStart(11, '0')}`,
      issueDate: invoiceIssuedDate,
      paid: general.paymentStatus === true,
      cancelled: null,
      adjusts,
      payload,
    };
    invoices.set(transactionUuid, invoice);
    return {
      errorCode: null,
      description: null,
      result: {
        supplierTaxCode: sellerTaxCode,
        invoiceNo: invoice.invoiceNo,
        transactionID: transactionUuid,
        reservationCode: invoice.reservationCode,
        codeOfTax: invoice.codeOfTax,
      },
    };
  };

  /** What an adjustment invoice reduces, checked as Viettel checks it; null for any other invoice. */
  const adjustedBy = (general: NonNullable<CreatePayload['generalInvoiceInfo']>) => {
    if (general.adjustmentType !== '5') return null;
    const original = findInvoice(general.originalTemplateCode, general.originalInvoiceId);
    if (Number(general.originalInvoiceIssueDate) !== original.issueDate) {
      throw new Refusal('INVALID_DATA', 'Ngày lập hóa đơn gốc không đúng');
    }
    if (original.cancelled) throw new Refusal('INVOICE_CANCELLED', 'Hóa đơn gốc đã bị hủy');
    if (!general.adjustedNote) throw new Refusal('INVALID_DATA', 'Thiếu lý do điều chỉnh');
    return { invoiceNo: original.invoiceNo, reason: general.adjustedNote };
  };

  const search = (parameters: URLSearchParams) => {
    checkSeller(parameters.get('supplierTaxCode'));
    const transactionUuid = parameters.get('transactionUuid') ?? '';
    const invoice = invoices.get(transactionUuid);
    if (!invoice) throw new Refusal('NOT_FOUND_DATA', 'Không tìm thấy dữ liệu');
    return {
      errorCode: null,
      description: null,
      transactionUuid,
      result: [
        {
          supplierTaxCode: sellerTaxCode,
          templateCode: invoice.templateCode,
          invoiceSeries: invoice.invoiceSeries,
          invoiceNo: invoice.invoiceNo,
          reservationCode: invoice.reservationCode,
          codeOfTax: invoice.codeOfTax,
          issueDate: invoice.issueDate,
          status: invoice.paid ? 'Đã thanh toán' : 'Chưa thanh toán',
        },
      ],
    };
  };

  const cancel = (parameters: URLSearchParams) => {
    cancelRequests.push({ invoiceNo: parameters.get('invoiceNo'), reason: parameters.get('reasonDelete') });
    checkSeller(parameters.get('supplierTaxCode'));
    if (nextCancelRefusal) {
      const refusal = nextCancelRefusal;
      nextCancelRefusal = null;
      throw refusal;
    }
    const invoice = findInvoice(parameters.get('templateCode'), parameters.get('invoiceNo'));
    if (Number(parameters.get('strIssueDate')) !== invoice.issueDate) {
      throw new Refusal('INVALID_DATA', 'Ngày lập hóa đơn không đúng');
    }
    const reason = parameters.get('reasonDelete');
    if (!reason) throw new Refusal('INVALID_DATA', 'Thiếu lý do hủy hóa đơn');
    if (invoice.cancelled) throw new Refusal('INVOICE_CANCELLED', 'Hóa đơn đã bị hủy');
    invoice.cancelled = { reason };
    return { errorCode: null, description: null };
  };

  const representationFile = (request: {
    supplierTaxCode?: string;
    templateCode?: string;
    invoiceNo?: string;
    fileType?: string;
  }) => {
    checkSeller(request.supplierTaxCode);
    const invoice = findInvoice(request.templateCode, request.invoiceNo);
    if (request.fileType !== 'PDF') throw new Refusal('INVALID_DATA', 'Trình giả lập chỉ có tệp PDF');
    const pdf = placeholderPdf(`SIMULATED invoice ${invoice.invoiceNo} - not a real invoice`);
    return {
      errorCode: null,
      description: null,
      fileToBytes: pdf.toString('base64'),
      paymentStatus: invoice.paid,
      fileName: `${invoice.invoiceNo}.pdf`,
    };
  };

  const signedIn = (request: http.IncomingMessage) => {
    const cookie = (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .find(([name]) => name === 'access_token');
    const expiresAt = cookie?.[1] ? tokens.get(cookie[1]) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  };

  /** Query and form fields alike, as a servlet's request parameters. */
  const parametersOf = (url: URL, body: string) => {
    const parameters = new URLSearchParams(url.search);
    for (const [name, value] of new URLSearchParams(body)) parameters.set(name, value);
    return parameters;
  };

  const answer = async (request: http.IncomingMessage, body: string): Promise<{ status: number; json: unknown }> => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (paused) await paused.until;
    if (request.method !== 'POST') return { status: 405, json: { code: 405, message: 'METHOD_NOT_ALLOWED' } };
    try {
      if (url.pathname === '/auth/login') return { status: 200, json: signIn(JSON.parse(body || '{}')) };
      if (!url.pathname.startsWith(API_PATH)) return { status: 404, json: { code: 404, message: 'NOT_FOUND' } };
      if (!signedIn(request))
        return { status: 401, json: { code: 401, message: 'UNAUTHORIZED', data: 'Unauthorized' } };
      const call = url.pathname.slice(API_PATH.length);
      let json: unknown;
      if (call.startsWith('InvoiceAPI/InvoiceWS/createInvoice/')) {
        json = create(decodeURIComponent(call.split('/').pop()!), JSON.parse(body || '{}') as CreatePayload);
      } else if (call === 'InvoiceAPI/InvoiceWS/searchInvoiceByTransactionUuid') {
        json = search(parametersOf(url, body));
      } else if (call === 'InvoiceAPI/InvoiceWS/cancelTransactionInvoice') {
        json = cancel(parametersOf(url, body));
      } else if (call === 'InvoiceAPI/InvoiceUtilsWS/getInvoiceRepresentationFile') {
        json = representationFile(JSON.parse(body || '{}'));
      } else {
        return { status: 404, json: { code: 404, message: 'NOT_FOUND' } };
      }
      if (nextDelayMs > 0) {
        const delay = nextDelayMs;
        nextDelayMs = 0;
        await sleep(delay, undefined, { signal: closing.signal });
      }
      return { status: 200, json };
    } catch (error) {
      if (error instanceof Refusal) {
        return { status: 400, json: { code: 400, message: error.code, data: error.message } };
      }
      if (error instanceof SyntaxError)
        return { status: 400, json: { code: 400, message: 'BAD_REQUEST', data: 'JSON' } };
      throw error;
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(request, Buffer.concat(chunks).toString('utf8')).then(
        ({ status, json }) => {
          if (response.destroyed) return;
          response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
          response.end(JSON.stringify(json));
        },
        () => response.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    signInUrl: `${base}/auth/login`,
    apiUrl: `${base}${API_PATH}`,
    createRequests,
    cancelRequests,
    invoices,
    get signIns() {
      return signIns;
    },
    failNextCreate(message, code = 'INVOICE_ERROR') {
      nextCreateRefusal = new Refusal(code, message);
    },
    delayNextAnswer(ms) {
      nextDelayMs = ms;
    },
    failNextCancel(message, code = 'INVOICE_ERROR') {
      nextCancelRefusal = new Refusal(code, message);
    },
    refuseSignIn(on) {
      signInRefused = on;
    },
    pause() {
      if (paused) return;
      let resume = () => {};
      const until = new Promise<void>((resolve) => (resume = resolve));
      paused = { until, resume };
    },
    resume() {
      paused?.resume();
      paused = null;
    },
    createsOf(transactionUuid) {
      return createRequests.filter((request) => request.generalInvoiceInfo?.transactionUuid === transactionUuid).length;
    },
    expireTokens() {
      tokens.clear();
    },
    continueNumbering(series, last) {
      lastNumberBySeries.set(series, Math.max(last, lastNumberBySeries.get(series) ?? 0));
    },
    async close() {
      closing.abort();
      paused?.resume();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
