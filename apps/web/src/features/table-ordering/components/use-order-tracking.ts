import { useEffect, useState } from 'react';
import type { Order, OrderStatus } from '@quan/contract/order';
import type { OrderStatusUpdate } from '@quan/contract/public';
import type { AppSocket } from '../../../lib/socket';
import { usePublicOrder, type TrackedOrder } from '../api/get-public-order';
import { laterStatus } from './order-progress';

/**
 * Follows the diner's order: loads it (GET with the tracking token), asks the socket to `track-order`, and
 * takes each `order:updated` for it. Each time the socket joins (the first time, and after a reconnection)
 * the order is loaded again: updates sent before the join are not replayed, and the socket opens only once
 * the phone is idle, seconds after the first load.
 */
export function useOrderTracking(tracked: TrackedOrder | null, socket: AppSocket | null) {
  const order = usePublicOrder(tracked);
  const [liveStatus, setLiveStatus] = useState<{ orderId: string; status: OrderStatus } | null>(null);
  const [isFollowing, setIsFollowing] = useState(false);
  const { reload } = order;
  const orderId = tracked?.orderId;
  const token = tracked?.trackingToken;

  useEffect(() => {
    if (!socket || !orderId || !token) return;
    const follow = () =>
      socket.emit('track-order', { orderId, token }, (answer) => {
        setIsFollowing(answer.ok);
        if (answer.ok) reload();
        else console.warn('Live order updates refused:', answer.message);
      });
    const onUpdated = (update: Order | OrderStatusUpdate) => {
      if (update._id === orderId) setLiveStatus({ orderId, status: update.status });
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

  const live = liveStatus && liveStatus.orderId === orderId ? liveStatus.status : undefined;
  return {
    order: order.data,
    status: order.data ? laterStatus(order.data.status, live) : live,
    error: order.error,
    isPending: order.isPending,
    isFollowing: isFollowing && !!orderId,
    reload,
  };
}
