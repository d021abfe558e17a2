import { randomBytes } from 'node:crypto';
import { can } from '@quan/contract/permissions';
import type { CreateTableBody, Table, UpdateTableBody } from '@quan/contract/table';
import type { Database, Executor } from '../../db/client';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { sameSecret } from '../../lib/same-secret';
import type { RecordEvent, Transact } from '../../events/transact';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

/** 128 random bits, URL-safe: what a table's QR code carries. */
const newQrKey = () => randomBytes(16).toString('base64url');

function toTable({ table, currentOrder }: repo.TableWithOrder): Table {
  return {
    _id: table.id,
    tableNo: table.tableNo,
    seats: table.seats,
    status: table.status,
    currentOrder: currentOrder
      ? {
          _id: currentOrder.id,
          orderNo: currentOrder.orderNo,
          customerName: currentOrder.customerName,
          status: currentOrder.status,
        }
      : null,
    qrKey: table.qrKey,
    createdAt: table.createdAt.toISOString(),
    updatedAt: table.updatedAt.toISOString(),
  };
}

const missingTable = () => notFound('That table does not exist (it may have been deleted)').because('TABLE_GONE');
const tableTaken = (tableNo: number) => conflict(`Table ${tableNo} already exists`).because('TABLE_TAKEN', { tableNo });

export function createTablesService(db: Database, transact: Transact) {
  async function load(executor: Executor, branchId: string, id: string): Promise<Table> {
    const row = await repo.findTable(executor, branchId, id);
    if (!row) throw missingTable();
    return toTable(row);
  }

  return {
    async list(branchId: string): Promise<Table[]> {
      return (await repo.listTables(db, branchId)).map(toTable);
    },

    get: (branchId: string, id: string) => load(db, branchId, id),

    /** Inside a transaction that changed this table of the branch: records it as it now stands, for the screens. */
    async recordChange(tx: Executor, record: RecordEvent, branchId: string, id: string): Promise<Table> {
      const table = await load(tx, branchId, id);
      record({ type: 'table.changed', branchId, table });
      return table;
    },

    async create(branchId: string, body: CreateTableBody): Promise<Table> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          await repo.insertTable(tx, { id, branchId, ...body, qrKey: newQrKey() });
          const table = await load(tx, branchId, id);
          record({ type: 'table.changed', branchId, table });
          return table;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw tableTaken(body.tableNo);
        throw error;
      }
    },

    /** Everything of PUT /api/table/{id} but `orderId`, which the orders service handles. */
    async update(actor: AuthUser, id: string, body: Omit<UpdateTableBody, 'orderId'>): Promise<Table> {
      const { tableNo, seats, status, rotateQrKey } = body;
      if (!can(actor.role, 'tables:manage') && (tableNo !== undefined || seats !== undefined || rotateQrKey)) {
        throw forbidden("Only a manager can change a table's number, seats or QR key").because('TABLE_MANAGER_ONLY');
      }
      try {
        return await transact(async (tx, record) => {
          const current = await repo.findTable(tx, actor.branchId, id);
          if (!current) throw missingTable();
          if (status === 'available' && current.currentOrder) {
            throw conflict(
              `Table ${current.table.tableNo} has open order ${current.currentOrder.orderNo}; complete or cancel it first`,
            ).because('TABLE_HAS_ORDER', { tableNo: current.table.tableNo, orderNo: current.currentOrder.orderNo });
          }
          await repo.updateTable(tx, actor.branchId, id, {
            tableNo,
            seats,
            status,
            ...(rotateQrKey ? { qrKey: newQrKey() } : {}),
          });
          const table = await load(tx, actor.branchId, id);
          record({ type: 'table.changed', branchId: actor.branchId, table });
          return table;
        });
      } catch (error) {
        if (tableNo !== undefined && isUniqueViolation(error)) throw tableTaken(tableNo);
        throw error;
      }
    },

    async remove(branchId: string, id: string): Promise<void> {
      // Recorded in the deleting transaction, so other screens drop the table only once it is really gone.
      await transact(async (tx, record) => {
        const current = await repo.findTable(tx, branchId, id);
        if (!current) throw missingTable();
        if (current.table.status === 'booked') {
          throw conflict(`Table ${current.table.tableNo} is booked; free it before deleting it`).because(
            'TABLE_BOOKED',
            { tableNo: current.table.tableNo },
          );
        }
        await repo.deleteTable(tx, branchId, id);
        record({ type: 'table.deleted', branchId, tableId: id, tableNo: current.table.tableNo });
      });
    },

    /** Inside an order's transaction: seats the order at a table of its branch, or says which order holds it. */
    async seatOrder(tx: Executor, branchId: string, tableId: string, orderId: string): Promise<void> {
      if (await repo.seatOrder(tx, branchId, tableId, orderId)) return;
      const table = await repo.findTable(tx, branchId, tableId);
      if (!table) throw notFound('That table does not exist (it may have been deleted)').because('TABLE_GONE');
      throw conflict(
        `Table ${table.table.tableNo} already has an open order${table.currentOrder ? ` (${table.currentOrder.orderNo})` : ''}`,
      ).because('TABLE_OCCUPIED', { tableNo: table.table.tableNo, orderNo: table.currentOrder?.orderNo ?? 0 });
    },

    /** What a diner's phone may know of a table; with a key, the key must be this table's. */
    async publicTable(branchId: string, tableNo: number, key?: string): Promise<{ tableNo: number; seats: number }> {
      const table = await repo.findTableByNumber(db, branchId, tableNo);
      if (!table) throw notFound(`There is no table ${tableNo}`).because('TABLE_NOT_FOUND', { tableNo });
      if (key !== undefined && !sameSecret(table.qrKey, key)) {
        throw forbidden('Scan the QR code on your table to order').because('TABLE_KEY_INVALID');
      }
      return { tableNo: table.tableNo, seats: table.seats };
    },

    /**
     * Inside an order's transaction: a table as it stands (its QR key, its open order), unlocked. Every new
     * order locks its branch at its insert, then seats its table; two phones at a free table start one order.
     */
    findByNumber: (tx: Executor, branchId: string, tableNo: number) => repo.findTableByNumber(tx, branchId, tableNo),

    /** Inside an order's transaction: a table of the branch as it stands, unlocked (see findByNumber). */
    findById: (tx: Executor, branchId: string, id: string) => repo.findTableRow(tx, branchId, id),

    /** Seats a diner's order when the table is free; a table already eating keeps its order. */
    seatIfFree: (tx: Executor, branchId: string, tableId: string, orderId: string) =>
      repo.seatOrder(tx, branchId, tableId, orderId),

    /** Inside an order's transaction: frees the table if it still holds that order. */
    releaseOrder: (tx: Executor, tableId: string, orderId: string) => repo.releaseOrder(tx, tableId, orderId),
  };
}

export type TablesService = ReturnType<typeof createTablesService>;
