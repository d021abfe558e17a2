import type { PrintBlock, PrintDocument } from '../document';
import { encodeDocument, type PrintProfile } from '../encode';
import type { VietnameseCodepage } from '../text-mode';

export type TestPageInput = {
  language: 'vi' | 'en';
  restaurantName: string;
  /** Printed under the restaurant's name when the restaurant has several branches. */
  branchName: string | null;
  /** A VietQR payload (the string a banking app scans), to check that the printer's codes scan. */
  vietQrPayload: string;
  printer: {
    name: string;
    /** "192.168.1.50:9100". */
    address: string;
    paperWidth: 80 | 58;
    mode: 'raster' | 'text';
    codepage: VietnameseCodepage;
  };
  /** When it is printed, already in the branch's time zone ("19:42 29/11/2026"). */
  printedAt: string;
};

const labels = {
  vi: {
    title: 'TRANG IN THỬ',
    toneMarks: 'Dấu tiếng Việt',
    sentence: 'Phở bò tái nạm, bún chả Hà Nội, cà phê sữa đá.',
    qrCaption: 'Mã VietQR: quét bằng ứng dụng ngân hàng',
    printer: 'Máy in',
    address: 'Địa chỉ',
    paperWidth: 'Khổ giấy',
    mode: 'Chế độ',
    raster: 'Ảnh (mọi máy in)',
    text: 'Chữ (bảng mã của máy in)',
    codepage: 'Bảng mã',
    printedAt: 'In lúc',
    rasterSection: 'Chế độ ảnh',
    textSection: 'Chế độ chữ',
    choose: 'Chọn chế độ in rõ hơn trong cài đặt máy in.',
    visciiAsTcvn3: 'TCVN-3 (thay cho VISCII)',
  },
  en: {
    title: 'TEST PAGE',
    toneMarks: 'Vietnamese tone marks',
    sentence: 'Phở bò tái nạm, bún chả Hà Nội, cà phê sữa đá.',
    qrCaption: 'VietQR code: scan it with a banking app',
    printer: 'Printer',
    address: 'Address',
    paperWidth: 'Paper width',
    mode: 'Mode',
    raster: 'Picture (any printer)',
    text: "Text (the printer's code page)",
    codepage: 'Code page',
    printedAt: 'Printed at',
    rasterSection: 'Picture mode',
    textSection: 'Text mode',
    choose: 'Choose the mode that prints better in the printer settings.',
    visciiAsTcvn3: 'TCVN-3 (instead of VISCII)',
  },
};

const vowels = ['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y'];
/** No mark, then sắc, huyền, hỏi, ngã, nặng. */
const tones = ['', '\u0301', '\u0300', '\u0309', '\u0303', '\u0323'];

/** Each vowel with each tone mark ("a á à ả ã ạ"), two vowels a line, in lower case then capitals, and đ Đ. */
export function toneMarkLines(): string[] {
  const lower = vowels.map((vowel) => tones.map((tone) => (vowel + tone).normalize('NFC')).join(' '));
  const pairs = lower.flatMap((line, index) => (index % 2 === 0 ? [`${line} · ${lower[index + 1]}`] : []));
  return [...pairs, ...pairs.map((line) => line.toLocaleUpperCase('vi')), 'đ Đ'];
}

function codepageLabel(codepage: VietnameseCodepage, language: TestPageInput['language']): string {
  if (codepage === 'viscii') return labels[language].visciiAsTcvn3;
  return codepage === 'tcvn3' ? 'TCVN-3' : 'Windows-1258';
}

/** The sample of Vietnamese that shows whether a mode prints right. */
function vietnameseSample(input: TestPageInput): PrintBlock[] {
  const text = labels[input.language];
  return [
    { kind: 'text', text: text.toneMarks, bold: true },
    ...toneMarkLines().map((line): PrintBlock => ({ kind: 'text', text: line })),
    { kind: 'text', text: text.sentence, size: 'large' },
  ];
}

/** The test page as the printer's own mode prints it: who, the Vietnamese sample, a VietQR code, the settings. */
export function testPageDocument(input: TestPageInput): PrintDocument {
  const text = labels[input.language];
  const { printer } = input;
  return {
    blocks: [
      { kind: 'title', text: input.restaurantName },
      ...(input.branchName ? [{ kind: 'text', text: input.branchName, align: 'center' } as const] : []),
      { kind: 'text', text: text.title, align: 'center', bold: true, size: 'large' },
      { kind: 'rule' },
      ...vietnameseSample(input),
      { kind: 'rule' },
      { kind: 'qr', data: input.vietQrPayload, caption: text.qrCaption },
      { kind: 'rule' },
      { kind: 'row', left: text.printer, right: printer.name },
      { kind: 'row', left: text.address, right: printer.address },
      { kind: 'row', left: text.paperWidth, right: `${printer.paperWidth} mm` },
      { kind: 'row', left: text.mode, right: printer.mode === 'raster' ? text.raster : text.text },
      { kind: 'row', left: text.codepage, right: codepageLabel(printer.codepage, input.language) },
      { kind: 'row', left: text.printedAt, right: input.printedAt },
    ],
  };
}

/**
 * The test page followed by the Vietnamese sample printed in the other way (as text in the printer's code
 * page after a picture, or the reverse), so that the owner sees both on one paper and chooses. A test page
 * never opens the cash drawer.
 */
export function encodeTestPage(input: TestPageInput, { cut }: Pick<PrintProfile, 'cut'>): Uint8Array {
  const text = labels[input.language];
  const mode = input.printer.mode;
  const otherMode = mode === 'raster' ? 'text' : 'raster';
  const sectionTitle = (sectionMode: 'raster' | 'text') =>
    sectionMode === 'raster'
      ? text.rasterSection
      : `${text.textSection} · ${codepageLabel(input.printer.codepage, input.language)}`;
  const page = testPageDocument(input);
  const comparison: PrintDocument = {
    blocks: [
      { kind: 'rule' },
      { kind: 'text', text: sectionTitle(otherMode), align: 'center', bold: true, size: 'large' },
      ...vietnameseSample(input),
      { kind: 'rule' },
      { kind: 'text', text: text.choose },
    ],
  };
  const shared = { paperWidth: input.printer.paperWidth, codepage: input.printer.codepage, openDrawer: false };
  const first = encodeDocument(
    { blocks: [{ kind: 'text', text: sectionTitle(mode), align: 'center', bold: true }, ...page.blocks] },
    { ...shared, mode, cut: false },
  );
  const second = encodeDocument(comparison, { ...shared, mode: otherMode, cut });
  const job = new Uint8Array(first.length + second.length);
  job.set(first);
  job.set(second, first.length);
  return job;
}
