import { useState } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, Send } from 'lucide-react';
import type { StockTransfer } from '@quan/contract/stock-transfer';
import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { formatDateTime } from '../../../lib/date-format';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useIngredients } from '../../ingredients/api/list-ingredients';
import { useStockTransfers, useTransferDestinations } from '../api/stock-transfers';
import { ReceiveTransferDialog } from '../components/ReceiveTransferDialog';
import { SendTransferDialog } from '../components/SendTransferDialog';

/** A line as sent ("5 kg Thịt bò"), or what arrived of it against what was sent when they differ. */
function lineText(line: StockTransfer['lines'][number], t: ReturnType<typeof useT>): string {
  const sent = formatQuantity(line.sent, line.unit);
  if (line.received === null || line.received === line.sent) return `${sent} ${line.name}`;
  return t('stockTransfers.lineDiffers', { name: line.name, received: formatQuantity(line.received, line.unit), sent });
}

function TransferCard({ transfer, onReceive }: { transfer: StockTransfer; onReceive?: () => void }) {
  const t = useT();
  const outgoing = transfer.direction === 'out';
  const Icon = outgoing ? ArrowUpFromLine : ArrowDownToLine;
  const differences = transfer.lines.filter((line) => line.differenceReason);
  return (
    <li className="card space-y-2 p-4" aria-label={t('stockTransfers.card', { transferNo: transfer.transferNo })}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-start gap-2">
          <Icon aria-hidden="true" className="mt-0.5 size-5 text-amber-700" />
          <div>
            <p className="font-semibold text-stone-900">
              {outgoing
                ? t('stockTransfers.out', { transferNo: transfer.transferNo, branch: transfer.toBranch.name })
                : t('stockTransfers.in', { transferNo: transfer.transferNo, branch: transfer.fromBranch.name })}
            </p>
            <p className="text-sm text-stone-600">
              {t('stockTransfers.sentAt', {
                when: formatDateTime(transfer.sentAt),
                who: transfer.sentBy?.name ?? '—',
              })}
            </p>
          </div>
        </div>
        <span
          className={
            transfer.status === 'received'
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
              : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
          }
        >
          {transfer.status === 'received' ? t('stockTransfers.status.received') : t('stockTransfers.status.sent')}
        </span>
      </div>
      <p className="text-sm text-stone-800">{transfer.lines.map((line) => lineText(line, t)).join(' · ')}</p>
      {transfer.note && <p className="text-sm text-stone-600">{transfer.note}</p>}
      <p className="text-sm text-stone-700">
        {t('stockTransfers.value', { value: formatMoney(transfer.sentValue) })}
        {transfer.differenceValue !== null && transfer.differenceValue !== 0 && (
          <>
            {' · '}
            <span className="font-semibold text-red-700">
              {t('stockTransfers.difference', { value: formatMoney(transfer.differenceValue) })}
            </span>
          </>
        )}
      </p>
      {differences.length > 0 && (
        <ul className="text-sm text-stone-600">
          {differences.map((line) => (
            <li key={line.ingredientId}>
              {t('stockTransfers.differenceReason', { name: line.name, reason: line.differenceReason })}
            </li>
          ))}
        </ul>
      )}
      {transfer.status === 'received' && transfer.receivedAt && (
        <p className="text-sm text-stone-600">
          {t('stockTransfers.receivedAt', {
            when: formatDateTime(transfer.receivedAt),
            who: transfer.receivedBy?.name ?? '—',
          })}
        </p>
      )}
      {onReceive && (
        <button type="button" className="btn btn-primary" onClick={onReceive}>
          {t('stockTransfers.receive.open')}
        </button>
      )}
    </li>
  );
}

/**
 * `/stock-transfers` (Chuyển kho): goods sent from this branch to another and coming in from others, with their
 * status; managers send and confirm what arrived.
 */
export function StockTransfersPage() {
  const t = useT();
  usePageTitle(t('stockTransfers.heading'));
  const canTransfer = useCan('stock:transfer');
  const transfers = useStockTransfers();
  const destinations = useTransferDestinations({ enabled: canTransfer });
  const ingredients = useIngredients({ enabled: canTransfer });
  const [sending, setSending] = useState(false);
  const [receiving, setReceiving] = useState<StockTransfer | null>(null);
  const otherBranches = destinations.data ?? [];

  function renderList() {
    if (transfers.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('stockTransfers.loading')}
        </p>
      );
    }
    if (transfers.isError) {
      return (
        <LoadError
          error={transfers.error}
          fallback={t('stockTransfers.loadFailed')}
          onRetry={() => void transfers.refetch()}
        />
      );
    }
    if (transfers.data.length === 0) return <p className="card p-6 text-stone-700">{t('stockTransfers.empty')}</p>;
    return (
      <ul className="space-y-3">
        {transfers.data.map((transfer) => (
          <TransferCard
            key={transfer._id}
            transfer={transfer}
            onReceive={
              canTransfer && transfer.direction === 'in' && transfer.status === 'sent'
                ? () => setReceiving(transfer)
                : undefined
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('stockTransfers.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('stockTransfers.intro')}</p>
        </div>
        {canTransfer && otherBranches.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={() => setSending(true)}>
            <Send aria-hidden="true" className="size-4" />
            {t('stockTransfers.send.open')}
          </button>
        )}
      </div>
      {!canTransfer && (
        <RoleNotice>
          <p>{t('stockTransfers.managersOnly')}</p>
        </RoleNotice>
      )}
      {renderList()}
      {sending && (
        <SendTransferDialog
          destinations={otherBranches}
          ingredients={ingredients.data ?? []}
          onClose={() => setSending(false)}
        />
      )}
      {receiving && <ReceiveTransferDialog transfer={receiving} onClose={() => setReceiving(null)} />}
    </section>
  );
}
