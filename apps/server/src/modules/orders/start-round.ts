import type { Order, StartRoundBody } from '@quan/contract/order';
import { stationOfLine } from '@quan/contract/stations';
import { conflict, notFound } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import { checkVersion, findRound, refuseUnlessCooking, recordOrderChange } from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * POST /api/order/{id}/rounds/{roundNo}/start: the kitchen starts cooking a round it has accepted, or one station
 * its own lines of it. Until then (and a short grace time after the round was sent) the floor voids them without
 * a manager; from then a manager approves, and the void may be written as waste. Starting lines started already
 * changes nothing.
 */
export async function startRound(
  deps: OrdersDeps,
  branchId: string,
  target: { orderId: string; roundNo: number },
  body: StartRoundBody,
): Promise<Order> {
  const { orderId, roundNo } = target;
  const stationId = body.stationId ?? null;
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    checkVersion(order, body.expectedVersion);
    const round = await findRound(tx, order, roundNo);
    const stations = await deps.menu.kitchenStations(tx, branchId);
    const station = stationId === null ? null : stations.find((one) => one._id === stationId);
    if (station === undefined) {
      throw notFound('That station does not exist (it may have been deleted)').because('STATION_VANISHED');
    }
    refuseUnlessCooking(order, round);
    const lines = (await repo.listLines(tx, orderId)).filter(
      (line) =>
        line.roundNo === roundNo &&
        line.quantity > line.voidedQuantity &&
        (station === null || stationOfLine(line, stations) === station._id),
    );
    // A round in the kitchen always has something left (one with nothing is cancelled); a station may not.
    if (station && lines.length === 0) {
      throw conflict(`Round ${roundNo} of order ${order.orderNo} has nothing for ${station.name}`).because(
        'ROUND_NOTHING_FOR_STATION',
        { orderNo: order.orderNo, roundNo, station: station.name },
      );
    }
    const waiting = lines.filter((line) => line.startedAt === null).map((line) => line.position);
    if (waiting.length === 0) return loadOrder(tx, branchId, orderId);

    await repo.startLines(tx, orderId, waiting);
    // Other screens holding the order (a waiter's void dialog) learn of the start by its version.
    await repo.updateOrder(tx, orderId, {});
    const updated = await loadOrder(tx, branchId, orderId);
    recordOrderChange(record, order, updated);
    return updated;
  });
}
