import { QRPay } from 'vietnam-qr-pay';

/**
 * The payload of a dynamic VietQR code (the string a banking app scans): this account, this amount in whole
 * VND, this note. The web draws the same codes on screen; printers draw these on paper.
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
