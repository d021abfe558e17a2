import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { computeBill, subtotalsByRate } from '@quan/contract/bill';
import { einvoiceLookupPages, type OrderInvoice } from '@quan/contract/einvoice';
import type { Order, OrderItem } from '@quan/contract/order';
import type { Shift } from '@quan/contract/shifts';
import type { VatRate } from '@quan/contract/vat';
import type { PrintDocument } from '../src/modules/printing/document';
import { billDocument, receiptInvoiceOf, type BillInput } from '../src/modules/printing/documents/bill';
import { zReportDocument } from '../src/modules/printing/documents/z-report';
import { kitchenTicketDocument, type KitchenTicketInput } from '../src/modules/printing/documents/kitchen-ticket';
import { encodeTestPage, toneMarkLines } from '../src/modules/printing/documents/test-page';
import { encodeDocument, type PrintProfile } from '../src/modules/printing/encode';
import {
  isBlack,
  parseEscPos,
  pngToRaster,
  rasterToPng,
  stackRasters,
  type RasterImage,
} from '../src/demo/escpos-parse';

const goldenDir = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const raster80: PrintProfile = { paperWidth: 80, mode: 'raster', cut: true, openDrawer: false };

const ticket: KitchenTicketInput = {
  language: 'vi',
  stationName: 'Bếp nóng',
  tableNo: 12,
  orderNo: 347,
  roundNo: 2,
  sentAt: '19:42',
  sentBy: 'Nguyễn Thị Ánh',
  printedAt: '19:43',
  copy: 1,
  lines: [
    { quantity: 2, name: 'Phở bò tái nạm', options: ['Tô lớn', 'không hành'], note: 'ít bánh, nhiều rau thơm' },
    { quantity: 1, name: 'Bún chả Hà Nội', options: [], note: '' },
    { quantity: 3, name: 'Gỏi cuốn tôm thịt', options: ['Nước chấm đậu phộng'], note: '' },
    { quantity: 1, name: 'Cơm rang dưa bò', options: ['Thêm trứng ốp la'], note: 'Khách dị ứng đậu phộng' },
    { quantity: 1, name: 'Chả giò rế Sài Gòn', options: [], note: '' },
  ],
  orderNote: 'Lên món chính trước, ỷ ẫ ỵ Ẫ Ỷ Ỵ',
};

function decodedRaster(bytes: Uint8Array): RasterImage {
  return stackRasters(parseEscPos(bytes));
}

/**
 * How two pictures differ: the share of pixels that differ (a missing row counts as different), and how many
 * of those are inside a solid patch of differences (the pixel and its four neighbours all differ). A font
 * drawn a shade differently flips thin edges; a lost or wrong tone mark is a solid patch, however small.
 */
function compare(actual: RasterImage, expected: RasterImage): { share: number; solid: number } {
  const width = Math.max(actual.width, expected.width);
  const height = Math.max(actual.height, expected.height);
  const pixel = (image: RasterImage, x: number, y: number) =>
    x >= 0 && y >= 0 && x < image.width && y < image.height && isBlack(image, x, y);
  const differs = (x: number, y: number) => pixel(actual, x, y) !== pixel(expected, x, y);
  let differing = 0;
  let solid = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!differs(x, y)) continue;
      differing++;
      if (differs(x - 1, y) && differs(x + 1, y) && differs(x, y - 1) && differs(x, y + 1)) solid++;
    }
  }
  return { share: differing / (width * height), solid };
}

