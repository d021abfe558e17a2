import { normalisePhone } from '@quan/contract/customer';
import type { OrderLineInput } from '@quan/contract/order';
import type { CreateReservationBody, Reservation, UpdateReservationBody } from '@quan/contract/reservations';
import { AppError, conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { OrdersService } from '../orders/service';
import { checkFireAt, checkStartsAt, checkVersion, guestCustomer, holdTables } from './booking-rules';
import type { ReservationActor, ReservationsDeps } from './deps';
import * as repo from './repository';
import { missingReservation, recordChange, statusWords } from './reservation-view';

type PricedLine = Omit<repo.ReservationLineRow, 'reservationId' | 'position'>;

const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The pre-order priced from the menu as an order of the branch would price it now (its own prices), and
 * checked against the branch's stock (nothing is taken until it fires). Runs before the transaction: the
 * menu is read from memory.
 */
async function pricePreorder(deps: ReservationsDeps, branchId: string, items: OrderLineInput[]): Promise<PricedLine[]> {
  if (items.length === 0) return [];
  let priced: Awaited<ReturnType<OrdersService['quoteLines']>>;
  try {
    priced = await deps.orders.quoteLines(branchId, items);
  } catch (error) {
    // The order path names its fields `items.N`; here they are `preorder.N`.
    if (error instanceof AppError && error.errors) {
      const renamed = new AppError(
        error.code,
        error.message,
        error.errors.map((e) => ({ ...e, path: e.path.replace(/^items\./, 'preorder.') })),
      );
      if (error.reason) renamed.because(error.reason.code, error.reason.params);
      throw renamed;
    }
    throw error;
  }
  if (priced.usesStock) {
    await deps.stock.checkForLines(
      branchId,
      priced.lines.map((line) => ({ itemId: line.itemId!, quantity: line.quantity, options: line.options })),
    );
  }
  return priced.lines.map((line) => ({
    itemId: line.itemId,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    note: line.note,
    options: line.options,
  }));
}

/**
 * The staff book a table of their branch: booked at once, its tables held, its pre-order priced, the guest's
 * customer found.
 */
export async function createReservation(
  deps: ReservationsDeps,
  actor: ReservationActor,
  body: CreateReservationBody,
): Promise<Reservation> {
  const now = new Date();
  const startsAt = new Date(body.startsAt);
  checkStartsAt(startsAt, now);
  const fireAt = body.fireAt ? new Date(body.fireAt) : null;
  checkFireAt(fireAt, startsAt, now, true);
  const { branchId } = actor;
  const tableIds = uniqueIds(body.tableIds ?? []);
  const lines = await pricePreorder(deps, branchId, body.preorder ?? []);
  const { timezone, reservations: booking } = await deps.settings.get(branchId);
  const durationMinutes = body.durationMinutes ?? booking.defaultMinutes;
  const id = newId();
  return deps.transact(async (tx, record) => {
    await holdTables(tx, branchId, { tableIds, startsAt, durationMinutes, partySize: body.partySize }, timezone);
    const phone = body.phone ?? '';
    const customerId = await guestCustomer(deps, tx, { name: body.name, phone });
    await repo.insertReservation(tx, {
      id,
      branchId,
      status: 'booked',
      source: body.source ?? 'phone',
      name: body.name,
      phone: phone ? normalisePhone(phone) : '',
      customerId,
      partySize: body.partySize,
      startsAt,
      durationMinutes,
      note: body.note ?? '',
      fireAt,
      createdById: actor.id,
    });
    await repo.setTables(tx, id, tableIds);
    await repo.setLines(tx, id, lines);
    return recordChange(tx, record, branchId, id);
  });
}

/**
 * A reservation waiting or booked changed; its tables are checked again when they, the time or the party
 * change.
 */
export async function updateReservation(
  deps: ReservationsDeps,
  branchId: string,
  id: string,
  body: UpdateReservationBody,
): Promise<Reservation> {
  const now = new Date();
  const lines = body.preorder ? await pricePreorder(deps, branchId, body.preorder) : undefined;
  const { timezone } = await deps.settings.get(branchId);
  return deps.transact(async (tx, record) => {
    const current = await repo.lockReservation(tx, branchId, id);
    if (!current) throw missingReservation();
    checkVersion(current, body.expectedVersion);
    if (current.status !== 'booked' && current.status !== 'requested') {
      throw conflict(
        `Only a booked reservation can be changed; the one for ${current.name} is ${statusWords[current.status]}`,
      ).because('RESERVATION_NOT_BOOKED', { status: current.status });
    }
    const before = (await repo.loadReservation(tx, branchId, id))!;
    const tableIds = body.tableIds ? uniqueIds(body.tableIds) : before.tables.map((table) => table.id);
    const tablesChanged = tableIds.join() !== before.tables.map((table) => table.id).join();
    if (current.orderId && (lines !== undefined || body.fireAt !== undefined || tablesChanged)) {
      throw conflict(
        'The pre-order already went to the kitchen; change its order instead (dishes, table) on the POS',
      ).because('PREORDER_FIRED', { orderNo: before.order?.orderNo ?? 0 });
    }

    // A form sends every field back: only a time that changed must be in the future.
    const startsAt = body.startsAt ? new Date(body.startsAt) : current.startsAt;
    const startsMoved = startsAt.getTime() !== current.startsAt.getTime();
    if (startsMoved) checkStartsAt(startsAt, now);
    const fireAt = body.fireAt !== undefined ? (body.fireAt ? new Date(body.fireAt) : null) : current.fireAt;
    const fireMoved = (fireAt?.getTime() ?? null) !== (current.fireAt?.getTime() ?? null);
    checkFireAt(fireAt, startsAt, now, fireMoved);

    const durationMinutes = body.durationMinutes ?? current.durationMinutes;
    const partySize = body.partySize ?? current.partySize;
    if (
      tablesChanged ||
      startsMoved ||
      durationMinutes !== current.durationMinutes ||
      partySize !== current.partySize
    ) {
      await holdTables(tx, branchId, { tableIds, startsAt, durationMinutes, partySize }, timezone, id);
    }
    const name = body.name ?? current.name;
    const phone = body.phone !== undefined ? (body.phone ? normalisePhone(body.phone) : '') : current.phone;
    const customerId = phone === current.phone ? current.customerId : await guestCustomer(deps, tx, { name, phone });
    await repo.updateReservation(tx, id, {
      name,
      phone,
      customerId,
      partySize,
      startsAt,
      durationMinutes,
      note: body.note ?? current.note,
      fireAt,
    });
    if (tablesChanged) await repo.setTables(tx, id, tableIds);
    if (lines) await repo.setLines(tx, id, lines);
    return recordChange(tx, record, branchId, id);
  });
}
