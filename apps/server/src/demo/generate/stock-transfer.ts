import { formatVnd } from '@quan/contract/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branchStock, stockTransferLines, stockTransfers } from '../../db/schema/branches';
import { ingredientHistory } from '../../db/schema/ingredient-history';
import { auditLog } from '../../db/schema/orders';
import { newId } from '../../lib/ids';
import { ingredientCatalog, type IngredientKey } from '../restaurant-catalog';
import { HOUR_MS } from './calendar';
import { roundStock, type PlannedStock } from './stock';

// The stock one branch sent the other: planned before the sender's stock is written (its initial stock held
// what it sent), written once both stocks are.

export interface TransferLine {
  key: IngredientKey;
  ingredientId: string;
  sent: number;
  received: number;
  differenceReason: string;
  unitCost: number;
}

/** Why the second line arrived short: what a kitchen writes when a bag tore on the way. */
const SHORTFALL_REASON = 'Một túi bị rách trên đường, bỏ phần hỏng';

/**
 * Two days' use by the receiver of its two most used ingredients sold by weight, sent from the sender: the
 * first arrives whole, the second a tenth short (a torn bag). The cost travels at the catalogue's cost.
 */
export function planTransfer(receiver: PlannedStock[]): TransferLine[] {
  const byWeight = receiver
    .filter((stock) => ingredientCatalog[stock.key].unit === 'kg')
    .sort((a, b) => b.daily - a.daily)
    .slice(0, 2);
  return byWeight.map((stock, index) => {
    const sent = Math.max(1, roundStock(2 * stock.daily, 'kg'));
    const received = index === 0 ? sent : Math.round(sent * 0.9 * 10) / 10;
    return {
      key: stock.key,
      ingredientId: stock.id,
      sent,
      received,
      differenceReason: received === sent ? '' : SHORTFALL_REASON,
      unitCost: ingredientCatalog[stock.key].cost,
    };
  });
}

/**
 * Writes the transfer as the app leaves it once received, two days before `asOf`: sent by the sender's
 * manager (its stock and history went down then), received three hours later by the receiver's (its stock
 * and history went up by what arrived, the difference with its reason, and the receipt audited), with the
 * notes and audit row the app's transfers write (modules/ingredients, send-transfer and receive-transfer).
 */
export async function writeTransfer(
  db: Database,
  input: {
    asOf: Date;
    from: { branchId: string; name: string; userId: string | null };
    to: { branchId: string; name: string; userId: string | null };
    lines: TransferLine[];
  },
): Promise<{ transferNo: number; lines: number; shortfall: number }> {
  const sentAt = new Date(input.asOf.getTime() - 48 * HOUR_MS);
  const receivedAt = new Date(sentAt.getTime() + 3 * HOUR_MS);
  const id = newId();
  let transferNo = 0;
  await db.transaction(async (tx) => {
    const [transfer] = await tx
      .insert(stockTransfers)
      .values({
        id,
        fromBranchId: input.from.branchId,
        toBranchId: input.to.branchId,
        status: 'received',
        note: 'Chuyển hàng cho Quận 3 trước cuối tuần',
        sentById: input.from.userId,
        sentAt,
        receivedById: input.to.userId,
        receivedAt,
      })
      .returning({ transferNo: stockTransfers.transferNo });
    transferNo = transfer!.transferNo!;
    await tx.insert(stockTransferLines).values(
      input.lines.map(({ ingredientId, sent, received, differenceReason, unitCost }) => ({
        transferId: id,
        ingredientId,
        sent,
        received,
        differenceReason,
        unitCost,
      })),
    );
    for (const line of input.lines) {
      for (const [side, change, at, reason] of [
        [input.from, -line.sent, sentAt, 'transfer_out'],
        [input.to, line.received, receivedAt, 'transfer_in'],
      ] as const) {
        const [after] = await tx
          .update(branchStock)
          .set({ quantity: sql`${branchStock.quantity} + ${change}`, updatedAt: at })
          .where(and(eq(branchStock.branchId, side.branchId), eq(branchStock.ingredientId, line.ingredientId)))
          .returning({ quantity: branchStock.quantity });
        await tx.insert(ingredientHistory).values({
          id: newId(),
          branchId: side.branchId,
          ingredientId: line.ingredientId,
          change,
          quantityAfter: Number(after!.quantity),
          reason,
          transferId: id,
          note:
            reason === 'transfer_out'
              ? `#${transferNo} → ${input.to.name}`
              : [`#${transferNo} ← ${input.from.name}`, line.differenceReason].filter(Boolean).join(': '),
          userId: side.userId,
          createdAt: at,
        });
      }
    }
    const differences = input.lines.filter((line) => line.received !== line.sent);
    const valueOf = (line: TransferLine) => Math.round((line.received - line.sent) * line.unitCost);
    const differenceValue = differences.reduce((sum, line) => sum + valueOf(line), 0);
    const told = differences.map((line) => {
      const { name, unit } = ingredientCatalog[line.key];
      return `${line.received} ${unit} of ${line.sent} ${unit} ${name} (${line.differenceReason})`;
    });
    await tx.insert(auditLog).values({
      id: newId(),
      kind: 'stock-transfer',
      branchId: input.to.branchId,
      actorId: input.to.userId,
      summary:
        differences.length === 0
          ? `Received transfer #${transferNo} from ${input.from.name} in full`
          : `Received transfer #${transferNo} from ${input.from.name}: ${told.join(', ')}; difference ${formatVnd(differenceValue)}`,
      details: {
        transferId: id,
        transferNo,
        fromBranchId: input.from.branchId,
        fromBranchName: input.from.name,
        toBranchId: input.to.branchId,
        differenceValue,
        lines: input.lines.map((line) => ({
          ingredientId: line.ingredientId,
          name: ingredientCatalog[line.key].name,
          unit: ingredientCatalog[line.key].unit,
          sent: line.sent,
          received: line.received,
          unitCost: line.unitCost,
          differenceValue: valueOf(line),
          reason: line.differenceReason,
        })),
      },
      createdAt: receivedAt,
    });
  });
  const shortfall = input.lines.filter((line) => line.received < line.sent).length;
  return { transferNo, lines: input.lines.length, shortfall };
}
