import { join } from 'node:path';
import { GlobalFonts, createCanvas, type ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import { describeOptions } from '@quan/contract/option-rules';
import { serverRoot } from '../../lib/server-root';
import type ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrintAlignment, PrintBlock, PrintDocument } from './document';

/**
 * Draws a document as one black-and-white picture at the paper's width, so that Vietnamese prints right on
 * any ESC/POS printer whatever code pages it has. The font ships with the project: Be Vietnam Pro (SIL Open
 * Font License 1.1, assets/fonts/OFL.txt), drawn for Vietnamese, with every tone mark on every vowel. Its
 * TTFs are copied rather than taken from an npm package because the packages that carry it are made for
 * app bundlers (18 weights, loaded through `require`), and three files are all a receipt needs.
 */

const fontFamily = 'Quan Receipt';
const fontFiles = ['BeVietnamPro-Medium.ttf', 'BeVietnamPro-ExtraBold.ttf', 'BeVietnamPro-MediumItalic.ttf'];
let fontsRegistered = false;

function registerFonts() {
  if (fontsRegistered) return;
  for (const file of fontFiles) {
    if (!GlobalFonts.registerFromPath(join(serverRoot, 'assets/fonts', file), fontFamily)) {
      throw new Error(`Cannot load the receipt font ${file}`);
    }
  }
  fontsRegistered = true;
}

/** Sizes in printer dots (8 per millimetre): the body is a little larger than the printers' own 24-dot font. */
const type = {
  body: 26,
  large: 34,
  title: 40,
  banner: 48,
  bannerDetail: 26,
  itemName: 30,
  itemQuantity: 36,
};
const sidePadding = 4;
const blockGap = 6;
/** Thresholding the grey edges of the glyphs: below this level a pixel is printed black. */
const threshold = 128;

type FontStyle = { size: number; weight: 'regular' | 'bold'; italic?: boolean };

function cssFont({ size, weight, italic = false }: FontStyle): string {
  return `${italic ? 'italic ' : ''}${weight === 'bold' ? 800 : 500} ${size}px "${fontFamily}"`;
}

/** One thing to draw, placed at `top` once the height of everything above it is known. */
type Drawing = { height: number; draw: (context: SKRSContext2D, top: number) => void };

/** Adds the document to a print job as one raster image `width` dots wide. */
export function encodeRaster(encoder: ReceiptPrinterEncoder, document: PrintDocument, width: number) {
  const picture = drawDocument(document, width);
  encoder.image(picture, picture.width, picture.height, 'threshold', threshold);
}

/** The document as pixels, `width` dots wide and as tall as it needs (a multiple of 8 dots). */
function drawDocument(document: PrintDocument, width: number): ImageData {
  registerFonts();
  const measuring = createCanvas(width, 8).getContext('2d');
  const layout = new Layout(measuring, width);
  if (document.banner) layout.banner(document.banner.text, document.banner.detail);
  for (const block of document.blocks) layout.block(block);

  const height = Math.max(8, Math.ceil(layout.height / 8) * 8);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000';
  let top = 0;
  for (const drawing of layout.drawings) {
    drawing.draw(context, top);
    top += drawing.height;
  }
  return context.getImageData(0, 0, width, height);
}

class Layout {
  readonly drawings: Drawing[] = [];
  private readonly contentWidth: number;

  constructor(
    private readonly measuring: SKRSContext2D,
    private readonly width: number,
  ) {
    this.contentWidth = width - 2 * sidePadding;
  }

  get height(): number {
    return this.drawings.reduce((sum, drawing) => sum + drawing.height, 0);
  }

