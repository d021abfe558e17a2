import type { SendStockTransferBody, StockTransfer } from '@quan/contract/stock-transfer';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { missingIngredient } from './edit-ingredient';
import * as repo from './repository';
import { formatQuantity, recordStockMoves } from './stock-effects';
import * as transfers from './transfer-repository';
import { loadTransfer } from './transfer-view';

/**
 * Sends goods from the actor's branch to another branch of the chain: the sender's stock falls at once (history
 * `transfer_out`), and each line keeps the ingredient's cost per unit, the money that leaves with the goods. All
 * or nothing: a line the branch does not hold enough of refuses the whole transfer.
 */
export async function sendTransfer(
  transact: Transact,
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
  return transact(async (tx, record) => {
    const destination = await transfers.findBranchRef(tx, body.toBranchId);
    if (!destination) {
      throw notFound('The branch to send to does not exist (it may have been removed)').because(
        'TRANSFER_BRANCH_NOT_FOUND',
      );
    }
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
    await transfers.insertTransferLines(
      tx,
      body.lines.map((line) => ({
        transferId: id,
        ingredientId: line.ingredientId,
        sent: line.quantity,
        unitCost: catalogue.get(line.ingredientId)!.costPerUnit,
      })),
    );
    const moves = await repo.moveStock(
      tx,
      branchId,
      body.lines.map((line) => ({ row: catalogue.get(line.ingredientId)!, change: -line.quantity })),
    );
    if (moves.some((move) => !move)) throw new Error('stock moved under a row lock');
    await repo.insertHistory(
      tx,
      (moves as repo.StockMove[]).map((move) => ({
        id: newId(),
        branchId,
        ingredientId: move.row.id,
        change: move.change,
        quantityAfter: move.row.quantity,
        reason: 'transfer_out' as const,
        transferId: id,
        note: `#${transfer.transferNo} → ${destination.name}`,
        userId: actor.id,
      })),
    );
    await recordStockMoves(tx, branchId, record, moves as repo.StockMove[]);
    return loadTransfer(tx, branchId, id);
  });
}
