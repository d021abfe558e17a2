import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Order, OrderRound } from '@quan/contract/order';
import type { Station } from '@quan/contract/stations';
import { useT } from '../../../lib/i18n';
import { useStartRound } from '../api/start-round';
import { useUpdateStationWork } from '../api/update-station-work';
import { stationWorkMessage } from './order-messages';
import { roundButtonTarget } from './order-names';
import { reportTabRefusal } from './tab-refusal';
import { ticketKey } from '../model/ticket-key';

/**
 * A station starting its dishes of a round (or the kitchen a whole round), marking them done, or taking that
 * back, from its kitchen screen. Like every move,
 * the order is busy until the answer is in (the next change must carry the version this one leaves) and each
 * tap ends in a toast. A 409 (the order changed on another screen) is said in a toast while the lists are
 * fetched again; any other refusal stays on the ticket until the next try.
 */
export function useStationWork() {
  const mutation = useUpdateStationWork();
  const start = useStartRound();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());

  function setBusy(orderId: string, busy: boolean) {
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (busy) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }

  function setError(key: string, message: string | null) {
    setErrors((current) => {
      if (message === null && !current.has(key)) return current;
      const next = new Map(current);
      if (message === null) next.delete(key);
      else next.set(key, message);
      return next;
    });
  }

  async function send(
    order: Order,
    round: Pick<OrderRound, 'no'>,
    station: Pick<Station, '_id' | 'name'>,
    ready: boolean,
  ) {
    const key = ticketKey(order._id, round.no, station._id);
    setBusy(order._id, true);
    setError(key, null);
    try {
      const updated = await mutation.mutateAsync({
        id: order._id,
        roundNo: round.no,
        stationId: station._id,
        ready,
        expectedVersion: order.version,
      });
      const roundReady = updated.rounds.find((one) => one.no === round.no)?.status === 'ready';
      enqueueSnackbar(stationWorkMessage(t, order, round.no, station.name, { ready, roundReady }), {
        variant: 'success',
      });
    } catch (error) {
      reportTabRefusal(error, t('orders.stationWork.error', { target: roundButtonTarget(t, order, round.no) }), {
        enqueueSnackbar,
        onClose: () => setError(key, null),
        setError: (message) => setError(key, message),
      });
    } finally {
      setBusy(order._id, false);
    }
  }

  async function sendStart(order: Order, round: Pick<OrderRound, 'no'>, station: Pick<Station, '_id' | 'name'> | null) {
    const key = ticketKey(order._id, round.no, station?._id ?? null);
    const target = roundButtonTarget(t, order, round.no);
    setBusy(order._id, true);
    setError(key, null);
    try {
      await start.mutateAsync({
        id: order._id,
        roundNo: round.no,
        stationId: station?._id ?? null,
        expectedVersion: order.version,
      });
      const message = station
        ? t('orders.start.stationToast', { station: station.name, target })
        : t('orders.start.toast', { target });
      enqueueSnackbar(message, { variant: 'success' });
    } catch (error) {
      reportTabRefusal(error, t('orders.start.error', { target }), {
        enqueueSnackbar,
        onClose: () => setError(key, null),
        setError: (message) => setError(key, message),
      });
    } finally {
      setBusy(order._id, false);
    }
  }

  /** Starts a station's dishes of a round, or (no station) every dish of it. */
  function requestStart(order: Order, round: Pick<OrderRound, 'no'>, station: Pick<Station, '_id' | 'name'> | null) {
    if (busyIds.has(order._id)) return;
    void sendStart(order, round, station);
  }

  /** Marks a station's dishes of a round done (`ready`) or making again. */
  function requestStationWork(
    order: Order,
    round: Pick<OrderRound, 'no'>,
    station: Pick<Station, '_id' | 'name'>,
    ready: boolean,
  ) {
    if (busyIds.has(order._id)) return;
    void send(order, round, station, ready);
  }

  return { requestStationWork, requestStart, busyIds, errors };
}
