import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { PrintBridge } from '@quan/contract/printers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useT, type Translate } from '../../../lib/i18n';
import { useNow } from '../../../lib/use-now';
import { usePrintBridges } from '../api/list-print-bridges';
import { useRevokePrintBridge } from '../api/revoke-print-bridge';
import { AddPrintBridgeDialog } from './AddPrintBridgeDialog';
import { formatTimeAgo, isBridgeConnected } from './bridge-labels';

/**
 * Whether the bridge is at work, and its colour: green connected, red gone silent, amber not yet run (a bridge just
 * made, whose command nobody has started: nothing is wrong yet), grey revoked for good.
 */
function BridgeState({ bridge, now }: { bridge: PrintBridge; now: number }) {
  const t = useT();
  const [labelId, className] =
    bridge.revokedAt !== null
      ? ['printers.bridges.revoked', 'bg-stone-200 text-stone-800']
      : isBridgeConnected(bridge, now)
        ? ['printers.bridges.connected', 'bg-emerald-100 text-emerald-900']
        : bridge.lastSeenAt === null
          ? ['printers.bridges.awaitingFirst', 'bg-amber-100 text-amber-950']
          : ['printers.bridges.notConnected', 'bg-red-100 text-red-900'];
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>
      {t(labelId)}
    </span>
  );
}

function lastSeenText(t: Translate, bridge: PrintBridge, now: number): string {
  if (bridge.revokedAt !== null) return t('printers.bridges.revokedAt', { when: formatDateTime(bridge.revokedAt) });
  if (bridge.lastSeenAt === null) return t('printers.bridges.neverSeen');
  return t('printers.bridges.lastSeen', { when: formatTimeAgo(bridge.lastSeenAt, now) });
}

/**
 * The branch's print bridges, for when Quán runs away from the restaurant's network: which is connected and when
 * each was last heard from; make one (its key shown once), revoke one.
 */
export function PrintBridgesSection() {
  const t = useT();
  const headingId = useId();
  const now = useNow(15_000);
  const { enqueueSnackbar } = useSnackbar();
  const bridges = usePrintBridges();
  const revokeMutation = useRevokePrintBridge();
  const [isAdding, setIsAdding] = useState(false);
  const [bridgeToRevoke, setBridgeToRevoke] = useState<PrintBridge | null>(null);

  function confirmRevoke() {
    if (!bridgeToRevoke) return;
    const { _id, name } = bridgeToRevoke;
    revokeMutation.mutate(_id, {
      onSuccess: () => enqueueSnackbar(t('printers.bridges.revokedNotice', { name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('printers.bridges.revokeFailed', { name })), { variant: 'error' }),
      onSettled: () => setBridgeToRevoke(null),
    });
  }

  function renderList() {
    if (bridges.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('printers.bridges.loading')}
        </p>
      );
    }
    if (bridges.isError) {
      return (
        <LoadError
          error={bridges.error}
          fallback={t('printers.bridges.loadFailed')}
          onRetry={() => void bridges.refetch()}
        />
      );
    }
    if (bridges.data.length === 0) {
      return <p className="card p-4 text-sm text-stone-700">{t('printers.bridges.empty')}</p>;
    }
    return (
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {bridges.data.map((bridge) => (
          <li key={bridge._id}>
            <article
              aria-label={bridge.name}
              className={`card flex h-full flex-col gap-2 p-4 ${bridge.revokedAt !== null ? 'opacity-70' : ''}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold break-words text-stone-900">{bridge.name}</h3>
                <BridgeState bridge={bridge} now={now} />
              </div>
              <p className="text-sm text-stone-700">{lastSeenText(t, bridge, now)}</p>
              <p className="text-xs text-stone-600">
                {t('printers.bridges.createdAt', { when: formatDateTime(bridge.createdAt) })}
              </p>
              {bridge.revokedAt === null && (
                <div className="mt-auto pt-1">
                  <button
                    type="button"
                    className="btn btn-danger btn-sm min-h-11 sm:min-h-8"
                    aria-label={t('printers.bridges.revoke.of', { name: bridge.name })}
                    onClick={() => setBridgeToRevoke(bridge)}
                  >
                    {t('printers.bridges.revoke')}
                  </button>
                </div>
              )}
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-stone-900">
            {t('printers.bridges.title')}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-stone-600">{t('printers.bridges.intro')}</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setIsAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('printers.bridges.add')}
        </button>
      </div>
      {renderList()}
      {isAdding && <AddPrintBridgeDialog onClose={() => setIsAdding(false)} />}
      <ConfirmDialog
        open={bridgeToRevoke !== null}
        title={t('printers.bridges.revokeTitle', { name: bridgeToRevoke?.name ?? '' })}
        description={<p>{t('printers.bridges.revokeBody')}</p>}
        confirmLabel={t('printers.bridges.revokeConfirm')}
        isPending={revokeMutation.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setBridgeToRevoke(null)}
      />
    </section>
  );
}
