import { useEffect, useRef, useState } from 'react';
import type { Order } from '@quan/contract/order';
import type { OrderStatusUpdate, PublicOrder } from '@quan/contract/public';
import type { AppSocket } from '../../../lib/socket';
import { usePublicOrder, type TrackedOrder } from '../api/get-public-order';
import { updateNeedsReload } from './order-progress';

/**
 * Follows the diner's order (the table's, shared by every phone there): loads it (GET with the tracking token),
 * asks the socket to `track-order`, and keeps the last `order:updated` for it, its status and each round's. Each
 * time the socket joins (the first time, and after a reconnection) the order is loaded again: updates sent
 * before the join are not replayed, and the socket opens only once the phone is idle, seconds after the first
 * load. An update naming a round the phone has not loaded (sent from another phone, or by the staff) loads it
 * again for that round's dishes and the new bill.
 */
export function useOrderTracking(tracked: TrackedOrder | null, socket: AppSocket | null) {
  const order = usePublicOrder(tracked);
  const [live, setLive] = useState<OrderStatusUpdate | null>(null);
  const [isFollowing, setIsFollowing] = useState(false);
  const { reload } = order;
  const orderId = tracked?.orderId;
  const token = tracked?.trackingToken;
  // Read by the socket's listener, which stays subscribed while loads come and go.
  const loadedRounds = useRef<PublicOrder['rounds'] | undefined>(undefined);
  useEffect(() => {
    loadedRounds.current = order.data?.rounds;
  }, [order.data]);

  useEffect(() => {
    if (!socket || !orderId || !token) return;
    const follow = () =>
      socket.emit('track-order', { orderId, token }, (answer) => {
        setIsFollowing(answer.ok);
        if (answer.ok) reload();
        else console.warn('Live order updates refused:', answer.message);
      });
    const onUpdated = (update: Order | OrderStatusUpdate) => {
      if (update._id !== orderId) return;
      setLive({ _id: update._id, orderNo: update.orderNo, status: update.status, rounds: update.rounds });
      if (updateNeedsReload(loadedRounds.current, update)) reload();
    };
    const onDisconnect = () => setIsFollowing(false);

    socket.on('connect', follow);
    socket.on('disconnect', onDisconnect);
    socket.on('order:updated', onUpdated);
    if (socket.connected) follow();
    return () => {
      socket.off('connect', follow);
      socket.off('disconnect', onDisconnect);
      socket.off('order:updated', onUpdated);
    };
  }, [socket, orderId, token, reload]);

  return {
    order: order.data,
    /** The last live update of this order, to lay over what was loaded (see `withLiveUpdate`). */
    live: live && live._id === orderId ? live : undefined,
    error: order.error,
    isPending: order.isPending,
    isFollowing: isFollowing && !!orderId,
    reload,
  };
}
