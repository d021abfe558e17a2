import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '../src/modules/printing/document';
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
