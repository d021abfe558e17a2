import { z } from 'zod';
import type { Order } from './order';
import type { Table } from './table';

/** The socket.io event map of API.md "Live events"; later issues add theirs with their payload schemas. */
export const staffRoom = 'staff';

export const menuUpdatedSchema = z.object({});

export interface ServerToClientEvents {
  /** A new order (POS or diner). */
  'order:created': (order: Order) => void;
  /** An order changed: status, payment, note, table. */
  'order:updated': (order: Order) => void;
  'table:updated': (table: Table) => void;
  /** Anything on the menu changed; clients refetch it. */
  'menu:updated': (payload: z.infer<typeof menuUpdatedSchema>) => void;
}

/** Client → server events; the diner issue adds `track-order`. */
export type ClientToServerEvents = Record<string, never>;

/** What the server keeps on each socket after the handshake. */
export interface SocketData {
  userId: string | null;
}
