import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { removeUser } from './user-slice';

export interface OrderTable {
  _id: string;
  tableNo: number;
}

/** The order being taken at the POS (SPEC §3). */
export interface OrderState {
  /** Made from the current timestamp when the customer is set; sent as the order's Idempotency-Key. */
  orderId: string;
  customerName: string;
  customerPhone: string;
  guests: number;
  table: OrderTable | null;
  isPreorder: boolean;
}

export interface SetCustomerPayload {
  name: string;
  phone: string;
  guests: number;
  isPreorder: boolean;
}

export const emptyOrderState: OrderState = {
  orderId: '',
  customerName: '',
  customerPhone: '',
  guests: 0,
  table: null,
  isPreorder: false,
};

const orderSlice = createSlice({
  name: 'order',
  initialState: emptyOrderState,
  reducers: {
    /** SPEC §4: a new orderId each time, with name, phone, guests and isPreorder. */
    setCustomer: {
      reducer: (state, action: PayloadAction<SetCustomerPayload & { orderId: string }>) => {
        const { orderId, name, phone, guests, isPreorder } = action.payload;
        state.orderId = orderId;
        state.customerName = name;
        state.customerPhone = phone;
        state.guests = guests;
        state.isPreorder = isPreorder;
      },
      prepare: (customer: SetCustomerPayload, now: number = Date.now()) => ({
        payload: { ...customer, orderId: String(now) },
      }),
    },
    /** SPEC §4: clears name, phone, guests and table; orderId and isPreorder stay. */
    removeCustomer: (state) => {
      state.customerName = '';
      state.customerPhone = '';
      state.guests = 0;
      state.table = null;
    },
    assignTable: (state, action: PayloadAction<OrderTable | null>) => {
      state.table = action.payload ? { _id: action.payload._id, tableNo: action.payload.tableNo } : null;
    },
  },
  // Signing out ends the order being taken: the next person on this device starts afresh.
  extraReducers: (builder) => builder.addCase(removeUser, () => emptyOrderState),
});

export const { setCustomer, removeCustomer, assignTable } = orderSlice.actions;
export const orderReducer = orderSlice.reducer;

export const selectOrderInProgress = (state: { order: OrderState }) => state.order;

/** An order can be placed once it has a guest name and at least one guest. */
export const selectHasCustomer = (state: { order: OrderState }) =>
  state.order.customerName !== '' && state.order.guests > 0;
