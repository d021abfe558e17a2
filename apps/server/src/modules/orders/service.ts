import type {
  AddRoundBody,
  BillPrintKind,
  CreateOrderBody,
  ListOrdersFilter,
  UpdateOrderBody,
  UpdateRoundBody,
  UpdateStationWorkBody,
  StartRoundBody,
  VoidLinesBody,
  MoveLinesBody,
  OrderLineInput,
  PaymentMethod,
  SplitBillBody,
} from '@quan/contract/order';
import type {
  ApplyBankTransferBody,
  BankNotificationBody,
  RefundPaymentBody,
  TakePaymentBody,
} from '@quan/contract/payments';
import type { DinerOrderBody } from '@quan/contract/public';
import type { Settings } from '@quan/contract/settings';
import type { AuthUser } from '../../plugins/auth';
import type { Approve } from '../users/approvals';
import { addStaffRound } from './add-round';
import type { OrdersDeps } from './deps';
import { moveToTable } from './move-to-table';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { OrderMenu } from '../menu/service';
import { placeDinerOrder, placeReservedOrder, placeStaffOrder, type ReservedOrder } from './place-order';
import { priceLines, roundUsesStock } from './price-lines';
import { getOrder, getOrderForDiner, listOrders, mayFollowOrder } from './read-orders';
import { updateOrder } from './update-order';
import { updateRound } from './update-round';
import { printTicket, updateStationWork } from './station-work';
import { startRound } from './start-round';
import { printBill } from './print-bill';
import { mergeOrders } from './merge-orders';
import { moveLines } from './move-lines';
import { applyBankTransfer, listRefusedTransfers } from './match-bank-transfer';
import { refundPayment, takePayment } from './payments';
import { recordBankTransfer } from './record-bank-transfer';
import { payBillPart, splitBill } from './split-bill';
import { voidLines } from './void-lines';

/**
 * The orders module's use cases, one file each, bound to their dependencies (wired in app.ts). Staff calls
 * work in the actor's branch (`actor.branchId`), the others in the branch they are given: an order of
 * another branch is the same 404 as a missing one.
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    placeStaffOrder: (actor: AuthUser, body: CreateOrderBody, idempotencyKey?: string) =>
      placeStaffOrder(deps, actor, body, idempotencyKey),
    /** A diner's order at a table of `branchId` (the branch the diner's link names). */
    placeDinerOrder: (branchId: string, body: DinerOrderBody, idempotencyKey?: string) =>
      placeDinerOrder(deps, branchId, body, idempotencyKey),
    /** The branch of the links printed before there were branches (`/table/3`, POST /api/order without a branch). */
    firstBranchId: async () => (await deps.branches.first()).id,
    /** Inside a reservation's transaction: its pre-order goes to the kitchen as an order (or a round). */
    placeReservedOrder: (
      tx: Executor,
      record: RecordEvent,
      read: { settings: Settings; menu: OrderMenu },
      reserved: ReservedOrder,
    ) => placeReservedOrder(deps, tx, record, read, reserved),
    /**
     * Lines priced from the menu as an order would price them now (refusing unknown and unavailable
     * dishes and bad option choices), without writing anything: a reservation's pre-order when it is booked.
     */
    async quoteLines(branchId: string, items: OrderLineInput[]) {
      const [menu, settings] = await Promise.all([deps.menu.orderMenu(branchId), deps.settings.get(branchId)]);
      const first = { position: 0, roundNo: 1 };
      const lines = await priceLines(deps, deps.db, menu, 'quote', items, first, settings.taxRate);
      return { lines, usesStock: roundUsesStock(menu, lines) };
    },
    addRound: (actor: AuthUser, id: string, body: AddRoundBody, idempotencyKey?: string) =>
      addStaffRound(deps, actor, id, body, idempotencyKey),
    update: (actor: AuthUser, deviceId: string | null, id: string, body: UpdateOrderBody, idempotencyKey?: string) =>
      updateOrder(deps, actor, deviceId, id, body, idempotencyKey),
    updateRound: (actor: AuthUser, id: string, roundNo: number, body: UpdateRoundBody, idempotencyKey?: string) =>
      updateRound(deps, actor, id, roundNo, body, idempotencyKey),
    updateStationWork: (
      actor: AuthUser,
      target: { orderId: string; roundNo: number; stationId: string },
      body: UpdateStationWorkBody,
    ) => updateStationWork(deps, actor, target, body),
    startRound: (actor: AuthUser, target: { orderId: string; roundNo: number }, body: StartRoundBody) =>
      startRound(deps, actor.branchId, target, body),
    printTicket: (actor: AuthUser, target: { orderId: string; roundNo: number; stationId: string | null }) =>
      printTicket(deps, actor, target),
    printBill: (actor: AuthUser, target: { orderId: string; kind: BillPrintKind }) => printBill(deps, actor, target),
    voidLines: (actor: AuthUser, id: string, body: VoidLinesBody, approve: Approve) =>
      voidLines(deps, actor, id, body, approve),
    merge: (actor: AuthUser, id: string, body: { fromOrderId: string; expectedVersion?: number }) =>
      mergeOrders(deps, actor, id, body),
    moveLines: (actor: AuthUser, id: string, body: MoveLinesBody) => moveLines(deps, actor, id, body),
    split: (actor: AuthUser, id: string, body: SplitBillBody) => splitBill(deps, actor, id, body),
    payBillPart: (
      actor: AuthUser,
      deviceId: string | null,
      target: { orderId: string; partNo: number },
      body: { paymentMethod: PaymentMethod; expectedVersion?: number },
      idempotencyKey?: string,
    ) => payBillPart(deps, actor, deviceId, target, body, idempotencyKey),
    takePayment: (
      actor: AuthUser,
      deviceId: string | null,
      id: string,
      body: TakePaymentBody,
      idempotencyKey?: string,
    ) => takePayment(deps, actor, deviceId, id, body, idempotencyKey),
    refundPayment: (
      actor: AuthUser,
      deviceId: string | null,
      target: { orderId: string; paymentId: string },
      body: RefundPaymentBody,
    ) => refundPayment(deps, actor, deviceId, target, body),
    recordBankTransfer: (notification: BankNotificationBody) => recordBankTransfer(deps, notification),
    listRefusedTransfers: (actor: AuthUser) => listRefusedTransfers(deps, actor.branchId),
    applyBankTransfer: (actor: AuthUser, transactionId: string, body: ApplyBankTransferBody) =>
      applyBankTransfer(deps, actor, transactionId, body),
    moveToTable: (actor: AuthUser, orderId: string, tableId: string) => moveToTable(deps, actor, orderId, tableId),
    list: (actor: AuthUser, query: ListOrdersFilter) => listOrders(deps, actor.branchId, query),
    get: (actor: AuthUser, id: string) => getOrder(deps, actor.branchId, id),
    /** The token decides; `branchId` (a diner's link of a branch) narrows it to that branch's orders. */
    getForDiner: (orderId: string, token: string) => getOrderForDiner(deps, orderId, token),
    mayFollow: (orderId: string, token: string) => mayFollowOrder(deps, orderId, token),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
