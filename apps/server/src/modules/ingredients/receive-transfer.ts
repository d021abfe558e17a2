import { formatVnd } from '@quan/contract/money';
import type { ReceiveStockTransferBody, StockTransfer } from '@quan/contract/stock-transfer';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import * as repo from './repository';
import { formatQuantity, writeStockMoves } from './stock-effects';
import * as transfers from './transfer-repository';
import { loadTransfer, missingTransfer } from './transfer-view';

/** A field error of the receipt, and what kind of refusal it makes when it is the first. */
interface Problem {
  kind: 'not-sent' | 'missing' | 'no-reason';
  path: string;
  message: string;
  params?: Record<string, string>;
}

/**
 * The receiving branch confirms what arrived of each line (it may differ from what was sent: each difference
 * needs its reason). Its stock rises by what arrived (history `transfer_in`), the transfer is received, and the
 * audit trail keeps what was lost or gained on the way, in money at the cost the goods left with. Once only.
 */
export async function receiveTransfer(
  deps: { transact: Transact; audit: Pick<AuditService, 'record'> },
  actor: Pick<AuthUser, 'id' | 'branchId'>,
  id: string,
  body: ReceiveStockTransferBody,
): Promise<StockTransfer> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const transfer = await transfers.lockTransfer(tx, id);
    if (!transfer || (transfer.fromBranchId !== branchId && transfer.toBranchId !== branchId)) {
      throw missingTransfer();
    }
    if (transfer.toBranchId !== branchId) {
      throw forbidden('Only the branch the goods were sent to says what arrived').because('TRANSFER_RECEIVER_ONLY');
    }
    const transferNo = transfer.transferNo ?? 0;
    if (transfer.status === 'received') {
      throw conflict(`Transfer #${transferNo} has already been received`).because('TRANSFER_ALREADY_RECEIVED', {
        transferNo,
      });
    }

    const lines = await transfers.linesOf(tx, [id]);
    const sentIds = new Set(lines.map(({ line }) => line.ingredientId));
    const problems: Problem[] = [];
    body.lines.forEach((given, index) => {
      if (!sentIds.has(given.ingredientId)) {
        problems.push({
          path: `lines.${index}.ingredientId`,
          message: 'This ingredient was not sent in this transfer',
          kind: 'not-sent',
        });
      }
    });
    const receipt = lines.map(({ line, ingredient }) => {
      const index = body.lines.findIndex((given) => given.ingredientId === line.ingredientId);
      const given = body.lines[index];
      if (!given) {
        problems.push({
          path: 'lines',
          message: 'Say how much of each ingredient sent arrived',
          kind: 'missing',
          params: { ingredient: ingredient.name },
        });
        return { line, ingredient, received: 0, reason: '' };
      }
      const differs = given.received !== line.sent;
      if (differs && !given.reason) {
        problems.push({
          path: `lines.${index}.reason`,
          message: 'Say why what arrived differs from what was sent',
          kind: 'no-reason',
          params: { ingredient: ingredient.name },
        });
      }
      return { line, ingredient, received: given.received, reason: differs ? (given.reason ?? '') : '' };
    });
    const [first] = problems;
    const fieldErrors = problems.map(({ path, message }) => ({ path, message }));
    if (first?.kind === 'not-sent') {
      throw badRequest('The receipt names an ingredient this transfer did not carry', fieldErrors).because(
        'TRANSFER_LINE_NOT_SENT',
      );
    }
    if (first?.kind === 'missing') {
      throw badRequest(`Say how much of ${first.params?.ingredient} arrived`, fieldErrors).because(
        'TRANSFER_LINE_MISSING',
        first.params,
      );
    }
    if (first) {
      throw badRequest(
        `What arrived of ${first.params?.ingredient} differs from what was sent: say why`,
        fieldErrors,
      ).because('TRANSFER_REASON_REQUIRED', first.params);
    }

    const arriving = receipt.filter((entry) => entry.received > 0);
    await repo.lockStockRows(
      tx,
      branchId,
      arriving.map((entry) => entry.ingredient.id),
    );
    const moves = (await repo.moveStock(
      tx,
      branchId,
      arriving
        .map((entry) => ({ row: entry.ingredient, change: entry.received }))
        .sort((a, b) => (a.row.id < b.row.id ? -1 : 1)),
    )) as repo.StockMove[];
    const from = (await transfers.findTransfer(tx, branchId, id))!.from;
    await writeStockMoves(tx, branchId, record, moves, (move) => ({
      reason: 'transfer_in',
      transferId: id,
      note: [`#${transferNo} ← ${from.name}`, receipt.find((entry) => entry.ingredient.id === move.row.id)?.reason]
        .filter(Boolean)
        .join(': '),
      userId: actor.id,
    }));
    for (const entry of receipt) {
      await transfers.markLineReceived(tx, {
        transferId: id,
        ingredientId: entry.ingredient.id,
        received: entry.received,
        differenceReason: entry.reason,
      });
    }
    await transfers.markReceived(tx, id, actor.id);

    const differences = receipt.filter((entry) => entry.received !== entry.line.sent);
    const differenceValue = Math.round(
      differences.reduce((sum, entry) => sum + (entry.received - entry.line.sent) * entry.line.unitCost, 0),
    );
    const told = differences.map(
      ({ line, ingredient, received, reason }) =>
        `${formatQuantity(received, ingredient.unit)} of ${formatQuantity(line.sent, ingredient.unit)} ${ingredient.name} (${reason})`,
    );
    await deps.audit.record(tx, {
      kind: 'stock-transfer',
      branchId,
      orderId: null,
      actorId: actor.id,
      approvedById: null,
      summary:
        differences.length === 0
          ? `Received transfer #${transferNo} from ${from.name} in full`
          : `Received transfer #${transferNo} from ${from.name}: ${told.join(', ')}; difference ${formatVnd(differenceValue)}`,
      details: {
        direction: 'in',
        transferId: id,
        transferNo,
        fromBranchId: transfer.fromBranchId,
        fromBranchName: from.name,
        toBranchId: transfer.toBranchId,
        differenceValue,
        lines: receipt.map(({ line, ingredient, received, reason }) => ({
          ingredientId: ingredient.id,
          name: ingredient.name,
          unit: ingredient.unit,
          sent: line.sent,
          received,
          unitCost: line.unitCost,
          differenceValue: Math.round((received - line.sent) * line.unitCost),
          reason,
        })),
      },
    });
    return loadTransfer(tx, branchId, id);
  });
}
