import { QrCode } from 'lucide-react';
import type { Table } from '@quan/contract/table';
import { useT } from '../../../lib/i18n';

/** A table's QR code: for anyone who sees the tables, to show or print it. */
export function TableQrButton({ table, onQr }: { table: Table; onQr: (table: Table) => void }) {
  const t = useT();
  return (
    <button type="button" className="btn btn-sm btn-secondary" onClick={() => onQr(table)}>
      <QrCode aria-hidden="true" className="size-4" />
      {t('tables.actions.qr')} <span className="sr-only">{t('tables.actions.qrFor', { tableNo: table.tableNo })}</span>
    </button>
  );
}
