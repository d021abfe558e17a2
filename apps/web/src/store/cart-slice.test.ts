import { describe, expect, it } from 'vitest';
import { addItem, clearCart, removeItem, selectCartItems, selectCartTotal, setItemNote } from './cart-slice';
import { createAppStore } from './store';
import { removeUser } from './user-slice';

const pho = { itemId: 'item-pho', name: 'Phở bò', price: 65_000 };
const bunCha = { itemId: 'item-bun-cha', name: 'Bún chả', price: 55_000 };

describe('cart slice', () => {
  it('starts empty with a total of 0', () => {
    const store = createAppStore();

    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartTotal(store.getState())).toBe(0);
  });

  it('adds every unit as its own entry with an id and a price', () => {
    const store = createAppStore();

    store.dispatch(addItem(pho, 'a'));
    store.dispatch(addItem(pho, 'b'));
    store.dispatch(addItem({ ...bunCha, note: '  ít cay ' }, 'c'));

    expect(selectCartItems(store.getState())).toEqual([
      { id: 'a', ...pho },
      { id: 'b', ...pho },
      { id: 'c', ...bunCha, note: 'ít cay' },
    ]);
  });

  it('gives each entry a different id when none is given', () => {
    const store = createAppStore();

    store.dispatch(addItem(pho));
    store.dispatch(addItem(pho));

    const [first, second] = selectCartItems(store.getState());
    expect(first?.id).toEqual(expect.any(String));
    expect(first?.id).not.toBe(second?.id);
  });

  it('totals the prices of all entries', () => {
    const store = createAppStore();

    store.dispatch(addItem(pho));
    store.dispatch(addItem(pho));
    store.dispatch(addItem(bunCha));

    expect(selectCartTotal(store.getState())).toBe(185_000);
  });

  it('removes exactly the entry with the given id, and the total follows', () => {
    const store = createAppStore();
    store.dispatch(addItem(pho, 'a'));
    store.dispatch(addItem(pho, 'b'));
    store.dispatch(addItem(bunCha, 'c'));

    store.dispatch(removeItem('a'));

    expect(selectCartItems(store.getState()).map((item) => item.id)).toEqual(['b', 'c']);
    expect(selectCartTotal(store.getState())).toBe(120_000);

    store.dispatch(removeItem('no-such-entry'));
    expect(selectCartItems(store.getState())).toHaveLength(2);
  });

  it('clears every entry', () => {
    const store = createAppStore();
    store.dispatch(addItem(pho));
    store.dispatch(addItem(bunCha));

    store.dispatch(clearCart());

    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartTotal(store.getState())).toBe(0);
  });

  it('sets and removes the note of the given entries only', () => {
    const store = createAppStore();
    store.dispatch(addItem(pho, 'a'));
    store.dispatch(addItem(pho, 'b'));
    store.dispatch(addItem(pho, 'c'));

    store.dispatch(setItemNote({ ids: ['a', 'b'], note: 'không hành' }));
    expect(selectCartItems(store.getState()).map((item) => item.note)).toEqual(['không hành', 'không hành', undefined]);

    store.dispatch(setItemNote({ ids: ['a'], note: '   ' }));
    expect(selectCartItems(store.getState())[0]).toEqual({ id: 'a', ...pho });
  });

  it('is emptied when the user signs out', () => {
    const store = createAppStore();
    store.dispatch(addItem(pho));

    store.dispatch(removeUser());

    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('keeps the options of an entry, and leaves them out when there are none', () => {
    const store = createAppStore();
    const large = { id: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };

    store.dispatch(addItem({ ...pho, price: 75_000, options: [large] }, 'a'));
    store.dispatch(addItem({ ...pho, options: [] }, 'b'));

    expect(selectCartItems(store.getState())).toEqual([
      { id: 'a', ...pho, price: 75_000, options: [large] },
      { id: 'b', ...pho },
    ]);
    expect(selectCartTotal(store.getState())).toBe(140_000);
  });
});
