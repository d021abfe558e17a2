import { PNG } from 'pngjs';

/**
 * Reads an ESC/POS byte stream back into commands: what a printer would have received (the images it would
 * print, the text, the cut, the drawer pulse). It serves the tests (and their fake printer) and the demo's
 * stand-in printer, which keeps each ticket as a picture; production never reads ESC/POS back, so nothing the
 * server starts imports it. Commands nobody looks at (alignment, bold, size, line spacing…) are still measured
 * to their full length, so the text runs around them stay clean, and come back as `unknown` with their bytes.
 */

/** One raster image: `bits` holds `height` rows of `width / 8` bytes, most significant bit first, 1 = black. */
export type RasterImage = { width: number; height: number; bits: Uint8Array };

export type EscPosCommand =
  | { kind: 'init' }
  | ({ kind: 'raster' } & RasterImage)
  | { kind: 'text'; bytes: Uint8Array }
  | { kind: 'cut'; partial: boolean }
  | { kind: 'pulse'; pin: number; onMs: number; offMs: number }
  | { kind: 'status-request'; n: number }
  | { kind: 'codepage'; page: number }
  /** One `GS ( k` function of the QR code symbol (cn 49): `fn` 65 model, 67 size, 69 error level, 80 store, 81 print. */
  | { kind: 'qr'; fn: number; parameters: Uint8Array; data?: string }
  | { kind: 'unknown'; bytes: Uint8Array }
  /** A command cut off by the end of the stream (a job that stopped half-way, or a chunk still to come). */
  | { kind: 'truncated'; bytes: Uint8Array };

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;
const FS = 0x1c;

/** Total length, prefix included, of the ESC/POS commands with a fixed length that the encoder or printers use. */
const fixedLengths: Record<number, Record<number, number>> = {
  [ESC]: {
    0x21: 3, // ESC ! print mode
    0x20: 3, // ESC SP right spacing
    0x2d: 3, // ESC - underline
    0x32: 2, // ESC 2 default line spacing
    0x33: 3, // ESC 3 line spacing
    0x34: 3, // ESC 4 italic
    0x45: 3, // ESC E bold
    0x47: 3, // ESC G double strike
    0x4a: 3, // ESC J feed dots
    0x4d: 3, // ESC M font
    0x52: 3, // ESC R character set
    0x56: 3, // ESC V rotation
    0x61: 3, // ESC a alignment
    0x64: 3, // ESC d feed lines
    0x7b: 3, // ESC { upside down
  },
  [GS]: {
    0x21: 3, // GS ! character size
    0x42: 3, // GS B invert
    0x48: 3, // GS H barcode text position
    0x50: 4, // GS P motion units
    0x61: 3, // GS a automatic status back
    0x66: 3, // GS f barcode font
    0x68: 3, // GS h barcode height
    0x72: 3, // GS r status request
    0x77: 3, // GS w barcode width
    0x4c: 4, // GS L left margin
    0x57: 4, // GS W print area width
  },
  [FS]: {
    0x2e: 2, // FS . cancel Kanji mode
    0x26: 2, // FS & Kanji mode
  },
};

/** The `m` of the GS V forms that leave one point uncut (the others cut through). */
const partialCuts = new Set([1, 49, 66, 98]);

export function parseEscPos(input: Uint8Array | ArrayLike<number>): EscPosCommand[] {
  const bytes = input instanceof Uint8Array ? input : Uint8Array.from(input);
  const commands: EscPosCommand[] = [];
  let textStart = -1;
  let at = 0;

  const closeText = () => {
    if (textStart >= 0) commands.push({ kind: 'text', bytes: bytes.slice(textStart, at) });
    textStart = -1;
  };

  while (at < bytes.length) {
    const prefix = bytes[at]!;
    if (prefix !== ESC && prefix !== GS && prefix !== DLE && prefix !== FS) {
      if (textStart < 0) textStart = at;
      at += 1;
      continue;
    }
    closeText();
    const command = readCommand(bytes, at);
    if (command === undefined) {
      commands.push({ kind: 'truncated', bytes: bytes.slice(at) });
      break;
    }
    commands.push(command.command);
    at += command.length;
  }
  closeText();
  return commands;
}

