import type { OrderLineInput } from '@quan/contract/order';
import type { CartItem, CartOption } from './cart-slice';

/**
 * The most units of one line an order accepts: an order line's quantity is 1..99 (`orderLineInputSchema` in
 * packages/contract/src/order.ts).
 */
export const maxLineQuantity = 99;

/** Cart entries of one dish with the same options and note, shown and ordered as one line with a quantity. */
export interface CartLine {
  key: string;
  itemId: string;
  name: string;
  /** One portion with its options. */
  unitPrice: number;
  note: string;
  /** The options of every unit of the line, in the dish's group order; empty for a plain dish. */
  options: CartOption[];
  quantity: number;
  total: number;
  /** The cart entries of this line, oldest first: "remove one" takes the newest. */
  entryIds: string[];
}

/**
 * What makes two cart entries one line: the dish, the set of options (in any order they were chosen) and the
 * note. A large phở and a small one are two lines; two large ones are one.
 */
export function lineKey(itemId: string, note: string | undefined, optionIds: readonly string[] = []): string {
  return `${itemId}\u0000${[...optionIds].sort().join(',')}\u0000${note ?? ''}`;
}

/** Groups cart entries into lines, in the order each line was first added. */
export function groupCartLines(items: readonly CartItem[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const item of items) {
    const options = item.options ?? [];
    const key = lineKey(
      item.itemId,
      item.note,
      options.map((option) => option.id),
    );
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
        options,
        quantity: 1,
        total: item.price,
        entryIds: [item.id],
      });
    }
  }
  return [...lines.values()];
}

/**
 * The lines of the order body: item, quantity, note and the ids of the options chosen, never a price (the
 * server prices every line, options included).
 */
export function toOrderLines(lines: readonly CartLine[]): OrderLineInput[] {
  return lines.map(({ itemId, quantity, note, options }) => ({
    itemId,
    quantity,
    ...(note ? { note } : {}),
    ...(options.length > 0 ? { options: options.map((option) => option.id) } : {}),
  }));
}
