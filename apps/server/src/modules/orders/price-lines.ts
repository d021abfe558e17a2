import type { OrderLineInput } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import type * as repo from './repository';

/** The largest bill the money columns hold (int4), far above any real restaurant bill. */
export const MAX_BILL = 2_000_000_000;

/**
 * Prices every line of a round from the menu as it is now (what the client sends is never a price), and
 * refuses unknown and unavailable dishes. Lines are numbered on from `first.position` in round `first.roundNo`.
 */
export async function priceLines(
  deps: Pick<OrdersDeps, 'menu'>,
  tx: Executor,
  orderId: string,
  items: OrderLineInput[],
  first: { position: number; roundNo: number },
): Promise<repo.OrderLineRow[]> {
  const menuItems = await deps.menu.itemsForOrder(
    tx,
    items.map((line) => line.itemId),
  );
  const unknown = items.flatMap((line, index) =>
    menuItems.has(line.itemId) ? [] : [{ path: `items.${index}.itemId`, message: 'This dish is not on the menu' }],
  );
  if (unknown.length) throw badRequest('The order has a dish that is not on the menu', unknown);
  return items.map((line, index): repo.OrderLineRow => {
    const item = menuItems.get(line.itemId)!;
    if (!item.isAvailable) throw conflict(`${item.name} is not available right now`);
    return {
      orderId,
      position: first.position + index,
      roundNo: first.roundNo,
      itemId: item.id,
      categoryId: item.categoryId,
      name: item.name,
      price: item.price,
      quantity: line.quantity,
      voidedQuantity: 0,
      note: line.note ?? '',
      total: item.price * line.quantity,
    };
  });
}
