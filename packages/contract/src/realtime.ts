import { z } from 'zod';

/**
 * The socket.io event map of API.md "Live events". Domain issues add their events here (order:*,
 * table:updated, ingredient:low-stock) together with their payload schemas.
 */
export const staffRoom = 'staff';

export const menuUpdatedSchema = z.object({});

export interface ServerToClientEvents {
  'menu:updated': (payload: z.infer<typeof menuUpdatedSchema>) => void;
}

/** Client → server events; the diner issue adds `track-order`. */
export type ClientToServerEvents = Record<string, never>;

/** What the server keeps on each socket after the handshake. */
export interface SocketData {
  userId: string | null;
}