  block(block: PrintBlock) {
    switch (block.kind) {
      case 'title':
        this.paragraph(block.text, { size: type.title, weight: 'bold' }, 'center');
        break;
      case 'text':
        this.paragraph(
          block.text,
          { size: block.size === 'large' ? type.large : type.body, weight: block.bold ? 'bold' : 'regular' },
          block.align ?? 'left',
        );
        break;
      case 'row':
        this.row(block.left, block.right, { size: type.body, weight: block.bold ? 'bold' : 'regular' });
        break;
      case 'item':
        this.item(block);
        break;
      case 'rule':
        this.rule();
        break;
      case 'qr':
        this.qr(block.data);
        if (block.caption) this.paragraph(block.caption, { size: type.body, weight: 'regular' }, 'center');
        break;
      case 'feed':
        this.space(block.lines * this.lineHeight({ size: type.body, weight: 'regular' }));
        break;
    }
  }

  banner(text: string, detail: string | undefined) {
    const font: FontStyle = { size: type.banner, weight: 'bold' };
    const detailFont: FontStyle = { size: type.bannerDetail, weight: 'bold' };
    const padding = 8;
    const lines = this.wrap(text, font, this.contentWidth - 2 * padding);
    const detailLines = detail ? this.wrap(detail, detailFont, this.contentWidth - 2 * padding) : [];
    const height =
      2 * padding + lines.length * this.lineHeight(font) + detailLines.length * this.lineHeight(detailFont);
    this.drawings.push({
      height,
      draw: (context, top) => {
        context.fillRect(sidePadding, top, this.contentWidth, height);
        context.fillStyle = '#fff';
        let y = top + padding;
        for (const line of lines) y = this.drawLine(context, line, font, 'center', y);
        for (const line of detailLines) y = this.drawLine(context, line, detailFont, 'center', y);
        context.fillStyle = '#000';
      },
    });
    this.space(blockGap * 2);
  }

  private paragraph(text: string, font: FontStyle, align: PrintAlignment) {
    const lines = this.wrap(text, font, this.contentWidth);
    this.drawings.push({
      height: lines.length * this.lineHeight(font),
      draw: (context, top) => {
        let y = top;
        for (const line of lines) y = this.drawLine(context, line, font, align, y);
      },
    });
  }

  /** The right text keeps its line; the left one wraps in the room the right one leaves. */
  private row(left: string, right: string, font: FontStyle) {
    const rightWidth = this.measure(right, font);
    const gap = 16;
    const lines = this.wrap(left, font, Math.max(this.contentWidth / 3, this.contentWidth - rightWidth - gap));
    this.drawings.push({
      height: lines.length * this.lineHeight(font),
      draw: (context, top) => {
        this.drawLine(context, right, font, 'right', top);
        let y = top;
        for (const line of lines) y = this.drawLine(context, line, font, 'left', y);
      },
    });
  }

  private item(block: Extract<PrintBlock, { kind: 'item' }>) {
    const quantityFont: FontStyle = { size: type.itemQuantity, weight: 'bold' };
    const nameFont: FontStyle = { size: type.itemName, weight: 'bold' };
    const optionFont: FontStyle = { size: type.body, weight: 'regular' };
    const noteFont: FontStyle = { size: type.body, weight: 'regular', italic: true };
    const quantity = `${block.quantity} ×`;
    // Quantities up to 99 right-aligned in one column, so that the dish names of a ticket line up.
    const quantityWidth = Math.max(this.measure(quantity, quantityFont), this.measure('88 ×', quantityFont));
    const indent = quantityWidth + 12;
    const textWidth = this.contentWidth - indent;
    const name = this.wrap(block.name, nameFont, textWidth);
    const options =
      block.options.length > 0
        ? this.wrap(describeOptions(block.options.map((option) => ({ name: option }))), optionFont, textWidth)
        : [];
    const note = block.note ? this.wrap(`“${block.note}”`, noteFont, textWidth) : [];
    const textHeight =
      name.length * this.lineHeight(nameFont) +
      options.length * this.lineHeight(optionFont) +
      note.length * this.lineHeight(noteFont);
    // The quantity and the name share their first baseline, so the quantity reads as part of the line.
    const quantityShift = this.ascent(nameFont) - this.ascent(quantityFont);
    this.drawings.push({
      height: Math.max(textHeight, this.lineHeight(quantityFont) + quantityShift) + blockGap,
      draw: (context, top) => {
        const quantityLeft = quantityWidth - this.measure(quantity, quantityFont);
        this.drawLine(context, quantity, quantityFont, 'left', top + quantityShift, quantityLeft);
        let y = top;
        for (const line of name) y = this.drawLine(context, line, nameFont, 'left', y, indent);
        for (const line of options) y = this.drawLine(context, line, optionFont, 'left', y, indent);
        for (const line of note) y = this.drawLine(context, line, noteFont, 'left', y, indent);
      },
    });
  }

