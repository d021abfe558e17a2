import { describe, expect, it } from 'vitest';
import type { CartOption } from './cart-slice';
import { groupCartLines, lineKey, toOrderLines } from './cart-lines';

const entry = (id: string, itemId: string, price: number, note?: string, options?: CartOption[]) => ({
  id,
  itemId,
  name: itemId === 'pho' ? 'Phở bò' : 'Trà đá',
  price,
  ...(note ? { note } : {}),
  ...(options ? { options } : {}),
});

const large: CartOption = { id: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };
const small: CartOption = { id: 'opt-nho', group: 'Size', name: 'Nhỏ', priceDelta: -5_000 };
const noOnion: CartOption = { id: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 };

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

  it('keeps a phở with other options on a line of its own, and merges identical choices in any order', () => {
    const lines = groupCartLines([
      entry('a', 'pho', 75_000, undefined, [large, noOnion]),
      entry('b', 'pho', 60_000, undefined, [small]),
      entry('c', 'pho', 75_000, undefined, [noOnion, large]),
      entry('d', 'pho', 75_000, 'ít bánh', [large, noOnion]),
      entry('e', 'pho', 65_000),
    ]);

    expect(
      lines.map(({ options, quantity, total, note, entryIds }) => ({
        options: options.map((option) => option.name),
        quantity,
        total,
        note,
        entryIds,
      })),
    ).toEqual([
      { options: ['Lớn', 'không hành'], quantity: 2, total: 150_000, note: '', entryIds: ['a', 'c'] },
      { options: ['Nhỏ'], quantity: 1, total: 60_000, note: '', entryIds: ['b'] },
      { options: ['Lớn', 'không hành'], quantity: 1, total: 75_000, note: 'ít bánh', entryIds: ['d'] },
      { options: [], quantity: 1, total: 65_000, note: '', entryIds: ['e'] },
    ]);
  });

  it('keys a line on the set of option ids, whatever their order', () => {
    expect(lineKey('pho', undefined, ['b', 'a'])).toBe(lineKey('pho', '', ['a', 'b']));
    expect(lineKey('pho', undefined, ['a'])).not.toBe(lineKey('pho', undefined, ['a', 'b']));
    expect(lineKey('pho', undefined)).toBe(lineKey('pho', undefined, []));
  });

  it('sends the ids of the options chosen, never their prices', () => {
    const lines = groupCartLines([
      entry('a', 'pho', 75_000, undefined, [large, noOnion]),
      entry('b', 'pho', 75_000, undefined, [large, noOnion]),
      entry('c', 'pho', 65_000, 'ít cay'),
    ]);

    expect(toOrderLines(lines)).toEqual([
      { itemId: 'pho', quantity: 2, options: ['opt-lon', 'opt-khong-hanh'] },
      { itemId: 'pho', quantity: 1, note: 'ít cay' },
    ]);
  });
});
