import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

/** The fields of an EMVCo QR payload (tag, two-digit length, value), one level deep. */
export function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < payload.length;) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE, the checksum a VietQR payload ends with: the test's own oracle, not the app's code. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** What a banking app reads from the code on screen: the element's pixels, decoded. */
export async function scan(code: Locator): Promise<string> {
  // Centred, so that a dialog's sticky footer does not cover the bottom of a code at the end of its scroll.
  await code.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const png = PNG.sync.read(await code.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('The VietQR code on screen does not decode');
  return decoded.data;
}
