import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrintDocument } from './document';
import { encodeRaster } from './raster';
import { encodeText, textModeOptions, type VietnameseCodepage } from './text-mode';

/** How one printer takes its jobs. */
export type PrintProfile = {
  paperWidth: 80 | 58;
  /** A picture drawn with the bundled font (any printer), or text in the printer's Vietnamese code page. */
  mode: 'raster' | 'text';
  /** Text mode only; TCVN-3 when not said. */
  codepage?: VietnameseCodepage;
  cut: boolean;
  openDrawer: boolean;
};

/** The printable width of the paper in dots at 203 dpi, and in characters of the printer's 12-dot font. */
const paper = {
  80: { dots: 576, columns: 48 },
  58: { dots: 384, columns: 32 },
} as const;

const linesPastCutter = 4;

/** The bytes of one print job in ESC/POS: initialise, the document, then the cut and the drawer pulse if asked. */
export function encodeDocument(document: PrintDocument, profile: PrintProfile): Uint8Array {
  const { dots, columns } = paper[profile.paperWidth];
  const codepage = profile.codepage ?? 'tcvn3';
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    // GS v 0 raster images rather than ESC * columns: one command per band and no seams between bands.
    imageMode: 'raster',
    // The cutter sits a few lines above the print head: feed the last lines past it before cutting.
    feedBeforeCut: linesPastCutter,
    ...(profile.mode === 'text' ? textModeOptions(codepage) : {}),
  });
  encoder.initialize();
  if (profile.mode === 'raster') encodeRaster(encoder, document, dots);
  else encodeText(encoder, document, columns, codepage);
  if (profile.cut) encoder.cut('partial');
  else encoder.newline(linesPastCutter);
  if (profile.openDrawer) encoder.pulse();
  return encoder.encode();
}