/** Reads the command at `at`; undefined when the stream ends inside it. */
function readCommand(bytes: Uint8Array, at: number): { command: EscPosCommand; length: number } | undefined {
  const byte = (offset: number) => bytes[at + offset];
  const available = bytes.length - at;
  const unknown = (length: number) =>
    length > available
      ? undefined
      : { command: { kind: 'unknown', bytes: bytes.slice(at, at + length) } as const, length };

  if (available < 2) return undefined;
  const prefix = byte(0)!;
  const code = byte(1)!;

  if (prefix === ESC && code === 0x40) return { command: { kind: 'init' }, length: 2 };
  if (prefix === ESC && code === 0x74) {
    if (available < 3) return undefined;
    return { command: { kind: 'codepage', page: byte(2)! }, length: 3 };
  }
  if (prefix === ESC && code === 0x70) {
    // ESC p m t1 t2: the pulse lasts t1 × 2 ms and rests t2 × 2 ms
    if (available < 5) return undefined;
    return {
      command: { kind: 'pulse', pin: byte(2)! & 1, onMs: byte(3)! * 2, offMs: byte(4)! * 2 },
      length: 5,
    };
  }
  if (prefix === ESC && code === 0x2a) {
    // ESC * m nL nH: column image, nL + nH × 256 columns of 1 or 3 bytes
    if (available < 5) return undefined;
    const columns = byte(3)! + byte(4)! * 256;
    const bytesPerColumn = byte(2)! >= 32 ? 3 : 1;
    return unknown(5 + columns * bytesPerColumn);
  }
  if (prefix === GS && code === 0x56) {
    // GS V m, or GS V m n with m 65/66 (feed then cut)
    if (available < 3) return undefined;
    const mode = byte(2)!;
    const length = mode === 65 || mode === 66 || mode === 97 || mode === 98 ? 4 : 3;
    if (available < length) return undefined;
    return { command: { kind: 'cut', partial: partialCuts.has(mode) }, length };
  }
  if (prefix === GS && code === 0x76) {
    // GS v 0 m xL xH yL yH: raster image, (xL + xH × 256) bytes per row
    if (available < 8) return undefined;
    const bytesPerRow = byte(4)! + byte(5)! * 256;
    const height = byte(6)! + byte(7)! * 256;
    const length = 8 + bytesPerRow * height;
    if (available < length) return undefined;
    return {
      command: { kind: 'raster', width: bytesPerRow * 8, height, bits: bytes.slice(at + 8, at + length) },
      length,
    };
  }
  if (prefix === GS && code === 0x28) {
    // GS ( x pL pH …: functions with their own length (QR code, PDF417 and others)
    if (available < 5) return undefined;
    const length = 5 + byte(3)! + byte(4)! * 256;
    if (available < length) return undefined;
    const isQrCode = byte(2) === 0x6b && byte(5) === 0x31;
    if (!isQrCode) return unknown(length);
    const fn = byte(6)!;
    const parameters = bytes.slice(at + 7, at + length);
    const data = fn === 0x50 ? Buffer.from(parameters.subarray(1)).toString('latin1') : undefined;
    return { command: { kind: 'qr', fn, parameters, ...(data === undefined ? {} : { data }) }, length };
  }
  if (prefix === GS && code === 0x6b) {
    // GS k m: barcode, either NUL-terminated (m < 65) or with a length byte
    if (available < 3) return undefined;
    if (byte(2)! >= 65) {
      if (available < 4) return undefined;
      return unknown(4 + byte(3)!);
    }
    const end = bytes.indexOf(0, at + 3);
    return end < 0 ? undefined : unknown(end - at + 1);
  }
  if (prefix === DLE && code === 0x04) {
    if (available < 3) return undefined;
    return { command: { kind: 'status-request', n: byte(2)! }, length: 3 };
  }
  if (prefix === DLE && code === 0x14) return unknown(5); // DLE DC4 real-time pulse and others

  const fixed = fixedLengths[prefix]?.[code];
  if (fixed !== undefined) return unknown(fixed);
  return unknown(2);
}

/** Joins the raster chunks of a stream, top to bottom, into the one image they print. */
export function stackRasters(commands: EscPosCommand[]): RasterImage {
  const rasters = commands.filter((command) => command.kind === 'raster');
  if (rasters.length === 0) throw new Error('The stream holds no raster image');
  const width = rasters[0]!.width;
  if (rasters.some((raster) => raster.width !== width)) throw new Error('Raster chunks of different widths');
  const height = rasters.reduce((sum, raster) => sum + raster.height, 0);
  const bits = new Uint8Array((width / 8) * height);
  let offset = 0;
  for (const raster of rasters) {
    bits.set(raster.bits, offset);
    offset += raster.bits.length;
  }
  return { width, height, bits };
}

export function isBlack(image: RasterImage, x: number, y: number): boolean {
  const byte = image.bits[y * (image.width / 8) + (x >> 3)]!;
  return ((byte >> (7 - (x & 7))) & 1) === 1;
}

/** A black-on-white PNG of a raster image, for a person to look at or a golden test to compare. */
export function rasterToPng(image: RasterImage): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0 });
  png.data = Buffer.alloc(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      png.data[y * image.width + x] = isBlack(image, x, y) ? 0 : 255;
    }
  }
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0 });
}

/** Reads a PNG (such as one written by rasterToPng) back as a raster image; dark pixels are black. */
export function pngToRaster(png: Buffer): RasterImage {
  const decoded = PNG.sync.read(png);
  const width = Math.ceil(decoded.width / 8) * 8;
  const bits = new Uint8Array((width / 8) * decoded.height);
  for (let y = 0; y < decoded.height; y++) {
    for (let x = 0; x < decoded.width; x++) {
      const red = decoded.data[(y * decoded.width + x) * 4]!;
      const index = y * (width / 8) + (x >> 3);
      if (red < 128) bits[index] = bits[index]! | (1 << (7 - (x & 7)));
    }
  }
  return { width, height: decoded.height, bits };
}
