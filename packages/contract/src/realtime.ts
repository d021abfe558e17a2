import { z } from 'zod';
import type { Ingredient } from './ingredient';
import type { Order } from './order';
import type { Reservation } from './reservations';
import type { OrderStatusUpdate, TrackOrder } from './public';
import type { Table } from './table';

/** The socket.io event map (see docs/architecture.md for how events reach it); new events add theirs with their payload schemas. */
/** The room of one branch's signed-in staff: the events of that branch reach them, and only them. */
export const staffRoom = (branchId: string) => `staff:${branchId}`;

export const menuUpdatedSchema = z.object({});

export interface ServerToClientEvents {
  /** A new order (POS or diner). */
  'order:created': (order: Order) => void;
  /** More dishes joined an open order: a new kitchen ticket (a diner's round waits to be accepted). */
  'order:round-added': (payload: { order: Order; roundNo: number }) => void;
  /** An order changed: the whole order to staff, its status to the diners following it. */
  'order:updated': (order: Order | OrderStatusUpdate) => void;
  'table:updated': (table: Table) => void;
  /** A table was deleted; every screen's list of tables drops it. */
  'table:deleted': (payload: { _id: string; tableNo: number }) => void;
  /** A reservation was booked, changed or moved along; the day's book and the tables screen update. */
  'reservation:updated': (reservation: Reservation) => void;
  /** Anything on the menu changed; clients refetch it. */
  'menu:updated': (payload: z.infer<typeof menuUpdatedSchema>) => void;
  /** An ingredient's stock fell to its low-stock threshold (once per crossing). */
  'ingredient:low-stock': (ingredient: Ingredient) => void;
  /** The branch's print queue changed (jobs queued or printed, a printer off or back): refetch it. */
  'print:queue-changed': (payload: Record<string, never>) => void;
  /** An order's e-invoice changed state (queued, issued, refused, cancelled): its order and the lists of invoices refetch. */
  'einvoice:changed': (payload: { orderId: string }) => void;
}

export interface ClientToServerEvents {
  /** A diner's phone follows one order with the tracking token it got when ordering. */
  'track-order': (payload: TrackOrder, ack?: (result: { ok: boolean; message?: string }) => void) => void;
}

/** The room of the diners following one order. */
export const orderRoom = (orderId: string) => `order:${orderId}`;

/** What the server keeps on each socket after the handshake. */
export interface SocketData {
  userId: string | null;
}
