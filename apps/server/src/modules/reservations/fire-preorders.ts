import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import type { OrdersService } from '../orders/service';
import type { ReservationActor, ReservationsDeps } from './deps';
import * as repo from './repository';
import { recordChange } from './reservation-view';

/** How many due reservations one tick of the scheduler fires at most; the rest wait for the next tick. */
const FIRE_BATCH = 20;
/** How often each instance looks for pre-orders due at the kitchen. */
export const FIRE_INTERVAL_MS = 30_000;

/** What firing reads before its transaction: the branch's settings and menu (its prices), from memory. */
export type FiringRead = Parameters<OrdersService['placeReservedOrder']>[2];

export const readForFiring = async (deps: ReservationsDeps, branchId: string): Promise<FiringRead> => {
  const [settings, menu] = await Promise.all([deps.settings.get(branchId), deps.menu.orderMenu(branchId)]);
  return { settings, menu };
};

/**
 * Inside the transaction that holds the reservation's row: its pre-order goes to its branch's kitchen as an order
 * at its first table (or a round of the order already there). The caller sets `order_id` in the same
 * transaction, so whoever holds the row next sees it fired.
 */
export async function fire(
  deps: ReservationsDeps,
  tx: Executor,
  record: RecordEvent,
  loaded: repo.LoadedReservation,
  actor: ReservationActor | null,
  read: FiringRead,
): Promise<string> {
  const { reservation, tables, lines } = loaded;
  const gone = lines.find((line) => line.itemId === null);
  if (gone) {
    throw conflict(`${gone.name} is no longer on the menu; change the pre-order first`).because('DISH_NOT_ON_MENU', {
      dish: gone.name,
    });
  }
  const order = await deps.orders.placeReservedOrder(tx, record, read, {
    branchId: reservation.branchId,
    tableId: tables[0]!.id,
    customerDetails: { name: reservation.name, phone: reservation.phone, guests: reservation.partySize },
    customerId: reservation.customerId,
    items: lines.map((line) => ({
      itemId: line.itemId!,
      quantity: line.quantity,
      note: line.note || undefined,
      options: line.options.flatMap((option) => (option.optionId ? [option.optionId] : [])),
    })),
    note: reservation.note,
    actor,
  });
  return order._id;
}

/**
 * One tick of the scheduler: fires the pre-orders whose time has come (`now`) and whose guests have not
 * arrived, in every branch, each in its own transaction with its branch's settings and menu, skipping any reservation another instance or a person holds at
 * that moment (whoever holds it decides). A pre-order that cannot go (a dish sold out, the table taken)
 * is logged and tried again at the next tick, or when the guests arrive. Returns how many fired.
 */
export async function fireDue(deps: ReservationsDeps, now: Date = new Date()): Promise<number> {
  const { db, transact } = deps;
  const due = await repo.findDue(db, now, FIRE_BATCH);
  if (due.length === 0) return 0;
  const reads = new Map<string, Promise<FiringRead>>();
  let fired = 0;
  for (const { id, branchId } of due) {
    try {
      let read = reads.get(branchId);
      if (!read) reads.set(branchId, (read = readForFiring(deps, branchId)));
      const branchRead = await read;
      const done = await transact(async (tx, record) => {
        if (!(await repo.lockIfDue(tx, id, now))) return false;
        const loaded = (await repo.loadReservation(tx, branchId, id))!;
        // The booking's author, in the branch the booking belongs to.
        const author = loaded.createdBy ? { ...loaded.createdBy, branchId } : null;
        const orderId = await fire(deps, tx, record, loaded, author, branchRead);
        await repo.updateReservation(tx, id, { orderId });
        await recordChange(tx, record, branchId, id);
        return true;
      });
      if (done) fired += 1;
    } catch (error) {
      reads.delete(branchId);
      deps.log.warn(
        { err: error, reservationId: id, branchId },
        'a pre-order could not go to the kitchen at its time; trying again at the next tick',
      );
    }
  }
  return fired;
}

/** What the scheduler runs at each tick: the reservations service's `expireRequests` and `fireDue`. */
export interface ReservationsScheduler {
  expireRequests(): Promise<number>;
  fireDue(): Promise<number>;
}

/**
 * Runs the scheduler on this instance every FIRE_INTERVAL_MS (one tick at a time) until the returned stop,
 * which waits for a tick under way: it expires the requests nobody answered, then fires the pre-orders due.
 * Several instances may run it: each reservation fires under its row lock, and expiring twice changes nothing.
 */
export function startFiringDue(service: ReservationsScheduler, log: ReservationsDeps['log']) {
  let running: Promise<void> | null = null;
  const tick = async () => {
    const expired = await service.expireRequests();
    if (expired > 0) log.info({ expired }, 'online booking requests nobody answered have expired');
    const fired = await service.fireDue();
    if (fired > 0) log.info({ fired }, 'pre-orders sent to the kitchen at their time');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => log.warn({ err: error }, 'the reservations scheduler failed; trying at the next tick'))
      .finally(() => {
        running = null;
      });
  }, FIRE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
