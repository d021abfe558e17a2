import type { Ingredient } from './ingredient';
import type { Order, OrderStatus } from './order';
import type { Reservation } from './reservations';
import type { Table } from './table';

/**
 * What the server's modules record inside a transaction and deliver once it has committed (never for one
 * that rolled back): to the live sockets, the server's in-memory caches and any later listener, on every
 * instance of a chain. docs/architecture.md describes the path.
 */
export interface DomainEvents {
  /** A new order, from the POS or a diner's phone. */
  'order.placed': { order: Order };
  /** More dishes joined an open order (from the POS, or a diner's round waiting to be accepted). */
  'order.round-added': { order: Order; roundNo: number };
  /** An order moved along its status machine. */
  'order.status-changed': { order: Order; from: OrderStatus };
  /** Anything else of an open order changed: its note, customer, payment method or table. */
  'order.updated': { order: Order };
  /** A reservation was booked, changed, or moved along (arrived, cancelled, no-show, done). */
  'reservation.changed': { reservation: Reservation };
  /** A table was added, edited, seated or freed. */
  'table.changed': { table: Table };
  /** A table was deleted: the screens that list it drop it. */
  'table.deleted': { tableId: string; tableNo: number };
  /** Something the menu shows changed: a dish, a category, or a dish sold out or came back. */
  'menu.changed': Record<never, never>;
  /** The restaurant's settings changed (its name is on the public menu). */
  'settings.changed': Record<never, never>;
  /** An ingredient fell to its low-stock threshold (once per crossing). */
  'stock.low': { ingredient: Ingredient };
  /** Sessions ended (sign-out, a suspended or deleted account): their live connections close. */
  'sessions.ended': { userId: string } | { sessionId: string };
  /**
   * An account changed (its role, status, name or password): the sessions each instance holds in memory
   * for it are looked up again on their next request.
   */
  'account.changed': { userId: string };
}

export type DomainEventType = keyof DomainEvents;
export type DomainEventOf<T extends DomainEventType> = { type: T } & DomainEvents[T];
export type DomainEvent = { [T in DomainEventType]: DomainEventOf<T> }[DomainEventType];
