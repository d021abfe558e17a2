import type { StockTransfer } from '@quan/contract/stock-transfer';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as transfers from './transfer-repository';

export const missingTransfer = () => notFound('That stock transfer does not exist').because('TRANSFER_NOT_FOUND');

type Line = Awaited<ReturnType<typeof transfers.linesOf>>[number];

/** Whole VND: the lines' quantities have up to 3 decimals and their costs up to 2. */
const money = (value: number) => Math.round(value);

/** A transfer as `branchId` sees it (`direction`), with its lines and what the goods cost. */
export function toTransfer(head: transfers.TransferHead, lines: Line[], branchId: string): StockTransfer {
  const { transfer } = head;
  const received = transfer.status === 'received';
  return {
    _id: transfer.id,
    transferNo: transfer.transferNo ?? 0,
    status: transfer.status,
    direction: transfer.fromBranchId === branchId ? 'out' : 'in',
    fromBranch: { _id: head.from.id, name: head.from.name },
    toBranch: { _id: head.to.id, name: head.to.name },
    note: transfer.note,
    sentBy: head.sentBy ? { _id: head.sentBy.id, name: head.sentBy.name } : null,
    sentAt: transfer.sentAt.toISOString(),
    receivedBy: head.receivedBy ? { _id: head.receivedBy.id, name: head.receivedBy.name } : null,
    receivedAt: transfer.receivedAt?.toISOString() ?? null,
    lines: lines.map(({ line, ingredient }) => ({
      ingredientId: line.ingredientId,
      name: ingredient.name,
      unit: ingredient.unit,
      sent: line.sent,
      received: line.received,
      differenceReason: line.differenceReason,
      unitCost: line.unitCost,
    })),
    sentValue: money(lines.reduce((sum, { line }) => sum + line.sent * line.unitCost, 0)),
    differenceValue: received
      ? money(lines.reduce((sum, { line }) => sum + ((line.received ?? 0) - line.sent) * line.unitCost, 0))
      : null,
  };
}

/** One transfer the branch sent or receives, whole; 404 for any other. */
export async function loadTransfer(db: Executor, branchId: string, id: string): Promise<StockTransfer> {
  const head = await transfers.findTransfer(db, branchId, id);
  if (!head) throw missingTransfer();
  return toTransfer(head, await transfers.linesOf(db, [id]), branchId);
}
