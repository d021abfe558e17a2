import type { Pagination } from '@quan/contract/common';
import { formatVnd } from '@quan/contract/money';
import { paymentMethods } from '@quan/contract/payments';
import {
  countedTotal,
  MAX_DRAWER_CASH,
  type CashMovementBody,
  type CloseShiftBody,
  type OpenShiftBody,
  type ReopenShiftBody,
  type Shift,
  type ShiftSummary,
  type ZReport,
} from '@quan/contract/shifts';
import { lockForTransaction, type Database, type Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/service';
import type { PrintingService } from '../printing/service';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';

/** Who is acting: the signed-in person, in the branch their session works in. */
export interface ShiftActor {
  id: string;
  name: string;
  branchId: string;
}

/**
 * Closing shifts one at a time across a chain: two drawers closing together would each see the other
 * still open, and both could close while orders are open.
 */
const CLOSE_LOCK_KEY = 7_310_014;

const OPEN_ON_DEVICE = 'shifts_one_open_per_device';

const describeShift = (row: repo.ShiftRow) => `Shift ${row.shiftNo} (${row.deviceName})`;

/** The shift's number and drawer, as a refusal's values: "Shift 12 (Quầy 1)". */
const shiftParams = (row: repo.ShiftRow) => ({ shiftNo: row.shiftNo, drawer: row.deviceName });

const openOnDevice = () => conflict('A shift is already open on this device').because('SHIFT_OPEN_ON_DEVICE');

/** The shift open on the device, named only to its own branch: another branch's shifts are not for it to read. */
function alreadyOpen(branchId: string, row: repo.ShiftRow): AppError {
  if (row.branchId !== branchId) return openOnDevice();
  return conflict(
    `${describeShift(row)} is already open on this device since ${row.openedAt.toISOString()}: close it first`,
  ).because('SHIFT_ALREADY_OPEN', shiftParams(row));
}

/**
 * Where an open order stands, as a field error's sentence (the screens translate it with the validation catalogue
 * and put the order's number, from its path, before it).
 */
const openOrderState: Record<repo.OpenOrder['status'], string> = {
  pending: 'Waiting for staff to accept it',
  in_progress: 'In the kitchen',
  ready: 'Ready to serve',
  served: 'Served, not paid yet',
};

/** The open orders as a sentence: "Orders 1042, 1045 are still open", and one field error per order. */
function openOrdersRefusal(open: repo.OpenOrder[]): AppError {
  const numbers = open.map((order) => order.orderNo).join(', ');
  const subject = open.length === 1 ? `Order ${numbers} is` : `Orders ${numbers} are`;
  return new AppError(
    'CONFLICT',
    `${subject} still open: take their payments or cancel them before closing the last shift`,
    open.map((order) => ({ path: `orders.${order.orderNo}`, message: openOrderState[order.status] })),
  ).because('SHIFT_OPEN_ORDERS', { count: open.length, orderNos: numbers });
}

/** The Z report of a shift as it stands (a closed shift keeps the expected cash frozen when it closed). */
async function zReport(db: Executor, shift: repo.ShiftRow): Promise<ZReport> {
  const [payments, refunds, tips, figures, movements] = await Promise.all([
    repo.paymentsByMethod(db, shift.id),
    repo.refundsByMethod(db, shift.id),
    repo.tipsByStaff(db, shift.id),
    repo.completedOrderFigures(db, shift.branchId, shift.id),
    repo.movementTotals(db, shift.id),
  ]);
  const byMethod = paymentMethods.map((method) => {
    const taken = payments.find((row) => row.method === method);
    const refunded = refunds.find((row) => row.method === method);
    return { method, payments: taken?.payments ?? 0, amount: (taken?.amount ?? 0) - (refunded?.amount ?? 0) };
  });
  const cashTaken = payments.find((row) => row.method === 'cash');
  const cash = {
    openingFloat: shift.openingFloat,
    sales: cashTaken?.amount ?? 0,
    // Apart from the sales: the guests handed it over, so the drawer holds it, but no bill charged it.
    rounding: cashTaken?.rounding ?? 0,
    tips: cashTaken?.tips ?? 0,
    refunds: refunds.find((row) => row.method === 'cash')?.amount ?? 0,
    payIns: movements.payIns,
    payOuts: movements.payOuts,
  };
  const runningExpected =
    cash.openingFloat + cash.sales + cash.rounding + cash.tips - cash.refunds + cash.payIns - cash.payOuts;
  const closed = shift.status === 'closed';
  const expected = closed && shift.expectedCash !== null ? shift.expectedCash : runningExpected;
  const counted = closed ? shift.countedCash : null;
  return {
    byMethod,
    netSales: byMethod.reduce((sum, row) => sum + row.amount, 0),
    refunds: {
      count: refunds.reduce((sum, row) => sum + row.refunds, 0),
      amount: refunds.reduce((sum, row) => sum + row.amount, 0),
    },
    tips: {
      amount: payments.reduce((sum, row) => sum + row.tips, 0),
      byStaff: tips.map((row) => ({
        staff: row.staffId ? { _id: row.staffId, name: row.name ?? '' } : null,
        amount: row.amount,
      })),
    },
    orders: figures.orders,
    guests: figures.guests,
    subtotal: figures.subtotal,
    discounts: figures.discounts,
    serviceCharge: figures.serviceCharge,
    taxes: figures.taxes,
    taxesByRate: figures.taxesByRate,
    voids: figures.voids,
    cash: {
      ...cash,
      expected,
      counted,
      overShort: counted === null ? null : counted - expected,
    },
  };
}

async function toSummary(db: Executor, row: repo.ShiftRow): Promise<ShiftSummary> {
  const [names, report] = await Promise.all([repo.namesOf(db, [row.openedById, row.closedById]), zReport(db, row)]);
  const person = (id: string | null) => (id && names.has(id) ? { _id: id, name: names.get(id)! } : null);
  return {
    _id: row.id,
    shiftNo: row.shiftNo,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    status: row.status,
    openedBy: person(row.openedById),
    openedAt: row.openedAt.toISOString(),
    openingFloat: row.openingFloat,
    closedBy: person(row.closedById),
    closedAt: row.closedAt?.toISOString() ?? null,
    note: row.note,
    reopenCount: row.reopenCount,
    report,
  };
}

async function toShift(db: Executor, row: repo.ShiftRow): Promise<Shift> {
  const [summary, movements] = await Promise.all([toSummary(db, row), repo.movementsOf(db, row.id)]);
  return {
    ...summary,
    noteCounts: row.noteCounts ?? null,
    movements: movements.map(({ movement, byName }) => ({
      _id: movement.id,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      by: movement.byId && byName !== null ? { _id: movement.byId, name: byName } : null,
      at: movement.at.toISOString(),
    })),
  };
}

export function createShiftsService({
  db,
  transact,
  audit,
  settings,
  printing,
}: {
  db: Database;
  transact: Transact;
  audit: AuditService;
  settings: Pick<SettingsService, 'get'>;
  /** The Z report on the branch's printer, queued as the shift closes. */
  printing: Pick<PrintingService, 'queueZReport'>;
}) {
  /** The shift, locked, that is still open; refuses a closed one (nothing is added to a closed shift). */
  async function lockOpenShift(tx: Executor, branchId: string, id: string): Promise<repo.ShiftRow> {
    const shift = await repo.findShift(tx, branchId, id, true);
    if (!shift) throw notFound('Shift not found').because('SHIFT_NOT_FOUND');
    if (shift.status === 'closed') {
      throw conflict(`${describeShift(shift)} is closed: reopen it to change it`).because(
        'SHIFT_CLOSED',
        shiftParams(shift),
      );
    }
    return shift;
  }

  return {
    /** The shift a money movement on this device belongs to (see the repository), inside its transaction. */
    shiftFor: repo.shiftFor,

    /** The shift open on this device in this branch, or null (no device id: none). */
    async current(branchId: string, deviceId: string | null): Promise<Shift | null> {
      if (!deviceId) return null;
      const row = await repo.openShiftOn(db, deviceId);
      // A device carried to another shop keeps its drawer there: this branch sees no shift open on it.
      return row && row.branchId === branchId ? toShift(db, row) : null;
    },

    async get(branchId: string, id: string): Promise<Shift> {
      const row = await repo.findShift(db, branchId, id);
      if (!row) throw notFound('Shift not found').because('SHIFT_NOT_FOUND');
      return toShift(db, row);
    },

    async list(
      branchId: string,
      query: { page: number; limit: number },
    ): Promise<{ shifts: ShiftSummary[]; pagination: Pagination }> {
      const { rows, total } = await repo.pageShifts(db, branchId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return {
        shifts: await Promise.all(rows.map((row) => toSummary(db, row))),
        pagination: {
          currentPage: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          totalItems: total,
          itemsPerPage: query.limit,
        },
      };
    },

    /** Every shift of the branch opened within [from, to), with its report: the accountant's export. */
    async openedWithin(branchId: string, range: { from: Date; to: Date }): Promise<Shift[]> {
      const rows = await repo.shiftsOpenedWithin(db, branchId, range);
      return Promise.all(rows.map((row) => toShift(db, row)));
    },

    async open(actor: ShiftActor, body: OpenShiftBody): Promise<Shift> {
      try {
        return await transact(async (tx) => {
          // One open shift per device, whichever branch it was opened in: a drawer is in one shop at a time.
          const open = await repo.openShiftOn(tx, body.deviceId);
          if (open) throw alreadyOpen(actor.branchId, open);
          const row = await repo.insertShift(tx, {
            id: newId(),
            branchId: actor.branchId,
            deviceId: body.deviceId,
            deviceName: body.deviceName,
            status: 'open',
            openedById: actor.id,
            openingFloat: body.openingFloat,
          });
          return toShift(tx, row);
        });
      } catch (error) {
        // Two taps opening the same drawer at once: the index lets one through, the other hears which.
        if (!isUniqueViolation(error, OPEN_ON_DEVICE)) throw error;
        const open = await repo.openShiftOn(db, body.deviceId);
        throw open ? alreadyOpen(actor.branchId, open) : openOnDevice();
      }
    },

    async addCashMovement(actor: ShiftActor, shiftId: string, body: CashMovementBody): Promise<Shift> {
      return transact(async (tx) => {
        const shift = await lockOpenShift(tx, actor.branchId, shiftId);
        const { expected } = (await zReport(tx, shift)).cash;
        if (body.kind === 'in' && expected + body.amount > MAX_DRAWER_CASH) {
          throw badRequest(`The drawer would hold more than ${formatVnd(MAX_DRAWER_CASH)}`, [
            { path: 'amount', message: `At most ${formatVnd(MAX_DRAWER_CASH - expected)} more fits in the books` },
          ]).because('DRAWER_TOO_FULL', { max: formatVnd(MAX_DRAWER_CASH) });
        }
        if (body.kind === 'out' && body.amount > expected) {
          throw badRequest(`The drawer should hold only ${formatVnd(expected)}; count it before paying out more`, [
            { path: 'amount', message: `At most ${formatVnd(expected)}` },
          ]).because('DRAWER_PAY_OUT_OVER', { expected: formatVnd(expected) });
        }
        await repo.insertMovement(tx, {
          id: newId(),
          shiftId,
          kind: body.kind,
          amount: body.amount,
          reason: body.reason,
          byId: actor.id,
        });
        const what = body.kind === 'in' ? 'Paid in' : 'Paid out';
        await audit.record(tx, {
          kind: 'cash-movement',
          branchId: actor.branchId,
          orderId: null,
          actorId: actor.id,
          approvedById: null,
          summary: `${what} ${formatVnd(body.amount)} (${body.reason}), ${describeShift(shift)}`,
          details: {
            shiftId,
            shiftNo: shift.shiftNo,
            // The drawer as the summary names it, so that the trail can say it in the reader's language.
            deviceName: shift.deviceName,
            kind: body.kind,
            amount: body.amount,
            reason: body.reason,
          },
        });
        return toShift(tx, shift);
      });
    },

    async close(actor: ShiftActor, shiftId: string, body: CloseShiftBody): Promise<Shift> {
      const branchSettings = await settings.get(actor.branchId);
      return transact(async (tx, record) => {
        await lockForTransaction(tx, CLOSE_LOCK_KEY);
        const shift = await repo.findShift(tx, actor.branchId, shiftId, true);
        if (!shift) throw notFound('Shift not found').because('SHIFT_NOT_FOUND');
        if (shift.status === 'closed') {
          throw conflict(`${describeShift(shift)} is already closed`).because(
            'SHIFT_CLOSED_ALREADY',
            shiftParams(shift),
          );
        }
        // The branch's last drawer closes over the branch's orders: another shop's open tables are its own.
        if ((await repo.otherOpenShifts(tx, actor.branchId, shiftId)) === 0) {
          const open = await repo.openOrders(tx, actor.branchId);
          if (open.length > 0) throw openOrdersRefusal(open);
        }
        const report = await zReport(tx, shift);
        const expected = report.cash.expected;
        const counted = body.countedCash ?? countedTotal(body.noteCounts ?? []);
        const closed = await repo.updateShift(tx, shiftId, {
          status: 'closed',
          closedById: actor.id,
          closedAt: new Date(),
          countedCash: counted,
          noteCounts: body.noteCounts ?? null,
          expectedCash: expected,
          note: body.note ?? shift.note,
        });
        const overShort = counted - expected;
        const difference =
          overShort === 0 ? 'even' : overShort > 0 ? `over ${formatVnd(overShort)}` : `short ${formatVnd(-overShort)}`;
        await audit.record(tx, {
          kind: 'shift-close',
          branchId: actor.branchId,
          orderId: null,
          actorId: actor.id,
          approvedById: null,
          summary: `Closed ${describeShift(shift)}: counted ${formatVnd(counted)}, expected ${formatVnd(expected)}, ${difference}`,
          details: { shiftId, shiftNo: shift.shiftNo, deviceName: shift.deviceName, expected, counted, overShort },
        });
        const closedShift = await toShift(tx, closed);
        await printing.queueZReport(tx, record, {
          branchId: actor.branchId,
          shift: closedShift,
          settings: branchSettings,
          userId: actor.id,
        });
        return closedShift;
      });
    },

    async reopen(actor: ShiftActor, shiftId: string, body: ReopenShiftBody): Promise<Shift> {
      try {
        return await transact(async (tx) => {
          const shift = await repo.findShift(tx, actor.branchId, shiftId, true);
          if (!shift) throw notFound('Shift not found').because('SHIFT_NOT_FOUND');
          if (shift.status === 'open') {
            throw conflict(`${describeShift(shift)} is open`).because('SHIFT_NOT_CLOSED', shiftParams(shift));
          }
          const other = await repo.openShiftOn(tx, shift.deviceId, shiftId);
          if (other && other.branchId !== actor.branchId) throw openOnDevice();
          if (other) {
            throw conflict(
              `${describeShift(other)} is open on the same device: close it before reopening shift ${shift.shiftNo}`,
            ).because('SHIFT_OTHER_OPEN_ON_DEVICE', { ...shiftParams(other), reopening: shift.shiftNo });
          }
          const reopened = await repo.updateShift(tx, shiftId, {
            status: 'open',
            closedById: null,
            closedAt: null,
            countedCash: null,
            noteCounts: null,
            expectedCash: null,
            reopenCount: shift.reopenCount + 1,
          });
          await audit.record(tx, {
            kind: 'shift-reopen',
            branchId: actor.branchId,
            orderId: null,
            actorId: actor.id,
            approvedById: null,
            summary: `Reopened ${describeShift(shift)} (${body.reason})`,
            details: {
              shiftId,
              shiftNo: shift.shiftNo,
              deviceName: shift.deviceName,
              reason: body.reason,
              counted: shift.countedCash,
              expected: shift.expectedCash,
            },
          });
          return toShift(tx, reopened);
        });
      } catch (error) {
        if (!isUniqueViolation(error, OPEN_ON_DEVICE)) throw error;
        throw conflict(
          'Another shift was opened on the same device meanwhile: close it before reopening this one',
        ).because('SHIFT_OPENED_MEANWHILE');
      }
    },
  };
}

export type ShiftsService = ReturnType<typeof createShiftsService>;
