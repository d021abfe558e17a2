import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus, type MoveLinesBody, type Order } from '@quan/contract/order';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { lockPair } from './merge-orders';
import { checkVersion, choosePortions, recordOrderChange, refuseOncePaid, settleOrder } from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * POST /api/order/{id}/move-lines: chosen dishes (or some portions of them) go to the open order of
 * another table, as that order's next round(s), one for each round they came from and with its status,
 * so the kitchen's work is not lost; the stock they took goes with them. An order left with nothing
 * closes and frees its table. A table without an open order takes the whole order instead (PUT /api/table).
 */
export async function moveLines(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: MoveLinesBody,
): Promise<Order> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  return deps.transact(async (tx, record) => {
    const table = await deps.tables.findById(tx, branchId, body.toTableId);
    if (!table) {
      throw badRequest('That table does not exist', [{ path: 'toTableId', message: 'Unknown table' }]).because(
        'TABLE_GONE',
      );
    }
    if (!table.currentOrderId) {
      throw conflict(`Table ${table.tableNo} has no open order; move the whole order to it instead`).because(
        'MOVE_TO_TABLE_WITHOUT_ORDER',
        { tableNo: table.tableNo },
      );
    }
    if (table.currentOrderId === orderId) {
      throw badRequest(`These dishes are at table ${table.tableNo} already`, [
        { path: 'toTableId', message: 'Choose another table' },
      ]).because('MOVE_TO_SAME_TABLE', { tableNo: table.tableNo });
    }
    const [source, target] = await lockPair(tx, branchId, [orderId, table.currentOrderId]);
    if (!source) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    // Under the orders' locks, the table must still be that order's: its bill may have been paid meanwhile.
    if ((await deps.tables.findById(tx, branchId, table.id))?.currentOrderId !== target?.id) {
      throw conflict(`Table ${table.tableNo} changed while you were choosing; look at it again`).because(
        'TABLE_CHANGED',
        {
          tableNo: table.tableNo,
        },
      );
    }
    checkVersion(source, body.expectedVersion);
    for (const order of [source, target!]) {
      if (!isOpenOrderStatus(order.status))
        throw conflict(`Order ${order.orderNo} is ${order.status}; dishes cannot move`).because('ORDER_CLOSED', {
          orderNo: order.orderNo,
          status: order.status,
        });
      await refuseOncePaid(tx, order, 'moving dishes');
    }
    const into = target!;
    const lines = await repo.listLines(tx, orderId);
    const rounds = await repo.listRounds(tx, orderId);
    const moving = choosePortions(source, lines, body.lines, 'move');

    // One new round at the other table for each round the dishes come from, keeping its status.
    let { position, roundNo } = await repo.nextNumbers(tx, into.id);
    const roundFor = new Map<number, number>();
    for (const fromRound of [...new Set(moving.map(({ line }) => line.roundNo))].sort((a, b) => a - b)) {
      const round = rounds.find((one) => one.no === fromRound)!;
      await repo.insertRound(
        tx,
        {
          orderId: into.id,
          no: roundNo,
          status: round.status,
          source: round.source,
          sentAt: round.sentAt,
          sentById: round.sentById,
        },
        [],
      );
      roundFor.set(fromRound, roundNo++);
    }
    for (const { line, quantity } of moving) {
      const to = { orderId: into.id, position: position++, roundNo: roundFor.get(line.roundNo)! };
      // Before the line moves: its portion recipe is read where it is now.
      const started = rounds.find((one) => one.no === line.roundNo)?.status !== 'pending';
      if (started) {
        await deps.stock.transferPortions(
          tx,
          branchId,
          { from: { orderId, roundNo: line.roundNo }, to, position: line.position, portions: quantity },
          actor.id,
        );
      }
      const whole = quantity === line.quantity && line.voidedQuantity === 0;
      if (whole) {
        await repo.moveLine(tx, { orderId, position: line.position }, to);
      } else {
        await repo.reduceLineQuantity(tx, { orderId, position: line.position }, quantity);
        await repo.insertLines(tx, [{ ...line, ...to, quantity, voidedQuantity: 0, total: line.price * quantity }]);
      }
    }
    await repo.cancelSpentRounds(tx, orderId);
    await settleOrder(deps, tx, record, { order: source, actorId: actor.id, settings });
    await settleOrder(deps, tx, record, { order: into, actorId: actor.id, settings });

    const amount = moving.reduce((sum, { line, quantity }) => sum + line.price * quantity, 0);
    await deps.audit.record(tx, {
      kind: 'move',
      branchId,
      orderId,
      actorId: actor.id,
      approvedById: null,
      summary:
        `Moved ${moving.map(({ line, quantity }) => `${quantity} × ${line.name}`).join(', ')} (${formatVnd(amount)}) ` +
        `from order ${source.orderNo} to table ${table.tableNo}'s order ${into.orderNo}`,
      details: {
        toOrderId: into.id,
        toOrderNo: into.orderNo,
        toTableNo: table.tableNo,
        amount,
        lines: moving.map(({ line, quantity }) => ({ position: line.position, name: line.name, quantity })),
      },
    });
    const moved = await loadOrder(tx, branchId, orderId);
    const joined = await loadOrder(tx, branchId, into.id);
    recordOrderChange(record, source, moved);
    recordOrderChange(record, into, joined);
    return moved;
  });
}
