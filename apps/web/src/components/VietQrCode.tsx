import { useMemo } from 'react';
import QRCode from 'qrcode';
import type { BankAccount } from '@quan/contract/settings';
import { formatMoney } from '../lib/format';
import { useT } from '../lib/i18n';
import { findVietQrBank, vietQrPayload } from '../lib/vietqr';

/** The blank border around the code, in modules: scanners need a quiet zone to find it. */
const quietZone = 2;

/**
 * The dark modules of a QR code as one SVG path, each row's runs of dark modules drawn as one rectangle.
 * Drawn while rendering (the encoder is synchronous), so a receipt printed at once already carries its code.
 */
function qrPath(payload: string): { size: number; path: string } {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const segments: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      segments.push(`M${start + quietZone} ${row + quietZone}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + 2 * quietZone, path: segments.join('') };
}

interface VietQrCodeProps {
  bank: BankAccount;
  /** Whole VND the guest transfers. */
  amount: number;
  /** The transfer note that names the order ("QUAN 1042"); the banking app fills it in. */
  note: string;
  /** Side length of the code in CSS pixels. */
  size?: number;
  /** `beside`: the details next to the code (screens); `below`: under it (the 80 mm receipt). */
  layout?: 'beside' | 'below';
}

/**
 * A VietQR code for one transfer: the guest scans it with any Vietnamese banking app and finds the account,
 * the amount and the note filled in. The same details are written beside it, for a guest who types them.
 */
export function VietQrCode({ bank, amount, note, size = 176, layout = 'beside' }: VietQrCodeProps) {
  const payload = vietQrPayload({ bin: bank.bin, accountNumber: bank.accountNumber }, { amount, note });
  const qr = useMemo(() => qrPath(payload), [payload]);
  const t = useT();
  const bankName = findVietQrBank(bank.bin)?.shortName ?? t('vietqr.bankOfBin', { bin: bank.bin });
  const details = [
    { label: t('vietqr.bank'), value: bankName },
    { label: t('vietqr.account'), value: bank.accountNumber },
    { label: t('vietqr.holder'), value: bank.accountName },
    { label: t('vietqr.amount'), value: formatMoney(amount) },
    { label: t('vietqr.note'), value: note },
  ];

  return (
    <div
      className={
        layout === 'beside'
          ? 'flex flex-wrap items-center justify-center gap-x-4 gap-y-2 sm:justify-start'
          : 'flex flex-col items-center gap-1 text-center'
      }
    >
      <svg
        role="img"
        aria-label={t('vietqr.label', {
          amount: formatMoney(amount),
          bank: bankName,
          account: bank.accountNumber,
          note,
        })}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
        className="shrink-0 bg-white"
      >
        <rect width={qr.size} height={qr.size} fill="#ffffff" />
        <path d={qr.path} fill="#000000" />
      </svg>
      <dl
        className={
          layout === 'beside'
            ? 'grid min-w-0 grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm'
            : 'grid grid-cols-[auto_auto] gap-x-2 text-left'
        }
      >
        {details.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold break-all text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
