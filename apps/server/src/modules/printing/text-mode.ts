import CodepageEncoder from '@point-of-sale/codepage-encoder';
import type ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptPrinterEncoderOptions } from '@point-of-sale/receipt-printer-encoder';
import { describeOptions } from '@quan/contract/option-rules';
import type { PrintDocument } from './document';

/**
 * Prints a document as text in the printer's own Vietnamese code page: smaller and faster than a picture on
 * a slow printer, but only as good as the printer's fonts. The code page numbers are Epson's (TCVN-3 is 30,
 * its capitals 31, Windows-1258 52), which most ESC/POS printers sold in Vietnam follow.
 */

export type VietnameseCodepage = 'tcvn3' | 'viscii' | 'windows1258';

/**
 * The encoder's options for a code page. TCVN-3 keeps the capitals with a tone mark in a second page, so the
 * encoder switches between the two inside a line. Epson's table has no VISCII, so a printer set to VISCII is
 * sent TCVN-3, the other code page with every Vietnamese letter precomposed.
 */
export function textModeOptions(
  codepage: VietnameseCodepage,
): Pick<ReceiptPrinterEncoderOptions, 'codepageCandidates'> {
  return codepage === 'windows1258'
    ? { codepageCandidates: ['windows1258'] }
    : { codepageCandidates: ['tcvn3', 'tcvn3capitals'] };
}

/** Adds the document to a print job as text on a paper `columns` characters wide. */
export function encodeText(
  encoder: ReceiptPrinterEncoder,
  document: PrintDocument,
  columns: number,
  codepage: VietnameseCodepage,
) {
  const text = (value: string) =>
    codepage === 'windows1258' ? toWindows1258(printable(value)) : toTcvn3(printable(value));
  encoder.codepage(codepage === 'windows1258' ? 'windows1258' : 'auto');

  if (document.banner) {
    encoder
      .align('center')
      .invert(true)
      .bold(true)
      .size(2, 2)
      .line(text(` ${document.banner.text} `))
      .size(1, 1);
    if (document.banner.detail) encoder.line(text(` ${document.banner.detail} `));
    encoder.invert(false).bold(false).align('left').newline();
  }

  for (const block of document.blocks) {
    switch (block.kind) {
      case 'title':
        encoder.align('center').bold(true).size(2, 2).line(text(block.text)).size(1, 1).bold(false).align('left');
        break;
      case 'text':
        encoder
          .align(block.align ?? 'left')
          .bold(block.bold ?? false)
          .size(1, block.size === 'large' ? 2 : 1)
          .line(text(block.text))
          .size(1, 1)
          .bold(false)
          .align('left');
        break;
      case 'row': {
        const right = text(block.right);
        encoder
          .bold(block.bold ?? false)
          .table(
            [
              { width: columns - right.length - 1, align: 'left', marginRight: 1 },
              { width: right.length, align: 'right' },
            ],
            [[text(block.left), right]],
          )
          .bold(false);
        break;
      }
      case 'item': {
        // The quantity in double size takes twice its characters; the options and note hang under the name.
        const quantity = `${block.quantity} x `;
        const indent = quantity.length * 2;
        const details = [
          ...(block.options.length > 0 ? [describeOptions(block.options.map((name) => ({ name })))] : []),
          ...(block.note ? [`"${block.note}"`] : []),
        ];
        encoder.bold(true).size(2, 2).text(quantity).size(1, 2).line(text(block.name)).size(1, 1).bold(false);
        if (details.length > 0) {
          encoder.table(
            [{ width: indent }, { width: columns - indent }],
            details.map((detail) => ['', text(detail)]),
          );
        }
        break;
      }
      case 'rule':
        encoder.line('-'.repeat(columns));
        break;
      case 'qr':
        encoder.align('center').qrcode(block.data, { model: 2, size: columns >= 48 ? 6 : 5, errorlevel: 'm' });
        if (block.caption) encoder.line(text(block.caption));
        encoder.align('left');
        break;
      case 'feed':
        encoder.newline(block.lines);
        break;
    }
  }
}

/**
 * Typographic signs no Vietnamese code page has, replaced by the nearest plain ones; the text is composed
 * first (NFC), since a keyboard may send a tone mark as a separate character.
 */
function printable(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/×/g, 'x')
      .replace(/[“”„]/g, '"')
      .replace(/[‘’]/g, "'")
      .replace(/[–—]/g, '-')
      .replace(/…/g, '...')
      .replace(/→/g, '->')
      .replace(/·/g, '-')
      // Money is formatted with a no-break space before ₫ (and the thousands may carry a narrow one).
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/₫/g, 'đ')
  );
}

const windows1258 = new Set(CodepageEncoder.getCodepoints('windows1258', true));
/** The five tone marks, which Windows-1258 has only as combining characters after their vowel. */
const toneMarks = /[\u0300\u0301\u0303\u0309\u0323]/g;

/**
 * Windows-1258 has few letters with a tone mark: the others are their vowel followed by the combining mark
 * ("ở" is "ơ" then a hook). Without this split an encoder prints "?" for them.
 */
function toWindows1258(value: string): string {
  let result = '';
  for (const character of value) {
    if (windows1258.has(character.codePointAt(0)!)) {
      result += character;
      continue;
    }
    const decomposed = character.normalize('NFD');
    const tones = decomposed.match(toneMarks)?.join('') ?? '';
    result += decomposed.replace(toneMarks, '').normalize('NFC') + tones;
  }
  return result;
}

/**
 * The encoder's table of TCVN-3 capitals holds the printer's "Đ" as U+00D0, the Icelandic eth it looks
 * like, so a Vietnamese "Đ" (U+0110) is handed over as that character.
 */
function toTcvn3(value: string): string {
  return value.replace(/Đ/g, '\u00d0');
}
