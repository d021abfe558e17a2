import { useEffect } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { drainOutbox, listOutbox, nextAttemptAt, subscribeToOutbox, type OutboxEntry } from '../../../lib/outbox';
import { sendOutboxRequest } from '../../../lib/outbox-sender';
import { queryRoots } from '../../../lib/query-keys';
import { useSocket } from '../../../lib/socket-context';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { removeUser, selectUser } from '../../../store/user-slice';

/**
 * Sends what this tablet keeps in its outbox, under the person signed in: at start-up, when an entry is queued or
 * put back in line, when the browser says the network is back, when the live socket reconnects, and after each
 * back-off pause. Says what became of each entry it sent.
 */
export function OutboxRunner() {
  const { isAuth, _id: userId } = useAppSelector(selectUser);
  const { isConnected } = useSocket();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useAppDispatch();
  const t = useT();

  useEffect(() => {
    if (!isAuth || !userId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const announce = (entry: OutboxEntry) => {
      if (entry.state === 'refused') {
        const message = entry.refusal?.tooOld
          ? t('outbox.state.tooOld')
          : t('outbox.toast.refused', { reason: entry.refusal?.message ?? '' });
        enqueueSnackbar(message, { variant: 'error' });
        return;
      }
      const { orderNo, total } = entry.sent ?? {};
      if (orderNo == null) return;
      enqueueSnackbar(t('outbox.toast.sent', { orderNo }), { variant: 'success' });
      // The server priced it; the tablet showed the menu's prices as last known.
      if (total != null && entry.estimate != null && total !== entry.estimate) {
        enqueueSnackbar(
          t('outbox.toast.priceChanged', { orderNo, total: formatMoney(total), estimate: formatMoney(entry.estimate) }),
          { variant: 'warning', persist: true },
        );
      }
    };

    // One run at a time: a request during a run makes it go round once more, so nothing is announced twice and
    // the one back-off timer is never lost.
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          clearTimeout(timer);
          // The browser knows it has no network: nothing would get through; its 'online' event runs this again.
          if (stopped || !onlineManager.isOnline()) return;
          const waitingBefore = new Set(
            (await listOutbox()).filter((entry) => entry.state === 'waiting').map((entry) => entry.id),
          );
          const result = await drainOutbox(userId, sendOutboxRequest, () => !stopped);
          if (stopped) return;
          const settled = (await listOutbox()).filter(
            (entry) => waitingBefore.has(entry.id) && entry.state !== 'waiting',
          );
          settled.forEach(announce);
          if (settled.some((entry) => entry.state === 'sent')) {
            void queryClient.invalidateQueries({ queryKey: queryRoots.orders });
            void queryClient.invalidateQueries({ queryKey: queryRoots.tables });
          }
          // The session is gone (revoked, or expired while offline): the person signs in again, and the entries
          // wait for them.
          if (result === 'signed-out') {
            dispatch(removeUser());
            return;
          }
          const next = await nextAttemptAt(userId);
          if (next !== null && !stopped) timer = setTimeout(() => void run(), Math.max(500, next - Date.now()));
        } while (again);
      } finally {
        running = false;
      }
    };

    const onOnline = () => void run();
    void run();
    const stopWatching = subscribeToOutbox((change) => {
      if (change === 'queued') void run();
    });
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopWatching();
      window.removeEventListener('online', onOnline);
    };
    // A reconnected socket means the server is reachable again: worth a drain at once.
  }, [isAuth, userId, isConnected, queryClient, enqueueSnackbar, dispatch, t]);

  return null;
}
