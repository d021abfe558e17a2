import { useEffect, useState } from 'react';
import { Printer, RefreshCw } from 'lucide-react';
import type { Table } from '@quan/contract/table';
import { Dialog } from '../../../components/Dialog';
import { useT } from '../../../lib/i18n';
import { tableOrderingUrl } from './table-status';
import './table-qr-print.css';

/** An SVG QR code as an img-ready data URL (the CSP allows data: images; SVG prints sharp at any size). */
async function qrCodeDataUrl(text: string): Promise<string> {
  // Loaded on demand: only someone opening a QR view needs the encoder.
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface TableQrDialogProps {
  table: Table;
  /** The address the code carries (see qr-address.ts). */
  origin: string;
  /**
   * The slug of the tables' branch when it is not the first (its codes open `/b/<slug>/table/<n>`); null for the
   * first branch; undefined while not known yet, when no code is drawn (printed, it would open another branch).
   */
  branchSlug: string | null | undefined;
  /** Asks to give the table a new key; only for those who may manage tables (without it, no button). */
  onRotateKey?: () => void;
  isRotating: boolean;
  onClose: () => void;
}

export function TableQrDialog({ table, origin, branchSlug, onRotateKey, isRotating, onClose }: TableQrDialogProps) {
  const t = useT();
  const url = branchSlug === undefined ? '' : tableOrderingUrl(origin, table, branchSlug);
  const [qr, setQr] = useState<{ url: string; dataUrl: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (!url) return;
    let current = true;
    qrCodeDataUrl(url)
      .then((dataUrl) => current && setQr({ url, dataUrl, failed: false }))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setQr({ url, dataUrl: null, failed: true });
      });
    return () => {
      current = false;
    };
  }, [url]);

  // A code drawn for the previous key must never be shown (or printed) for the new one.
  const shown = qr?.url === url ? qr : null;

  return (
    <Dialog title={t('tables.qr.title', { tableNo: table.tableNo })} onClose={onClose} className="max-w-sm">
      <div className="qr-print-card mt-4 flex flex-col items-center gap-3 rounded-xl border border-stone-200 p-4 text-center">
        <p className="text-2xl font-bold text-stone-900">{t('tables.table', { tableNo: table.tableNo })}</p>
        {shown?.dataUrl ? (
          <img
            src={shown.dataUrl}
            alt={t('tables.qr.title', { tableNo: table.tableNo })}
            width={240}
            height={240}
            className="size-60"
          />
        ) : (
          <div role="status" className="flex size-60 items-center justify-center text-sm text-stone-600">
            {shown?.failed ? t('tables.qr.failed') : t('tables.qr.drawing')}
          </div>
        )}
        <p className="text-sm font-medium text-stone-800">{t('tables.qr.scan')}</p>
        <p className="text-xs break-all text-stone-500">{url}</p>
      </div>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('tables.close')}
        </button>
        {onRotateKey && (
          <button type="button" className="btn btn-secondary" onClick={onRotateKey} disabled={isRotating}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('tables.qr.rotate')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!shown?.dataUrl}>
          <Printer aria-hidden="true" className="size-4" />
          {t('tables.qr.print')}
        </button>
      </div>
    </Dialog>
  );
}
