import { formatVnd } from '@quan/contract/money';
import type { SendStockTransferBody, StockTransfer } from '@quan/contract/stock-transfer';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { requireBranches } from '../branches/service';
import { missingIngredient } from './edit-ingredient';
import * as repo from './repository';
import { formatQuantity, writeStockMoves } from './stock-effects';
import * as transfers from './transfer-repository';
import { loadTransfer } from './transfer-view';

const missingDestination = () =>
  notFound('The branch to send to does not exist (it may have been removed)').because('TRANSFER_BRANCH_NOT_FOUND');

/**
 * Sends goods from the actor's branch to another branch of the chain: the sender's stock falls at once (history
 * `transfer_out`), and each line keeps the ingredient's cost per unit, the money that leaves with the goods; the
 * sender's audit trail keeps who sent what, how much and where, and its worth. All or nothing: a line the branch
 * does not hold enough of refuses the whole transfer.
 */
export async function sendTransfer(
  deps: { transact: Transact; audit: Pick<AuditService, 'record'> },
  actor: Pick<AuthUser, 'id' | 'branchId'>,
  body: SendStockTransferBody,
): Promise<StockTransfer> {
  const { branchId } = actor;
  if (body.toBranchId === branchId) {
    throw badRequest('A transfer goes to another branch than your own', [
      { path: 'toBranchId', message: 'Choose another branch than the one you work in' },
    ]).because('TRANSFER_TO_OWN_BRANCH');
  }
  const id = newId();
  return deps.transact(async (tx, record) => {
    const destination = (await requireBranches(tx, [body.toBranchId], missingDestination))[0]!;
    const ids = body.lines.map((line) => line.ingredientId);
    const catalogue = new Map((await repo.findCatalogue(tx, ids)).map((row) => [row.id, row]));
    if (ids.some((ingredientId) => !catalogue.has(ingredientId))) throw missingIngredient();

    const held = new Map((await repo.lockHeldStock(tx, branchId, ids)).map((row) => [row.id, row.quantity]));
    for (const line of body.lines) {
      const ingredient = catalogue.get(line.ingredientId)!;
      const holding = held.get(line.ingredientId) ?? 0;
      if (holding < line.quantity) {
        const [has, sending] = [
          formatQuantity(holding, ingredient.unit),
          formatQuantity(line.quantity, ingredient.unit),
        ];
        throw conflict(`Only ${has} of ${ingredient.name} in stock; cannot send ${sending}`).because(
          'TRANSFER_MORE_THAN_HELD',
          { ingredient: ingredient.name, held: has, sending },
        );
      }
    }

    const transfer = await transfers.insertTransfer(tx, {
      id,
      fromBranchId: branchId,
      toBranchId: destination.id,
      status: 'sent',
      note: body.note ?? '',
      sentById: actor.id,
    });
    const lines = body.lines.map((line) => {
      const { name, unit, costPerUnit } = catalogue.get(line.ingredientId)!;
      return { ingredientId: line.ingredientId, name, unit, sent: line.quantity, unitCost: costPerUnit };
    });
    await transfers.insertTransferLines(
      tx,
      lines.map(({ ingredientId, sent, unitCost }) => ({ transferId: id, ingredientId, sent, unitCost })),
    );
    const moves = await repo.moveStock(
      tx,
      branchId,
      body.lines.map((line) => ({ row: catalogue.get(line.ingredientId)!, change: -line.quantity })),
    );
    if (moves.some((move) => !move)) throw new Error('stock moved under a row lock');
    const transferNo = transfer.transferNo ?? 0;
    await writeStockMoves(tx, branchId, record, moves as repo.StockMove[], {
      reason: 'transfer_out',
      transferId: id,
      note: `#${transferNo} → ${destination.name}`,
      userId: actor.id,
    });

    const sentValue = Math.round(lines.reduce((sum, line) => sum + line.sent * line.unitCost, 0));
    const told = lines.map((line) => `${formatQuantity(line.sent, line.unit)} ${line.name}`);
    await deps.audit.record(tx, {
      kind: 'stock-transfer',
      branchId,
      orderId: null,
      actorId: actor.id,
      approvedById: null,
      summary: `Sent transfer #${transferNo} to ${destination.name}: ${told.join(', ')}; worth ${formatVnd(sentValue)}`,
      details: {
        direction: 'out',
        transferId: id,
        transferNo,
        fromBranchId: branchId,
        toBranchId: destination.id,
        toBranchName: destination.name,
        sentValue,
        lines,
      },
    });
    return loadTransfer(tx, branchId, id);
  });
}
