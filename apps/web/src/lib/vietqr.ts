import { BanksObject, QRPay } from 'vietnam-qr-pay';

/**
 * VietQR: the bank-transfer QR code that Vietnamese banking apps scan (EMVCo merchant-presented QR as
 * NAPAS uses it). The payload is built by `vietnam-qr-pay`, a kept library checked against NAPAS's
 * published examples (vietqr.test.ts); this file only says what Quán puts in it.
 */

export interface VietQrBank {
  /** The NAPAS bank identification number (BIN), e.g. 970415 for VietinBank. */
  bin: string;
  shortName: string;
  name: string;
}

/**
 * The banks that take VietQR transfers, one per BIN, by short name. A bank that was renamed is listed
 * under both names ("LienVietPostBank / LPBank"), as owners still know it by either.
 */
export const vietQrBanks: readonly VietQrBank[] = [
  ...Object.values(BanksObject)
    .filter((bank) => bank.bin && bank.vietQRStatus === 1)
    .reduce((byBin, bank) => {
      const known = byBin.get(bank.bin);
      byBin.set(
        bank.bin,
        known
          ? { ...known, shortName: `${known.shortName} / ${bank.shortName}`, name: `${known.name} / ${bank.name}` }
          : { bin: bank.bin, shortName: bank.shortName, name: bank.name },
      );
      return byBin;
    }, new Map<string, VietQrBank>())
    .values(),
].sort((a, b) => a.shortName.localeCompare(b.shortName, 'vi'));

export const findVietQrBank = (bin: string) => vietQrBanks.find((bank) => bank.bin === bin);

/**
 * The payload of a dynamic VietQR code: this account, this amount (whole VND), this note. Scanned, it
 * opens a transfer with everything filled in.
 */
export function vietQrPayload(
  account: { bin: string; accountNumber: string },
  transfer: { amount: number; note: string },
): string {
  return QRPay.initVietQR({
    bankBin: account.bin,
    bankNumber: account.accountNumber,
    amount: String(transfer.amount),
    purpose: transfer.note,
  }).build();
}