describe('raster printing', () => {
  it('draws an 80 mm ticket 576 dots wide and a 58 mm one 384 dots wide', () => {
    const document = kitchenTicketDocument(ticket);
    const wide = decodedRaster(encodeDocument(document, raster80));
    const narrow = decodedRaster(encodeDocument(document, { ...raster80, paperWidth: 58 }));
    expect(wide.width).toBe(576);
    expect(narrow.width).toBe(384);
    // The narrower paper wraps the same lines onto more rows.
    expect(narrow.height).toBeGreaterThan(wide.height);
  });

  it('prints a kitchen ticket with every tone mark as the reference picture shows it', () => {
    const image = decodedRaster(encodeDocument(kitchenTicketDocument(ticket), raster80));
    const goldenPath = join(goldenDir, 'kitchen-ticket-80.png');
    // UPDATE_GOLDEN=1 writes a new reference after a deliberate change of layout, font or canvas version:
    // look at it (every tone mark, nothing clipped) before committing it.
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(goldenPath, rasterToPng(image));
    }
    const golden = pngToRaster(readFileSync(goldenPath));
    expect(image.width).toBe(golden.width);
    expect(Math.abs(image.height - golden.height)).toBeLessThanOrEqual(8);
    const difference = compare(image, golden);
    expect(difference.share).toBeLessThanOrEqual(0.005);
    expect(difference.solid).toBe(0);
  });

  it('prints the reprint banner in white on black at the top', () => {
    const image = decodedRaster(encodeDocument(kitchenTicketDocument({ ...ticket, copy: 2 }), raster80));
    const plain = decodedRaster(encodeDocument(kitchenTicketDocument(ticket), raster80));
    const blackShare = (picture: RasterImage, rows: number) => {
      let black = 0;
      for (let y = 0; y < rows; y++) for (let x = 0; x < picture.width; x++) if (isBlack(picture, x, y)) black++;
      return black / (rows * picture.width);
    };
    expect(blackShare(image, 40)).toBeGreaterThan(0.6);
    expect(blackShare(plain, 40)).toBeLessThan(0.2);
    expect(image.height).toBeGreaterThan(plain.height);
  });

  it('measures a 30-line receipt and the time to render a ticket', () => {
    const receipt: PrintDocument = {
      blocks: [
        { kind: 'title', text: 'Quán Ngon Phố Cổ' },
        { kind: 'text', text: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội', align: 'center' },
        { kind: 'rule' },
        ...Array.from({ length: 30 }, (_, index) => ({
          kind: 'row' as const,
          left: `${(index % 3) + 1} × Món số ${index + 1} phở bò tái`,
          right: `${((index + 1) * 15_000).toLocaleString('vi-VN')}`,
        })),
        { kind: 'rule' },
        { kind: 'row', left: 'Tổng cộng', right: '6.975.000 ₫', bold: true },
      ],
    };
    const bytes = encodeDocument(receipt, raster80);
    const image = decodedRaster(bytes);
    const runs = 20;
    const started = performance.now();
    for (let run = 0; run < runs; run++) encodeDocument(kitchenTicketDocument(ticket), raster80);
    const perTicket = (performance.now() - started) / runs;
    console.info(
      `30-line receipt at 80 mm: ${bytes.length} bytes (${image.width}×${image.height} dots); ` +
        `one kitchen ticket renders in ${perTicket.toFixed(1)} ms`,
    );
    // One bit per dot and little else: the raster is what the printer has to receive.
    expect(bytes.length).toBeGreaterThanOrEqual((image.width / 8) * image.height);
    expect(bytes.length).toBeLessThan((image.width / 8) * image.height + 1_000);
  });
});

