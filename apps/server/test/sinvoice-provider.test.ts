import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import type { EInvoice, EInvoiceProvider, IssuedEInvoice } from '../src/modules/einvoices/provider';
import {
  createViettelSInvoiceProvider,
  type ViettelSInvoiceSettings,
} from '../src/modules/einvoices/providers/viettel-sinvoice';

// The Viettel S-Invoice adapter against the loopback simulator of Viettel's calls: what it sends adds up to the
// đồng, a lost answer never makes a second invoice, the provider's own refusals come back as they are, and the
// password stays out of everything it returns.

const SELLER_TAX_CODE = '0100109106';
const PASSWORD = 'S3cret-pass-42';

let simulator: SInvoiceSimulator;
let provider: EInvoiceProvider;
const others: SInvoiceSimulator[] = [];

function settingsFor(target: { signInUrl: string; apiUrl: string }, extra: Partial<ViettelSInvoiceSettings> = {}) {
  return {
    signInUrl: target.signInUrl,
    apiUrl: target.apiUrl,
    username: SELLER_TAX_CODE,
    password: PASSWORD,
    sellerTaxCode: SELLER_TAX_CODE,
    templateCode: '1/770',
    invoiceSeries: '1C25MAA',
    timeoutMs: 2_000,
    ...extra,
  };
}

async function startSimulator(tokenLifetimeSeconds?: number) {
  return startSInvoiceSimulator({
    username: SELLER_TAX_CODE,
    password: PASSWORD,
    sellerTaxCode: SELLER_TAX_CODE,
    ...(tokenLifetimeSeconds === undefined ? {} : { tokenLifetimeSeconds }),
  });
}

beforeEach(async () => {
  simulator = await startSimulator();
  provider = createViettelSInvoiceProvider(settingsFor(simulator));
});
afterEach(async () => {
  await Promise.all([simulator, ...others.splice(0)].map((started) => started.close()));
});

/**
 * A bill with food at 8 % (a discount on it, and the service charge at 8 %), beer at 10 % whose tax rounds, and
 * cold towels not subject to VAT; each rate's tax rounded once and shared over its lines.
 */
function mixedBill(transactionId: string, buyer: EInvoice['buyer'] = { kind: 'walk-in' }): EInvoice {
  return {
    transactionId,
    seller: {
      taxCode: SELLER_TAX_CODE,
      legalName: 'Quán Ăn Ngon',
      address: '18 Phan Bội Châu, Hà Nội',
      phone: '+84 24 3942 8162',
    },
    buyer,
    lines: [
      {
        kind: 'item',
        name: 'Phở bò',
        unitName: 'Bát',
        quantity: 2,
        unitPrice: 45_000,
        vatRate: 8,
        amountBeforeTax: 90_000,
        taxAmount: 7_200,
      },
      {
        kind: 'item',
        name: 'Nước cam',
        unitName: 'Ly',
        quantity: 1,
        unitPrice: 27_500,
        vatRate: 8,
        amountBeforeTax: 27_500,
        taxAmount: 2_200,
      },
      {
        kind: 'item',
        name: 'Phí phục vụ',
        unitName: 'Lần',
        quantity: 1,
        unitPrice: 5_625,
        vatRate: 8,
        amountBeforeTax: 5_625,
        taxAmount: 450,
      },
      {
        kind: 'discount',
        name: 'Giảm giá',
        unitName: 'Lần',
        quantity: 1,
        unitPrice: 5_000,
        vatRate: 8,
        amountBeforeTax: 5_000,
        taxAmount: 400,
      },
      {
        kind: 'item',
        name: 'Bia Sài Gòn',
        code: 'BIA-SG',
        unitName: 'Chai',
        quantity: 3,
        unitPrice: 18_182,
        vatRate: 10,
        amountBeforeTax: 54_546,
        taxAmount: 5_455,
      },
      {
        kind: 'item',
        name: 'Khăn lạnh',
        unitName: 'Cái',
        quantity: 2,
        unitPrice: 2_000,
        vatRate: 'KCT',
        amountBeforeTax: 4_000,
        taxAmount: 0,
      },
    ],
    taxesByRate: [
      { vatRate: 8, taxableAmount: 118_125, taxAmount: 9_450 },
      { vatRate: 10, taxableAmount: 54_546, taxAmount: 5_455 },
      { vatRate: 'KCT', taxableAmount: 4_000, taxAmount: 0 },
    ],
    totals: { amountBeforeTax: 176_671, taxAmount: 14_905, amountWithTax: 191_576 },
    paymentMethod: 'cash',
    paid: true,
    issuedAt: new Date('2026-11-29T12:34:56.789Z'),
  };
}

