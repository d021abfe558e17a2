import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { i18n } from '@lingui/core';
import type { Ingredient } from '@quan/contract/ingredient';
import type { Order } from '@quan/contract/order';
import type { OrderStatusUpdate } from '@quan/contract/public';
import type { Reservation } from '@quan/contract/reservations';
import type { Table } from '@quan/contract/table';
import { formatDay, formatTime } from '../lib/date-format';
import { formatQuantity } from '../lib/format';
import { restaurantDay } from '../lib/restaurant-day';
import { queryRoots } from '../lib/query-keys';
import { useSocket } from '../lib/socket-context';
import { printQueueQueryKey } from '../features/orders/api/list-print-queue';
import { orderQueryKey } from '../features/orders/api/get-order';
import { einvoicesQueryRoot } from '../features/einvoices/api/list-failed-einvoices';
import { printersQueryKey } from '../features/printers/api/list-printers';
import { applyOrderToCache, applyTableToCache } from './live-cache';

const printRefreshWindowMs = 500;

/** `run` at once, then at most once per `windowMs` while calls keep coming: the last call of a burst is not lost. */
function coalesce(run: () => void, windowMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isCalledAgain = false;
  const endWindow = () => {
    if (!isCalledAgain) {
      timer = undefined;
      return;
    }
    isCalledAgain = false;
    run();
    timer = setTimeout(endWindow, windowMs);
  };
  const call = () => {
    if (timer !== undefined) {
      isCalledAgain = true;
      return;
    }
    run();
    timer = setTimeout(endWindow, windowMs);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}

/** "New order #1042 · Table 4"; a diner's order says it waits for someone to accept it. */
export function newOrderMessage(order: Pick<Order, 'orderNo' | 'source' | 'table'>): string {
  if (order.source === 'table' && order.table) {
    return i18n._('live.newDinerOrder', { tableNo: order.table.tableNo });
  }
  return order.table
    ? i18n._('live.newOrderAtTable', { orderNo: order.orderNo, tableNo: order.table.tableNo })
    : i18n._('live.newTakeawayOrder', { orderNo: order.orderNo });
}

/**
 * "Round 2 · Table 5" for more dishes on a table's tab ("Round 2 · Takeaway #1042" without a table); a
 * diner's round says it waits for someone to accept it.
 */
export function roundAddedMessage(order: Pick<Order, 'orderNo' | 'table' | 'rounds'>, roundNo: number): string {
  const where = order.table
    ? i18n._('live.whereTable', { tableNo: order.table.tableNo })
    : i18n._('live.whereTakeaway', { orderNo: order.orderNo });
  return isPendingRound(order, roundNo)
    ? i18n._('live.roundWaiting', { roundNo, where })
    : i18n._('live.round', { roundNo, where });
}

function isPendingRound(order: Pick<Order, 'rounds'>, roundNo: number): boolean {
  return order.rounds.find((round) => round.no === roundNo)?.status === 'pending';
}

/**
 * Whether the person signed in here sent the order or round themselves: the screen they sent it from has said
 * so already, and a second toast (and a chime) for one's own tap is noise.
 */
function isOwnNews(order: Pick<Order, 'createdBy' | 'rounds'>, roundNo: number, ownUserId: string | undefined) {
  if (!ownUserId) return false;
  const sentBy = order.rounds.find((round) => round.no === roundNo)?.sentBy ?? (roundNo === 1 ? order.createdBy : null);
  return sentBy?._id === ownUserId;
}

/** "Low stock: Beef — 0,4 kg left", or that it ran out. */
export function lowStockMessage(ingredient: Pick<Ingredient, 'name' | 'quantity' | 'unit'>): string {
  if (ingredient.quantity <= 0) return i18n._('live.outOfStock', { ingredient: ingredient.name });
  return i18n._('live.lowStock', {
    ingredient: ingredient.name,
    left: formatQuantity(ingredient.quantity, ingredient.unit),
  });
}

/**
 * "New booking request: Anh Tùng, 4 guests at 19:00" (with its day when not today): a guest asked for a table
 * from the public page and waits for someone to accept.
 */
export function newRequestMessage(reservation: Pick<Reservation, 'name' | 'partySize' | 'startsAt'>): string {
  const day = restaurantDay(new Date(reservation.startsAt));
  const values = { name: reservation.name, count: reservation.partySize, time: formatTime(reservation.startsAt) };
  return day === restaurantDay(new Date())
    ? i18n._('reservations.live.newRequest', values)
    : i18n._('reservations.live.newRequestOn', { ...values, day: formatDay(day) });
}

/** A request just made: the server sends every change, and only its first version is news. */
const isNewRequest = (reservation: Reservation) => reservation.status === 'requested' && reservation.version === 1;

type AudioContextConstructor = typeof AudioContext;

let audioContext: AudioContext | null = null;

function getAudioContext(): AudioContext | null {
  if (audioContext) return audioContext;
  const Context: AudioContextConstructor | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Context) return null;
  audioContext = new Context();
  return audioContext;
}

