import { describe, expect, it } from 'vitest';
import { groupCartLines, toOrderLines } from './cart-lines';

const entry = (id: string, itemId: string, price: number, note?: string) => ({
  id,
  itemId,
  name: itemId === 'pho' ? 'Phở bò' : 'Trà đá',
  price,
  ...(note ? { note } : {}),
});

describe('cart lines', () => {
  it('groups entries by dish and note, in the order they were first added', () => {
    const lines = groupCartLines([
      entry('a', 'pho', 65_000),
      entry('b', 'tra', 5_000),
      entry('c', 'pho', 65_000),
      entry('d', 'pho', 65_000, 'không hành'),
    ]);

    expect(
      lines.map(({ name, quantity, total, note, entryIds }) => ({ name, quantity, total, note, entryIds })),
    ).toEqual([
      { name: 'Phở bò', quantity: 2, total: 130_000, note: '', entryIds: ['a', 'c'] },
      { name: 'Trà đá', quantity: 1, total: 5_000, note: '', entryIds: ['b'] },
      { name: 'Phở bò', quantity: 1, total: 65_000, note: 'không hành', entryIds: ['d'] },
    ]);
  });

  it('turns lines into order lines without any price', () => {
    const lines = groupCartLines([
      entry('a', 'pho', 65_000),
      entry('b', 'pho', 65_000),
      entry('c', 'tra', 5_000, 'ít đá'),
    ]);

    expect(toOrderLines(lines)).toEqual([
      { itemId: 'pho', quantity: 2 },
      { itemId: 'tra', quantity: 1, note: 'ít đá' },
    ]);
  });
});
