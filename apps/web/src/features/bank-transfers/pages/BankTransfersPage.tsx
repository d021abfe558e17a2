import { useState } from 'react';
import type { BankTransfer } from '@quan/contract/payments';
import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { getApiStatus } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBankTransfers } from '../api/list-bank-transfers';
import { ApplyTransferDialog } from '../components/ApplyTransferDialog';
import { BankTransferRow } from '../components/BankTransferRow';

/**
 * The transfers the bank reported that paid no bill by themselves (a wrong order number in the note, another
 * amount, a notification too old), newest first: a manager finds the order each was for and pays it there.
 */
export function BankTransfersPage() {
  const t = useT();
  usePageTitle(t('bankTransfers.title'));
  const canMatch = useCan('payments:match-transfers');
  const transfers = useBankTransfers({ enabled: canMatch });
  const [applying, setApplying] = useState<BankTransfer | null>(null);

  function renderTransfers() {
    if (transfers.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('bankTransfers.loading')}
        </p>
      );
    }
    if (transfers.isError) {
      return (
        <LoadError
          error={transfers.error}
          fallback={t('bankTransfers.loadError')}
          onRetry={() => void transfers.refetch()}
        />
      );
    }
    if (transfers.data.length === 0) return <p className="card p-6 text-stone-700">{t('bankTransfers.empty')}</p>;
    return (
      <ul aria-label={t('bankTransfers.listLabel')} className="space-y-3">
        {transfers.data.map((transfer) => (
          <li key={transfer.transactionId}>
            <BankTransferRow transfer={transfer} onApply={() => setApplying(transfer)} />
          </li>
        ))}
      </ul>
    );
  }

  const refused = !canMatch || getApiStatus(transfers.error) === 403;

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('bankTransfers.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('bankTransfers.intro')}</p>
      </div>
      {refused ? (
        <RoleNotice title={t('bankTransfers.managersOnly.title')}>
          <p>{t('bankTransfers.managersOnly.body')}</p>
        </RoleNotice>
      ) : (
        renderTransfers()
      )}
      {applying && <ApplyTransferDialog transfer={applying} onClose={() => setApplying(null)} />}
    </section>
  );
}
