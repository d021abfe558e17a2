import type { OrderLineInput } from '@quan/contract/order';
import type { CartItem } from './cart-slice';

/**
 * The most units of one line an order accepts: an order line's quantity is 1..99 (`orderLineInputSchema` in
 * packages/contract/src/order.ts).
 */
export const maxLineQuantity = 99;

/** Cart entries of one dish with one note, shown and ordered as one line with a quantity. */
export interface CartLine {
  key: string;
  itemId: string;
  name: string;
  unitPrice: number;
  note: string;
  quantity: number;
  total: number;
  /** The cart entries of this line, oldest first: "remove one" takes the newest. */
  entryIds: string[];
}

export function lineKey(itemId: string, note: string | undefined): string {
  return `${itemId}\u0000${note ?? ''}`;
}

/** Groups cart entries into lines, in the order each line was first added. */
export function groupCartLines(items: readonly CartItem[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const item of items) {
    const key = lineKey(item.itemId, item.note);
    const line = lines.get(key);
    if (line) {
      line.quantity += 1;
      line.total += item.price;
      line.entryIds.push(item.id);
    } else {
      lines.set(key, {
        key,
        itemId: item.itemId,
        name: item.name,
        unitPrice: item.price,
        note: item.note ?? '',
        quantity: 1,
        total: item.price,
        entryIds: [item.id],
      });
    }
  }
  return [...lines.values()];
}

/** The lines of the order body: item and quantity only, never a price (the server prices the order). */
export function toOrderLines(lines: readonly CartLine[]): OrderLineInput[] {
  return lines.map(({ itemId, quantity, note }) => ({ itemId, quantity, ...(note ? { note } : {}) }));
}
