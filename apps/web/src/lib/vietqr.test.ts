import { describe, expect, it } from 'vitest';
import { transferNote } from '@quan/contract/payments';
import { vietQrBanks, vietQrPayload } from './vietqr';

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here only as the test's own oracle: the payload's
 * last four hex digits must be this CRC of everything before them, "6304" included.
 */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('VietQR payloads', () => {
  it('match the published examples byte for byte', () => {
    expect(
      vietQrPayload({ bin: '970415', accountNumber: '0011001932418' }, { amount: 120_000, note: 'ung ho lu lut' }),
    ).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
    expect(vietQrPayload({ bin: '970416', accountNumber: '257678859' }, { amount: 10_000, note: 'Chuyen tien' })).toBe(
      '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6',
    );
  });

  it('end in the CRC-16/CCITT-FALSE of everything before it, for any amount and note', () => {
    expect(crc16('123456789')).toBe('29B1');
    for (const [amount, orderNo] of [
      [1_245_000, 1001],
      [5_000, 99_999],
      [2_000_000_000, 1],
    ] as const) {
      const payload = vietQrPayload(
        { bin: '970436', accountNumber: '1234567890' },
        { amount, note: transferNote(orderNo) },
      );
      expect(payload).toContain(`54${String(amount.toString().length).padStart(2, '0')}${amount}`);
      expect(payload).toContain(`QUAN ${orderNo}`);
      expect(payload.slice(-8, -4)).toBe('6304');
      expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    }
  });

  it('offers the banks that take VietQR, VietinBank and Vietcombank among them', () => {
    expect(vietQrBanks.find((bank) => bank.bin === '970415')?.shortName).toMatch(/VietinBank/i);
    expect(vietQrBanks.find((bank) => bank.bin === '970436')?.shortName).toMatch(/Vietcombank/i);
    expect(new Set(vietQrBanks.map((bank) => bank.bin)).size).toBe(vietQrBanks.length);
  });
});
