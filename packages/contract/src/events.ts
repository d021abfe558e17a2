import type { Ingredient } from './ingredient';
import type { Order, OrderStatus } from './order';
import type { Reservation } from './reservations';
import type { Table } from './table';

/**
 * What the server's modules record inside a transaction and deliver once it has committed (never for one
 * that rolled back): to the live sockets, the server's in-memory caches and any later listener, on every
 * instance of a chain. docs/architecture.md describes the path. An event of one place carries its
 * `branchId`: the sockets of that branch's staff hear it, and nobody else's.
 */
export interface DomainEvents {
  /** A new order, from the POS or a diner's phone. */
  'order.placed': { branchId: string; order: Order };
  /** More dishes joined an open order (from the POS, or a diner's round waiting to be accepted). */
  'order.round-added': { branchId: string; order: Order; roundNo: number };
  /** An order moved along its status machine. */
  'order.status-changed': { branchId: string; order: Order; from: OrderStatus };
  /** Anything else of an open order changed: its note, customer, payment method or table. */
  'order.updated': { branchId: string; order: Order };
  /** A reservation was booked, changed, or moved along (arrived, cancelled, no-show, done). */
  'reservation.changed': { branchId: string; reservation: Reservation };
  /** A table was added, edited, seated or freed. */
  'table.changed': { branchId: string; table: Table };
  /** A table was deleted: the screens that list it drop it. */
  'table.deleted': { branchId: string; tableId: string; tableNo: number };
  /** Something the chain's menu shows changed: a dish, a category, a branch's price, a dish sold out or back. */
  'menu.changed': Record<never, never>;
  /** The chain's or a branch's settings changed (the name is on the public menu); branches too. */
  'settings.changed': Record<never, never>;
  /** An ingredient fell to its low-stock threshold (once per crossing). */
  'stock.low': { branchId: string; ingredient: Ingredient };
  /** Sessions ended (sign-out, a suspended or deleted account): their live connections close. */
  'sessions.ended': { userId: string } | { sessionId: string };
  /**
   * An account changed (its role, status, name, password or branches, or a session's current branch): the sessions each instance holds in memory
   * for it are looked up again on their next request.
   */
  'account.changed': { userId: string };
  /** A branch's printers were added, changed or removed. */
  'printers.changed': { branchId: string };
  /**
   * A branch's print queue changed: jobs were queued (a printing instance sends them) or printed, or a printer
   * went off or came back (the kitchen screen shows which tickets have not printed).
   */
  'print.queue-changed': { branchId: string };
  /**
   * An order's e-invoice was queued or changed state (issued, failed, waiting again): the instances' e-invoice
   * workers look for due invoices, and the branch's screens show the order's invoice anew.
   */
  'einvoice.changed': { branchId: string; orderId: string };
  /** A session now works in another branch: its live connections leave the old branch's room for the new one. */
  'session.branch-switched': { sessionId: string; from: string; to: string };
}

export type DomainEventType = keyof DomainEvents;
export type DomainEventOf<T extends DomainEventType> = { type: T } & DomainEvents[T];
export type DomainEvent = { [T in DomainEventType]: DomainEventOf<T> }[DomainEventType];