describe('text printing', () => {
  const text80: PrintProfile = { paperWidth: 80, mode: 'text', cut: false, openDrawer: false };
  const document: PrintDocument = { blocks: [{ kind: 'text', text: 'Phở HỦY' }] };

  function textBytes(bytes: Uint8Array): string {
    return parseEscPos(bytes)
      .filter((command) => command.kind === 'text')
      .map((command) => Buffer.from(command.bytes).toString('hex'))
      .join('');
  }

  it('sends "Phở" in TCVN-3 after selecting its code page, and the capitals from the second TCVN-3 page', () => {
    const commands = parseEscPos(encodeDocument(document, { ...text80, codepage: 'tcvn3' }));
    expect(commands.filter((command) => command.kind === 'raster')).toEqual([]);
    const pages = commands.flatMap((command) => (command.kind === 'codepage' ? [command.page] : []));
    expect(pages).toEqual([30, 31]);
    const first = commands.findIndex((command) => command.kind === 'codepage');
    const phở = commands[first + 1];
    // P h ở: "ở" is 0xEB in TCVN-3; "Ủ" is 0xF1 in its page of capitals.
    expect(phở).toEqual({ kind: 'text', bytes: Uint8Array.from([0x50, 0x68, 0xeb, 0x20, 0x48]) });
    expect(textBytes(encodeDocument(document, { ...text80, codepage: 'tcvn3' }))).toContain('f159');
  });

  it('sends "Phở" in Windows-1258 as "ơ" followed by the combining hook', () => {
    const bytes = encodeDocument(document, { ...text80, codepage: 'windows1258' });
    const commands = parseEscPos(bytes);
    expect(commands.filter((command) => command.kind === 'codepage')).toEqual([{ kind: 'codepage', page: 52 }]);
    // P h ơ ◌̉ … H U ◌̉ Y: no "?" for a letter the code page composes from two characters.
    expect(textBytes(bytes)).toContain('5068f5d220');
    expect(textBytes(bytes)).toContain('4855d259');
    expect(textBytes(bytes)).not.toContain('3f');
  });

  it('sends "Đ" from the TCVN-3 capitals, where the printer has it', () => {
    const commands = parseEscPos(
      encodeDocument({ blocks: [{ kind: 'text', text: 'Đồ uống' }] }, { ...text80, codepage: 'tcvn3' }),
    );
    const capitals = commands.findIndex((command) => command.kind === 'codepage' && command.page === 31);
    expect(commands[capitals + 1]).toEqual({ kind: 'text', bytes: Uint8Array.from([0xa7]) });
  });

  it('sends a printer set to VISCII the TCVN-3 pages, which Epson numbering has', () => {
    const commands = parseEscPos(encodeDocument(document, { ...text80, codepage: 'viscii' }));
    expect(commands.find((command) => command.kind === 'codepage')).toEqual({ kind: 'codepage', page: 30 });
  });

  it('prints a QR code with the printer’s own command', () => {
    const payload = '00020101021138570010A00000072701270006970436011300123456789010208QRIBFTTA53037045802VN6304ABCD';
    const commands = parseEscPos(
      encodeDocument({ blocks: [{ kind: 'qr', data: payload, caption: 'Quét để trả' }] }, text80),
    );
    expect(commands.find((command) => command.kind === 'qr' && command.fn === 80)).toMatchObject({ data: payload });
    expect(commands.some((command) => command.kind === 'qr' && command.fn === 81)).toBe(true);
  });
});

describe('cut and cash drawer', () => {
  const document = kitchenTicketDocument(ticket);
  const kinds = (profile: PrintProfile) =>
    parseEscPos(encodeDocument(document, profile)).map((command) => command.kind);

  it.each(['raster', 'text'] as const)('in %s mode cuts and pulses the drawer only when the profile asks', (mode) => {
    const neither = kinds({ ...raster80, mode, cut: false, openDrawer: false });
    expect(neither).not.toContain('cut');
    expect(neither).not.toContain('pulse');
    const both = kinds({ ...raster80, mode, cut: true, openDrawer: true });
    expect(both.filter((kind) => kind === 'cut')).toHaveLength(1);
    expect(both.filter((kind) => kind === 'pulse')).toHaveLength(1);
    expect(both[0]).toBe('init');
  });
});

describe('reading a print job back', () => {
  it('tells a job cut off inside an image from a whole one', () => {
    const bytes = encodeDocument(kitchenTicketDocument(ticket), raster80);
    const whole = parseEscPos(bytes);
    expect(whole.some((command) => command.kind === 'truncated')).toBe(false);
    const cutOff = parseEscPos(bytes.subarray(0, bytes.length / 2));
    expect(cutOff.at(-1)?.kind).toBe('truncated');
    expect(whole.filter((command) => command.kind === 'cut')).toEqual([{ kind: 'cut', partial: true }]);
  });
});