/**
 * A short two-tone chime made with WebAudio (no sound file to download). Until the person has
 * interacted with the page the browser keeps it silent, which is fine: the toast remains.
 */
export function playNewOrderChime(): void {
  try {
    const context = getAudioContext();
    if (!context) return;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start);
      oscillator.connect(gain);
      oscillator.start(start + index * 0.15);
      oscillator.stop(start + 0.45);
    });
  } catch {
    // Audio blocked or unsupported: the toast still tells the news.
  }
}

/** A whole order, as staff get it; the diners following an order only get its number and status. */
function isWholeOrder(update: Order | OrderStatusUpdate): update is Order {
  return 'items' in update && Array.isArray(update.items);
}

/**
 * Keeps every staff screen current from the socket instead of refetching on focus, announces new orders, new
 * rounds of a table's tab (but not those `ownUserId` sent) and guests' booking requests with a toast and a chime, and warns of ingredients
 * running low. An event that carries a whole order or table is written into the cached lists it belongs to (see
 * live-cache.ts), so the kitchen board and the tables need no new request; the rest is invalidated. Orders use up or give back stock, so order events
 * refresh the ingredients too; an order completed refreshes the revenue figures, today's best sellers and
 * its customer's points.
 */
export function LiveUpdates({ ownUserId }: { ownUserId?: string }) {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    // Browsers start audio muted until a gesture; the first tap or key press anywhere unmutes the chime.
    const unlockAudio = () => {
      try {
        const context = getAudioContext();
        if (context?.state === 'suspended') void context.resume().catch(() => undefined);
      } catch {
        // No audio here; toasts still work.
      }
    };
    window.addEventListener('pointerdown', unlockAudio, { once: true });
    window.addEventListener('keydown', unlockAudio, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlockAudio);
      window.removeEventListener('keydown', unlockAudio);
    };
  }, []);

  useEffect(() => {
    if (!socket) return;
    const invalidate = (root: readonly string[]) => void queryClient.invalidateQueries({ queryKey: root });

    const onOrderCreated = (order: Order) => {
      applyOrderToCache(queryClient, order);
      invalidate(queryRoots.ingredients);
      if (isOwnNews(order, 1, ownUserId)) return;
      enqueueSnackbar(newOrderMessage(order), { variant: order.source === 'table' ? 'warning' : 'info' });
      playNewOrderChime();
    };
    // A new round is a new kitchen ticket; one from a diner waits for staff to accept it.
    const onRoundAdded = ({ order, roundNo }: { order: Order; roundNo: number }) => {
      applyOrderToCache(queryClient, order);
      invalidate(queryRoots.ingredients);
      if (isOwnNews(order, roundNo, ownUserId)) return;
      enqueueSnackbar(roundAddedMessage(order, roundNo), {
        variant: isPendingRound(order, roundNo) ? 'warning' : 'info',
      });
      playNewOrderChime();
    };
    const onOrderUpdated = (order: Order | OrderStatusUpdate) => {
      if (isWholeOrder(order)) {
        applyOrderToCache(queryClient, order);
      } else {
        invalidate(queryRoots.orders);
        invalidate(queryRoots.tables);
      }
      invalidate(queryRoots.ingredients);
      // Completing an order adds to the figures and to its customer's points; the kitchen's other moves don't.
      if (order.status === 'completed') {
        invalidate(queryRoots.reports);
        invalidate(queryRoots.customers);
      }
    };
    const onTableUpdated = (table: Table) => applyTableToCache(queryClient, table);
    // A table deleted on another device: every list of tables asks again, and it is gone from them.
    const onTableDeleted = () => invalidate(queryRoots.tables);
    // A booking moved along, or a new one: the day's book, the requests waiting and the tables' "reserved 19:00"
    // ask again. A guest's new request online is announced, as a diner's order is: someone must accept it.
    const onReservationUpdated = (reservation: Reservation) => {
      invalidate(queryRoots.reservations);
      if (isNewRequest(reservation)) {
        enqueueSnackbar(newRequestMessage(reservation), { variant: 'warning' });
        playNewOrderChime();
      }
    };
    // A dish selling out or coming back is a stock change too.
    const onMenuUpdated = () => {
      invalidate(queryRoots.menu);
      invalidate(queryRoots.ingredients);
    };
    // Jobs queued or printed, a printer off or back: the printers' list and the kitchen's "not printed" marks (the
    // bridges' list moves on its own clock). A round to three printers sends an event per job and per outcome: at
    // most one refresh per window, the first at once and the burst's last at the window's end.
    const onPrintQueueChanged = coalesce(() => {
      invalidate(printQueueQueryKey);
      invalidate(printersQueryKey);
    }, printRefreshWindowMs);
    // An invoice queued, issued or refused: the order's own screen and the lists of invoices that need a person (the
    // order's lists follow the `order:updated` the server sends with it).
    const onEinvoiceChanged = ({ orderId }: { orderId: string }) => {
      invalidate(orderQueryKey(orderId));
      invalidate(einvoicesQueryRoot);
    };
    const onLowStock = (ingredient: Ingredient) => {
      invalidate(queryRoots.ingredients);
      enqueueSnackbar(lowStockMessage(ingredient), { variant: 'warning' });
    };

    // Events sent while the socket was down are lost to this screen: once it is back, what they would have
    // changed is fetched again rather than assumed (the kitchen board, the tables, the menu, the stock).
    let missedEvents = false;
    const onDisconnect = () => {
      missedEvents = true;
    };
    const onConnect = () => {
      if (!missedEvents) return;
      missedEvents = false;
      const roots = [
        queryRoots.orders,
        queryRoots.tables,
        queryRoots.menu,
        queryRoots.ingredients,
        queryRoots.reservations,
        queryRoots.printers,
        einvoicesQueryRoot,
      ];
      for (const root of roots) invalidate(root);
    };

    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    socket.on('order:created', onOrderCreated);
    socket.on('order:round-added', onRoundAdded);
    socket.on('order:updated', onOrderUpdated);
    socket.on('table:updated', onTableUpdated);
    socket.on('table:deleted', onTableDeleted);
    socket.on('reservation:updated', onReservationUpdated);
    socket.on('menu:updated', onMenuUpdated);
    socket.on('ingredient:low-stock', onLowStock);
    socket.on('print:queue-changed', onPrintQueueChanged);
    socket.on('einvoice:changed', onEinvoiceChanged);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      socket.off('order:created', onOrderCreated);
      socket.off('order:round-added', onRoundAdded);
      socket.off('order:updated', onOrderUpdated);
      socket.off('table:updated', onTableUpdated);
      socket.off('table:deleted', onTableDeleted);
      socket.off('reservation:updated', onReservationUpdated);
      socket.off('menu:updated', onMenuUpdated);
      socket.off('ingredient:low-stock', onLowStock);
      socket.off('print:queue-changed', onPrintQueueChanged);
      socket.off('einvoice:changed', onEinvoiceChanged);
      onPrintQueueChanged.cancel();
    };
  }, [socket, queryClient, enqueueSnackbar, ownUserId]);

  return null;
}