  private rule() {
    const thickness = 2;
    this.drawings.push({
      height: 2 * blockGap + thickness,
      draw: (context, top) => {
        const dash = 10;
        const gap = 6;
        for (let x = sidePadding; x < this.width - sidePadding; x += dash + gap) {
          context.fillRect(x, top + blockGap, Math.min(dash, this.width - sidePadding - x), thickness);
        }
      },
    });
  }

  private qr(data: string) {
    const matrix = QRCode.create(data, { errorCorrectionLevel: 'M' }).modules;
    const quietZone = 4;
    const moduleSize = Math.max(2, Math.min(6, Math.floor((this.contentWidth * 0.8) / (matrix.size + 2 * quietZone))));
    const side = (matrix.size + 2 * quietZone) * moduleSize;
    this.drawings.push({
      height: side,
      draw: (context, top) => {
        const left = Math.round((this.width - matrix.size * moduleSize) / 2);
        const start = top + quietZone * moduleSize;
        for (let row = 0; row < matrix.size; row++) {
          for (let column = 0; column < matrix.size; column++) {
            if (matrix.get(row, column)) {
              context.fillRect(left + column * moduleSize, start + row * moduleSize, moduleSize, moduleSize);
            }
          }
        }
      },
    });
  }

  private space(height: number) {
    this.drawings.push({ height, draw: () => {} });
  }

  /** Draws one line of text whose line box starts at `top`, and answers where the next line starts. */
  private drawLine(
    context: SKRSContext2D,
    text: string,
    font: FontStyle,
    align: PrintAlignment,
    top: number,
    indent = 0,
  ): number {
    context.font = cssFont(font);
    context.textBaseline = 'alphabetic';
    const width = context.measureText(text).width;
    const left = sidePadding + indent;
    const x =
      align === 'left'
        ? left
        : align === 'right'
          ? this.width - sidePadding - width
          : left + (this.contentWidth - indent - width) / 2;
    context.fillText(text, Math.round(x), top + this.ascent(font));
    return top + this.lineHeight(font);
  }

  /** Words on lines no wider than `maxWidth`; a word wider than a line is broken between its letters. */
  private wrap(text: string, font: FontStyle, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      // Leading spaces indent a line (an option under its dish, as text mode prints it): kept on its first line.
      let line = /^ */.exec(paragraph)![0];
      for (const word of paragraph.trimStart().split(/ +/)) {
        const candidate = line.trim() ? `${line} ${word}` : `${line}${word}`;
        if (this.measure(candidate, font) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.measure(line, font) > maxWidth && line.length > 1) {
          let fits = line.length - 1;
          while (fits > 1 && this.measure(line.slice(0, fits), font) > maxWidth) fits--;
          lines.push(line.slice(0, fits));
          line = line.slice(fits);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private measure(text: string, font: FontStyle): number {
    this.measuring.font = cssFont(font);
    return this.measuring.measureText(text).width;
  }

  /** From the top of a line to its baseline: room for a tone mark above a capital's circumflex (Ấ, Ỗ). */
  private ascent(font: FontStyle): number {
    return Math.ceil(font.size * 1.12);
  }

  private lineHeight(font: FontStyle): number {
    return Math.ceil(font.size * 1.45);
  }
}
