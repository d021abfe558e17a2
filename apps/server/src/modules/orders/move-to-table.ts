import { isOpenOrderStatus } from '@quan/contract/order';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { loadOrder } from './order-view';
import * as repo from './repository';

/** PUT /api/table {orderId}: seats an open order of the branch at another of its tables, freeing the one it had. */
export async function moveToTable(deps: OrdersDeps, actor: AuthUser, orderId: string, tableId: string): Promise<void> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  await deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (!isOpenOrderStatus(order.status)) {
      throw conflict(`Order ${order.orderNo} is ${order.status}; only an open order can move to a table`).because(
        'ORDER_CLOSED',
        { orderNo: order.orderNo, status: order.status },
      );
    }
    if (order.tableId === tableId) return;
    const freed = order.tableId && (await deps.tables.releaseOrder(tx, order.tableId, order.id));
    await deps.tables.seatOrder(tx, branchId, tableId, order.id);
    await repo.updateOrder(tx, orderId, { tableId });
    const moved = await loadOrder(tx, branchId, orderId);
    record({ type: 'order.updated', branchId, order: moved });
    const from = order.tableId ? (await deps.tables.findById(tx, branchId, order.tableId))?.tableNo : undefined;
    await deps.audit.record(tx, {
      kind: 'move',
      branchId,
      orderId,
      actorId: actor.id,
      approvedById: null,
      summary: `Moved order ${order.orderNo} ${from ? `from table ${from} ` : ''}to table ${moved.table?.tableNo}`,
      details: {
        fromTableId: order.tableId,
        toTableId: tableId,
        wholeOrder: true,
        // The tables' numbers as they were, so that the trail can say the move in the reader's language.
        fromTableNo: from ?? null,
        toTableNo: moved.table?.tableNo ?? null,
      },
    });
    await deps.printing.queueTableNotice(tx, record, {
      branchId,
      order: moved,
      fromTableNo: from ?? null,
      movedBy: { id: actor.id, name: actor.name },
      settings,
    });
    await deps.tables.recordChange(tx, record, branchId, tableId);
    if (freed && order.tableId) await deps.tables.recordChange(tx, record, branchId, order.tableId);
  });
}
