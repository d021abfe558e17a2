import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { removeUser } from './user-slice';

/** An option chosen for a cart entry ("Lớn", +10.000 ₫), as the menu offered it when it was added. */
export interface CartOption {
  id: string;
  /** The option group's name ("Size"), for the cart and the kitchen. */
  group: string;
  name: string;
  priceDelta: number;
}

/**
 * One unit of a dish in the cart (the first contract's shape, docs/compatibility.md: a list of items, each
 * with an id and a price). Each tap adds its own entry, so "remove one by id" takes away exactly one unit and
 * the total is the sum of the prices. The POS groups entries of the same dish, options and note into lines
 * with a quantity.
 */
export interface CartItem {
  id: string;
  itemId: string;
  name: string;
  /**
   * One portion with its options (the dish's price and the options' changes) when it was added, in VND: an
   * estimate only, the server prices the order.
   */
  price: number;
  /** For the kitchen ("no onions"); entries of one dish with different notes are separate lines. */
  note?: string;
  /**
   * The options chosen, in the dish's group order; absent when none, as in carts kept before dishes had
   * options. Entries of one dish with different options are separate lines.
   */
  options?: CartOption[];
}

export interface CartState {
  items: CartItem[];
}

export type AddCartItemPayload = Omit<CartItem, 'id'>;

const initialState: CartState = { items: [] };

function cleanNote(note: string | undefined): string | undefined {
  const trimmed = note?.trim();
  return trimmed ? trimmed : undefined;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addItem: {
      reducer: (state, action: PayloadAction<CartItem>) => {
        state.items.push(action.payload);
      },
      prepare: ({ itemId, name, price, note, options }: AddCartItemPayload, id: string = nanoid()) => ({
        payload: {
          id,
          itemId,
          name,
          price,
          ...(cleanNote(note) ? { note: cleanNote(note) } : {}),
          ...(options && options.length > 0 ? { options: options.map((option) => ({ ...option })) } : {}),
        },
      }),
    },
    removeItem: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    clearCart: () => initialState,
    /** Sets (or, when empty, removes) the note of the given entries: the units of one cart line. */
    setItemNote: (state, action: PayloadAction<{ ids: string[]; note: string }>) => {
      const ids = new Set(action.payload.ids);
      const note = cleanNote(action.payload.note);
      for (const item of state.items) {
        if (!ids.has(item.id)) continue;
        if (note) item.note = note;
        else delete item.note;
      }
    },
  },
  // Signing out ends the order being taken: the next person on this device starts afresh.
  extraReducers: (builder) => builder.addCase(removeUser, () => initialState),
});

export const { addItem, removeItem, clearCart, setItemNote } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

export const selectCartItems = (state: { cart: CartState }) => state.cart.items;

/** The cart total is the sum of the entries' prices. */
export const selectCartTotal = (state: { cart: CartState }) =>
  state.cart.items.reduce((total, item) => total + item.price, 0);