describe('test page', () => {
  it('shows every vowel with every tone mark', () => {
    const letters = toneMarkLines()
      .join(' ')
      .split(' ')
      .filter((letter) => letter !== '·');
    expect(letters).toHaveLength(12 * 6 * 2 + 2);
    expect(letters).toEqual(expect.arrayContaining(['ặ', 'Ặ', 'ỡ', 'Ỡ', 'ự', 'Ự', 'ỷ', 'Ỹ', 'đ', 'Đ']));
  });

  it('prints the page in the printer’s mode and the sample in the other, with the VietQR code', () => {
    const payload = '00020101021138570010A000000727012700069704360113001234567890';
    const bytes = encodeTestPage(
      {
        language: 'vi',
        restaurantName: 'Quán Ngon',
        branchName: 'Chi nhánh Phố Cổ',
        vietQrPayload: payload,
        printer: { name: 'Bếp', address: '192.168.1.50:9100', paperWidth: 80, mode: 'raster', codepage: 'tcvn3' },
        printedAt: '19:42 29/11/2026',
      },
      { cut: true },
    );
    const commands = parseEscPos(bytes);
    const picture = stackRasters(commands);
    expect(picture.width).toBe(576);
    // What a banking app reads from the printed code.
    const rgba = new Uint8ClampedArray(picture.width * picture.height * 4);
    for (let y = 0; y < picture.height; y++) {
      for (let x = 0; x < picture.width; x++) {
        rgba.fill(isBlack(picture, x, y) ? 0 : 255, (y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3);
        rgba[(y * picture.width + x) * 4 + 3] = 255;
      }
    }
    expect(jsQR(rgba, picture.width, picture.height)?.data).toBe(payload);
    expect(commands.some((command) => command.kind === 'codepage' && command.page === 30)).toBe(true);
    expect(commands.filter((command) => command.kind === 'cut')).toHaveLength(1);
    const lastCodepage = commands.findLastIndex((command) => command.kind === 'codepage');
    expect(commands.findIndex((command) => command.kind === 'cut')).toBeGreaterThan(lastCodepage);
    expect(commands.some((command) => command.kind === 'pulse')).toBe(false);
  });
});

/** A line of an order as the order view returns it. */
function line(position: number, name: string, price: number, quantity: number, vatRate: VatRate): OrderItem {
  return {
    itemId: null,
    name,
    price,
    quantity,
    note: '',
    options: [],
    vatRate,
    stationId: null,
    startedAt: null,
    readyAt: null,
    total: price * quantity,
    position,
    roundNo: 1,
    voidedQuantity: 0,
  };
}

/**
 * Dinner for four: noodles and spring rolls at the default 8 %, beer at 10 %, and bottled water not subject to VAT
 * (KCT), with a coupon; billed by the contract's calculation as the server bills it. Paid in cash unless `paid` is false.
 */
function dinner(options: { pricesIncludeTax: boolean; serviceRate?: number; paid: boolean }): Order {
  const items = [
    line(0, 'Phở bò tái nạm', 65_000, 2, 8),
    line(1, 'Gỏi cuốn tôm thịt', 45_000, 1, 8),
    line(2, 'Bia Tiger', 28_000, 3, 10),
    line(3, 'Nước suối', 10_000, 1, 'KCT'),
  ];
  const bills = computeBill({
    subtotals: subtotalsByRate(items.map((item) => ({ vatRate: item.vatRate, amount: item.total }))),
    discount: 20_000,
    serviceRate: options.serviceRate ?? 0,
    serviceVatRate: 8,
    pricesIncludeTax: options.pricesIncludeTax,
  });
  const at = '2026-11-29T12:42:00.000Z';
  return {
    _id: '0193a2b4-0000-7000-8000-000000000001',
    orderNo: 347,
    status: options.paid ? 'completed' : 'served',
    source: 'pos',
    customerDetails: { name: 'Anh Minh', phone: '', guests: 4 },
    customerId: null,
    table: { _id: '0193a2b4-0000-7000-8000-000000000002', tableNo: 12 },
    items,
    bills,
    coupon: { code: 'GIAM20K', discount: 20_000 },
    rounds: [],
    version: 3,
    billParts: [],
    payments: options.paid
      ? [
          {
            _id: '0193a2b4-0000-7000-8000-000000000003',
            method: 'cash',
            amount: bills.total,
            tip: 0,
            tendered: 500_000,
            change: 500_000 - bills.total,
            rounding: 0,
            partNo: null,
            takenBy: null,
            takenAt: at,
            shiftId: null,
            bankTransactionId: null,
            refunded: 0,
            refunds: [],
          },
        ]
      : [],
    paid: options.paid ? bills.total : 0,
    due: options.paid ? 0 : bills.total,
    paymentMethod: options.paid ? 'cash' : null,
    paymentStatus: options.paid ? 'paid' : 'unpaid',
    isPreorder: false,
    note: '',
    createdBy: { _id: '0193a2b4-0000-7000-8000-000000000004', name: 'Nguyễn Thị Ánh' },
    createdAt: at,
    updatedAt: at,
    completedAt: options.paid ? at : null,
  };
}

const issued = {
  status: 'issued',
  invoiceNumber: '1C25MAA12',
  lookupCode: 'QX7K2M9P4T',
  lookupUrl: einvoiceLookupPages.viettel,
} as const;

function paper(order: Order, more: Partial<BillInput> = {}): BillInput {
  return {
    language: 'vi',
    order,
    restaurantName: 'Quán Ngon',
    place: {
      name: 'Quán Ngon',
      address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      phone: '024 3826 1234',
      taxCode: '0101234567',
      receiptHeader: null,
    },
    bank: null,
    copy: 1,
    createdAt: '19:42 29/11/2026',
    printedAt: '20:55',
    ...more,
  };
}

/** The paper's lines as a guest reads them: a row's two sides joined by " | ", the money's no-break spaces as spaces. */
const linesOf = (document: PrintDocument) =>
  document.blocks
    .flatMap((block) =>
      block.kind === 'row' ? [`${block.left} | ${block.right}`] : 'text' in block ? [block.text] : [],
    )
    .map((text) => text.replace(/\u00a0/g, ' '));

describe('the VAT by rate on bills and receipts', () => {
  it('prints a receipt with one line per rate under the total, and its e-invoice, as the reference picture shows it', () => {
    const order = dinner({ pricesIncludeTax: true, paid: true });
    // 175.000 ₫ of food, 84.000 ₫ of beer and 10.000 ₫ of water share the 20.000 ₫ off in proportion (13.011,
    // 6.245 and 743, the đồng left to the water's larger remainder); each rate's part holds its VAT:
    // 161.989 × 8 / 108 = 11.999,2 and 77.755 × 10 / 110 = 7.068,6; the water is not subject to VAT.
    expect(order.bills.taxes).toEqual([
      { vatRate: 'KCT', taxable: 9_256, tax: 0 },
      { vatRate: 8, taxable: 149_990, tax: 11_999 },
      { vatRate: 10, taxable: 70_686, tax: 7_069 },
    ]);
    const document = billDocument(paper(order, { invoice: issued }));
    const lines = linesOf(document);
    const total = lines.indexOf('Tổng cộng | 249.000 ₫');
    expect(total).toBeGreaterThan(0);
    // Prices hold the VAT: the total is not a sum of these, so they come under it.
    expect(lines.slice(total + 1, total + 4)).toEqual([
      'Không chịu thuế: 9.256 ₫ | 0 ₫',
      'Đã gồm VAT 8% trên 149.990 ₫ | 11.999 ₫',
      'Đã gồm VAT 10% trên 70.686 ₫ | 7.069 ₫',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Hóa đơn điện tử số 1C25MAA12',
        'Mã tra cứu: QX7K2M9P4T',
        'Tra cứu tại:',
        'vinvoice.viettel.vn/utilities/invoice-search',
      ]),
    );
    expect(lines.indexOf('Hóa đơn điện tử số 1C25MAA12')).toBeGreaterThan(lines.indexOf('Tiền trả lại | 251.000 ₫'));

    const image = decodedRaster(encodeDocument(document, raster80));
    const goldenPath = join(goldenDir, 'receipt-vat-rates-80.png');
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(goldenPath, rasterToPng(image));
    }
    const golden = pngToRaster(readFileSync(goldenPath));
    expect(image.width).toBe(golden.width);
    expect(Math.abs(image.height - golden.height)).toBeLessThanOrEqual(8);
    const difference = compare(image, golden);
    expect(difference.share).toBeLessThanOrEqual(0.005);
    expect(difference.solid).toBe(0);
  });

  it('adds each rate above the total when the VAT is added, with the service charge taxed at its own rate', () => {
    const order = dinner({ pricesIncludeTax: false, serviceRate: 5, paid: false });
    const lines = linesOf(billDocument(paper(order, { invoice: issued })));
    const total = lines.findIndex((text) => text.startsWith('Tổng cộng | '));
    expect(lines.slice(total - 4, total + 1)).toEqual([
      'Phí phục vụ (5%) | 12.450 ₫',
      'Không chịu thuế: 9.256 ₫ | 0 ₫',
      // The service charge (5 % of 249.000 ₫) is charged at 8 %, with the food: 161.989 + 12.450, and 8 % of it.
      'VAT 8% trên 174.439 ₫ | 13.955 ₫',
      // 7.775,5 rounds half up.
      'VAT 10% trên 77.755 ₫ | 7.776 ₫',
      'Tổng cộng | 283.181 ₫',
    ]);
    // A provisional bill is no sale yet: no invoice on it, whatever the caller passed.
    expect(lines.some((text) => text.includes('Hóa đơn điện tử'))).toBe(false);
  });

  it('speaks English on an English receipt, the invoice still on its way', () => {
    const order = dinner({ pricesIncludeTax: true, paid: true });
    const lines = linesOf(billDocument(paper(order, { language: 'en', invoice: { status: 'waiting' } })));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Not subject to VAT: 9.256 ₫ | 0 ₫',
        'Incl. VAT 8% on 149.990 ₫ | 11.999 ₫',
        'Incl. VAT 10% on 70.686 ₫ | 7.069 ₫',
        'E-invoice: being issued',
        'Ask us for a reprint with its lookup code',
      ]),
    );
    expect(lines.some((text) => text.startsWith('Lookup code'))).toBe(false);
    const vietnamese = linesOf(billDocument(paper(order, { invoice: { status: 'waiting' } })));
    expect(vietnamese).toEqual(
      expect.arrayContaining(['Hóa đơn điện tử: đang phát hành', 'Xin hỏi nhân viên phiếu in lại có mã tra cứu']),
    );
    // Without an invoice (the branch issues none), nothing is said of one.
    const none = linesOf(billDocument(paper(order)));
    expect(none.some((text) => text.includes('Hóa đơn điện tử'))).toBe(false);
  });

  it("reads the receipt's invoice off the order: issued with its code, or still to come", () => {
    const invoice = (status: OrderInvoice['status'], more: Partial<OrderInvoice> = {}): OrderInvoice => ({
      status,
      buyer: null,
      invoiceNumber: null,
      lookupCode: null,
      lookupUrl: null,
      error: null,
      issuedAt: null,
      ...more,
    });
    const { status: _status, ...codes } = issued;
    expect(receiptInvoiceOf(invoice('issued', codes))).toEqual(issued);
    expect(receiptInvoiceOf(invoice('waiting'))).toEqual({ status: 'waiting' });
    expect(receiptInvoiceOf(invoice('failed', { error: 'Sai mã số thuế' }))).toEqual({ status: 'waiting' });
    expect(receiptInvoiceOf(invoice('cancelled', codes))).toBeUndefined();
    expect(receiptInvoiceOf(null)).toBeUndefined();
  });

  it("prints the shift's VAT rate by rate on the Z report", () => {
    const report: Shift['report'] = {
      byMethod: [{ method: 'cash', payments: 2, amount: 499_706 }],
      netSales: 499_706,
      refunds: { count: 0, amount: 0 },
      tips: { amount: 0, byStaff: [] },
      orders: 2,
      guests: 8,
      subtotal: 538_000,
      discounts: 40_000,
      serviceCharge: 0,
      taxes: 38_258,
      taxesByRate: [
        { vatRate: 'KCT', taxable: 18_506, tax: 0 },
        { vatRate: 8, taxable: 301_852, tax: 24_148 },
        { vatRate: 10, taxable: 141_090, tax: 14_110 },
      ],
      voids: { count: 0, amount: 0 },
      cash: {
        openingFloat: 1_000_000,
        sales: 499_706,
        rounding: 0,
        tips: 0,
        refunds: 0,
        payIns: 0,
        payOuts: 0,
        expected: 1_499_706,
        counted: null,
        overShort: null,
      },
    };
    const shift: Shift = {
      _id: '0193a2b4-0000-7000-8000-000000000010',
      shiftNo: 12,
      deviceId: 'quay-1',
      deviceName: 'Quầy 1',
      status: 'open',
      openedBy: null,
      openedAt: '2026-11-29T10:00:00.000Z',
      openingFloat: 1_000_000,
      closedBy: null,
      closedAt: null,
      noteCounts: null,
      note: '',
      reopenCount: 0,
      movements: [],
      report,
    };
    const zReport = (language: 'vi' | 'en') =>
      linesOf(
        zReportDocument({ language, restaurantName: 'Quán Ngon', shift, dateTime: () => '17:00', printedAt: '22:00' }),
      );
    const vi = zReport('vi');
    const taxes = vi.indexOf('Thuế | 38.258 ₫');
    expect(vi.slice(taxes + 1, taxes + 4)).toEqual([
      '  Không chịu thuế: 18.506 ₫ | 0 ₫',
      '  VAT 8% trên 301.852 ₫ | 24.148 ₫',
      '  VAT 10% trên 141.090 ₫ | 14.110 ₫',
    ]);
    expect(zReport('en')).toEqual(expect.arrayContaining(['  VAT 10% on 141.090 ₫ | 14.110 ₫']));
  });
});