async function issued(invoice: EInvoice): Promise<IssuedEInvoice> {
  const outcome = await provider.issue(invoice);
  if (outcome.kind !== 'issued') throw new Error(`not issued: ${JSON.stringify(outcome)}`);
  return outcome.invoice;
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The parts of a received createInvoice body that the checks read. */
type ReceivedItem = {
  selection: number;
  taxPercentage: number;
  itemTotalAmountWithoutTax: number;
  taxAmount: number;
} & Record<string, unknown>;
type ReceivedPayload = {
  itemInfo: ReceivedItem[];
  taxBreakdowns: { taxPercentage: number; taxableAmount: number; taxAmount: number }[];
} & Record<string, unknown>;
const received = () => simulator.createRequests as unknown as ReceivedPayload[];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('issuing through the Viettel S-Invoice adapter', () => {
  it('sends 8 %, 10 % and KCT lines whose items, breakdowns and totals add up to the đồng', async () => {
    const buyer = {
      kind: 'company' as const,
      taxCode: '0312345678',
      legalName: 'Công ty TNHH Ví Dụ',
      address: '1 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
      email: 'ketoan@vidu.vn',
    };
    const invoice = await issued(mixedBill('2d0b6f3e-0c55-4a53-9b1e-5a3f0a7d1c01', buyer));

    expect(invoice).toMatchObject({ invoiceNumber: '1C25MAA1', series: '1C25MAA', templateCode: '1/770' });
    expect(invoice.issuedAt.toISOString()).toBe('2026-11-29T12:34:56.000Z');
    const kept = simulator.invoices.get('2d0b6f3e-0c55-4a53-9b1e-5a3f0a7d1c01')!;
    expect(invoice.lookupCode).toBe(kept.reservationCode);

    const [payload] = received();
    expect(payload!.generalInvoiceInfo).toEqual({
      transactionUuid: '2d0b6f3e-0c55-4a53-9b1e-5a3f0a7d1c01',
      invoiceType: '1',
      templateCode: '1/770',
      invoiceSeries: '1C25MAA',
      invoiceIssuedDate: Date.parse('2026-11-29T12:34:56Z'),
      currencyCode: 'VND',
      adjustmentType: '1',
      paymentStatus: true,
      cusGetInvoiceRight: true,
      validation: 1,
    });
    expect(payload!.buyerInfo).toMatchObject({ buyerTaxCode: '0312345678', buyerLegalName: 'Công ty TNHH Ví Dụ' });
    expect(payload!.sellerInfo).toMatchObject({ sellerTaxCode: SELLER_TAX_CODE, sellerPhoneNumber: '00842439428162' });
    expect(payload!.payments).toEqual([{ paymentMethodName: 'TM' }]);

    const items = payload!.itemInfo;
    expect(items.map((item) => [item.lineNumber, item.selection, item.taxPercentage])).toEqual([
      [1, 1, 8],
      [2, 1, 8],
      [3, 1, 8],
      [4, 3, 8],
      [5, 1, 10],
      [6, 1, -2],
    ]);
    expect(items[3]).toMatchObject({ isIncreaseItem: false, itemTotalAmountWithoutTax: 5_000, taxAmount: 400 });
    expect(items[4]).toMatchObject({
      unitPrice: 18_182,
      quantity: 3,
      itemTotalAmountWithoutTax: 54_546,
      itemTotalAmountWithTax: 60_001,
    });

    const breakdowns = payload!.taxBreakdowns;
    expect(breakdowns).toEqual([
      { taxPercentage: 8, taxableAmount: 118_125, taxAmount: 9_450, taxableAmountPos: true, taxAmountPos: true },
      { taxPercentage: 10, taxableAmount: 54_546, taxAmount: 5_455, taxableAmountPos: true, taxAmountPos: true },
      { taxPercentage: -2, taxableAmount: 4_000, taxAmount: 0, taxableAmountPos: true, taxAmountPos: true },
    ]);
    const signed = (item: ReceivedItem, field: 'itemTotalAmountWithoutTax' | 'taxAmount') =>
      item.selection === 3 ? -item[field] : item[field];
    for (const breakdown of breakdowns) {
      const lines = items.filter((item) => item.taxPercentage === breakdown.taxPercentage);
      expect(sum(lines.map((item) => signed(item, 'itemTotalAmountWithoutTax')))).toBe(breakdown.taxableAmount);
      expect(sum(lines.map((item) => signed(item, 'taxAmount')))).toBe(breakdown.taxAmount);
    }
    expect(payload!.summarizeInfo).toEqual({
      sumOfTotalLineAmountWithoutTax: 176_671,
      totalAmountWithoutTax: sum(breakdowns.map((breakdown) => breakdown.taxableAmount)),
      totalTaxAmount: sum(breakdowns.map((breakdown) => breakdown.taxAmount)),
      totalAmountWithTax: 191_576,
      discountAmount: 5_000,
    });
  });

  it('writes a walk-in guest as such, with nobody to send the invoice to', async () => {
    await issued(mixedBill('walk-in-1'));
    const [payload] = received();
    expect(payload!.buyerInfo).toEqual({ buyerName: 'Khách lẻ', buyerNotGetInvoice: 1 });
  });

  it('numbers the invoices of a series one after the other', async () => {
    const first = await issued(mixedBill('numbering-1'));
    const second = await issued(mixedBill('numbering-2'));
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual(['1C25MAA1', '1C25MAA2']);
  });

  it('sends nothing when the bill does not add up', async () => {
    const bill = mixedBill('wrong-sum');
    bill.totals.taxAmount += 1;
    await expect(provider.issue(bill)).rejects.toThrow(/does not add up: rates' tax 14905 ≠ total tax 14906/);
    expect(simulator.createRequests).toHaveLength(0);
  });

  it('after a timeout on create, finds the one invoice by its transaction id, and a resend makes no second', async () => {
    const bill = mixedBill('lost-answer');
    provider = createViettelSInvoiceProvider(settingsFor(simulator, { timeoutMs: 300 }));
    simulator.delayNextAnswer(1_500);

    const lost = await provider.issue(bill);
    expect(lost).toMatchObject({ kind: 'transport-failure', failure: 'timeout' });
    expect(simulator.invoices.size).toBe(1);

    const found = await provider.findByTransaction('lost-answer');
    expect(found).toMatchObject({
      kind: 'issued',
      invoice: { invoiceNumber: '1C25MAA1', transactionId: 'lost-answer' },
    });

    // A queue that sends again anyway gets the same invoice back, and Viettel still holds one.
    const again = await provider.issue(bill);
    expect(again).toMatchObject({ kind: 'issued', invoice: { invoiceNumber: '1C25MAA1' } });
    expect(simulator.createRequests).toHaveLength(2);
    expect([...simulator.invoices.values()].map((invoice) => invoice.invoiceNo)).toEqual(['1C25MAA1']);
  });

  it('answers not-found for a transaction that made no invoice', async () => {
    expect(await provider.findByTransaction('never-sent')).toEqual({ kind: 'not-found' });
  });

  it("returns the provider's refusal with its own message, and issues nothing", async () => {
    simulator.failNextCreate('Ký hiệu hóa đơn không tồn tại', 'INVOICE_SERIAL_NOT_FOUND');
    expect(await provider.issue(mixedBill('refused'))).toEqual({
      kind: 'refused',
      code: 'INVOICE_SERIAL_NOT_FOUND',
      message: 'Ký hiệu hóa đơn không tồn tại',
    });
    expect(await provider.findByTransaction('refused')).toEqual({ kind: 'not-found' });
  });

  it('tells a provider that cannot be reached from one that refused', async () => {
    const port = await closedPort();
    const nowhere = createViettelSInvoiceProvider(
      settingsFor({ signInUrl: `http://127.0.0.1:${port}/auth/login`, apiUrl: `http://127.0.0.1:${port}/api/` }),
    );
    expect(await nowhere.issue(mixedBill('nowhere'))).toMatchObject({
      kind: 'transport-failure',
      failure: 'unreachable',
    });
  });
});

describe('cancelling and files', () => {
  it('cancels an issued invoice with its reason, once; asked again, it is cancelled already', async () => {
    const invoice = await issued(mixedBill('to-cancel'));
    expect(await provider.cancel({ invoice, reason: 'Khách trả lại toàn bộ' })).toEqual({ kind: 'cancelled' });
    expect(simulator.invoices.get('to-cancel')!.cancelled).toEqual({ reason: 'Khách trả lại toàn bộ' });

    // The provider refuses it (INVOICE_CANCELLED), as when the first answer was lost: what was asked is done.
    expect(await provider.cancel({ invoice, reason: 'Again' })).toEqual({ kind: 'cancelled' });
    expect(simulator.invoices.get('to-cancel')!.cancelled).toEqual({ reason: 'Khách trả lại toàn bộ' });
  });

  it('refuses to cancel an invoice the provider does not hold under that template', async () => {
    const invoice = await issued(mixedBill('other-template'));
    const outcome = await provider.cancel({ invoice: { ...invoice, templateCode: '1/001' }, reason: 'Sai' });
    expect(outcome).toMatchObject({ kind: 'refused', code: 'NOT_FOUND_DATA' });
  });

  it("fetches the invoice's PDF", async () => {
    const invoice = await issued(mixedBill('with-file'));
    const outcome = await provider.file(invoice);
    if (outcome.kind !== 'file') throw new Error(JSON.stringify(outcome));
    expect(outcome.file.fileName).toBe('1C25MAA1.pdf');
    expect(outcome.file.mimeType).toBe('application/pdf');
    const content = Buffer.from(outcome.file.bytes).toString('latin1');
    expect(content.startsWith('%PDF-1.4')).toBe(true);
    expect(content).toContain('SIMULATED invoice 1C25MAA1');
  });
});

describe('signing in', () => {
  it('signs in once, keeps the token, and signs in again once when the provider answers 401', async () => {
    await issued(mixedBill('token-1'));
    await provider.findByTransaction('token-1');
    expect(simulator.signIns).toBe(1);

    simulator.expireTokens();
    expect(await provider.findByTransaction('token-1')).toMatchObject({ kind: 'issued' });
    expect(simulator.signIns).toBe(2);
  });

  it('signs in again when the token has outlived its expires_in', async () => {
    // Thirty seconds is within the margin kept before expiry: every call finds its token expired.
    const shortLived = await startSimulator(30);
    others.push(shortLived);
    const shortLivedProvider = createViettelSInvoiceProvider(settingsFor(shortLived));
    await shortLivedProvider.findByTransaction('a');
    await shortLivedProvider.findByTransaction('b');
    expect(shortLived.signIns).toBe(2);
  });

  it('shares one sign-in between calls made at the same time', async () => {
    await Promise.all(['a', 'b', 'c'].map((id) => provider.findByTransaction(id)));
    expect(simulator.signIns).toBe(1);
  });

  it('reports a refused sign-in as such, and the password appears nowhere', async () => {
    simulator.refuseSignIn(true);
    const outcome = await provider.issue(mixedBill('no-sign-in'));
    expect(outcome).toEqual({
      kind: 'sign-in-refused',
      message: 'Viettel S-Invoice refused the sign-in: Tên đăng nhập hoặc mật khẩu không đúng',
    });
    expect(simulator.createRequests).toHaveLength(0);

    const port = await closedPort();
    const unreachable = createViettelSInvoiceProvider(
      settingsFor({ signInUrl: `http://127.0.0.1:${port}/auth/login`, apiUrl: `http://127.0.0.1:${port}/api/` }),
    );
    const failures = [
      outcome,
      await unreachable.findByTransaction('x'),
      await createViettelSInvoiceProvider(settingsFor(simulator, { password: 'wrong' })).findByTransaction('x'),
    ];
    for (const failure of failures) expect(JSON.stringify(failure)).not.toContain(PASSWORD);
    expect(JSON.stringify(provider)).not.toContain(PASSWORD);
  });

  it('masks the password should the provider ever echo it', async () => {
    simulator.failNextCreate(`Tài khoản ${SELLER_TAX_CODE}/${PASSWORD} không có quyền`);
    const outcome = await provider.issue(mixedBill('echo'));
    expect(outcome).toMatchObject({
      kind: 'refused',
      message: `Tài khoản ${SELLER_TAX_CODE}/[Redacted] không có quyền`,
    });
  });
});
