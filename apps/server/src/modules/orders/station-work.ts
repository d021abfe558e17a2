import type { Order, PrintTicketResult, UpdateStationWorkBody } from '@quan/contract/order';
import { stationOfLine } from '@quan/contract/stations';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import {
  checkVersion,
  findRound,
  refuseUnlessCooking,
  moveRounds,
  recordOrderChange,
  settleOrder,
} from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

const stillToMake = (line: repo.OrderLineRow) => line.quantity > line.voidedQuantity;

/**
 * PATCH /api/order/{id}/rounds/{roundNo}/stations/{stationId}: one station is done with its lines of a
 * started round (or takes that back while the round is not ready). When the last station is done, the round
 * is ready and the order follows, as when the whole round is bumped at once.
 */
export async function updateStationWork(
  deps: OrdersDeps,
  actor: AuthUser,
  target: { orderId: string; roundNo: number; stationId: string },
  body: UpdateStationWorkBody,
): Promise<Order> {
  const { orderId, roundNo, stationId } = target;
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    checkVersion(order, body.expectedVersion);
    const round = await findRound(tx, order, roundNo);
    const stations = await deps.menu.kitchenStations(tx, branchId);
    const station = stations.find((one) => one._id === stationId);
    if (!station) {
      throw notFound('That station does not exist (it may have been deleted)').because('STATION_VANISHED');
    }
    const lines = (await repo.listLines(tx, orderId)).filter(
      (line) => line.roundNo === roundNo && stillToMake(line) && stationOfLine(line, stations) === stationId,
    );
    if (lines.length === 0) {
      throw conflict(`Round ${roundNo} of order ${order.orderNo} has nothing for ${station.name}`).because(
        'ROUND_NOTHING_FOR_STATION',
        { orderNo: order.orderNo, roundNo, station: station.name },
      );
    }

    const done = lines.every((line) => line.readyAt);
    if (done === body.ready) return loadOrder(tx, branchId, orderId);
    refuseUnlessCooking(order, round);

    await repo.setLinesReady(
      tx,
      orderId,
      lines.map((line) => line.position),
      body.ready,
    );
    const roundDone = (await repo.listLines(tx, orderId))
      .filter((line) => line.roundNo === roundNo && stillToMake(line))
      .every((line) => line.readyAt);
    const change = { order, actorId: actor.id, settings };
    if (roundDone) {
      await moveRounds(deps, tx, record, change, [{ no: roundNo, from: round.status }], 'ready');
      await settleOrder(deps, tx, record, change);
    } else {
      // Other screens holding the order learn of the change by its version.
      await repo.updateOrder(tx, orderId, {});
    }
    const updated = await loadOrder(tx, branchId, orderId);
    recordOrderChange(record, order, updated);
    return updated;
  });
}

/**
 * POST /api/order/{id}/rounds/{roundNo}/tickets: counts a print of a station's ticket of a round (or the whole
 * round's, without a station) and answers which copy it is, so every copy after the first says REPRINT. A
 * station with a printer in the branch gets it there ("IN LẠI"), and the answer names that printer; otherwise
 * the browser prints it.
 */
export async function printTicket(
  deps: OrdersDeps,
  actor: AuthUser,
  target: { orderId: string; roundNo: number; stationId: string | null },
): Promise<PrintTicketResult> {
  const { orderId, roundNo, stationId } = target;
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  // Nothing the screens follow changes, so no order event and no order version: a count, and maybe a print job.
  return deps.transact(async (tx, record) => {
    if (!(await repo.orderExists(tx, branchId, orderId)))
      throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (!(await repo.listRounds(tx, orderId)).some((one) => one.no === roundNo)) {
      throw notFound(`That order has no round ${roundNo}`).because('TICKET_ROUND_NOT_FOUND', { roundNo });
    }
    if (stationId && !(await deps.menu.kitchenStations(tx, branchId)).some((one) => one._id === stationId)) {
      throw notFound('That station does not exist (it may have been deleted)').because('STATION_VANISHED');
    }
    const copiesAsked = await repo.countTicketPrint(tx, { orderId, roundNo, stationKey: stationId ?? '' });
    if (!stationId) return { copy: copiesAsked, sentTo: null };
    return deps.printing.queueKitchenReprint(tx, record, {
      branchId,
      order: () => loadOrder(tx, branchId, orderId),
      roundNo,
      stationId,
      copiesAsked,
      askedBy: actor.id,
      settings,
    });
  });
}
