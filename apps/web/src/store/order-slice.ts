import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Customer } from '@quan/contract/customer';
import { removeUser } from './user-slice';

export interface OrderTable {
  _id: string;
  tableNo: number;
}

/** The loyalty customer an order is for, as the POS shows them: the order earns them points. */
export type OrderMember = Pick<Customer, '_id' | 'name' | 'membershipLevel' | 'loyaltyPoints'>;

/** The order being taken at the POS, plus the loyalty customer it is for. */
export interface OrderState {
  /** Made from the current timestamp when the customer is set; sent as the order's Idempotency-Key. */
  orderId: string;
  customerName: string;
  customerPhone: string;
  guests: number;
  table: OrderTable | null;
  isPreorder: boolean;
  /** Sent as the order's customerId; part of "the customer", so set and removed with it. */
  member: OrderMember | null;
}

export interface SetCustomerPayload {
  name: string;
  phone: string;
  guests: number;
  isPreorder: boolean;
  /** The loyalty customer the guest is; without one the order is for a walk-in guest. */
  member?: OrderMember | null;
}

export const emptyOrderState: OrderState = {
  orderId: '',
  customerName: '',
  customerPhone: '',
  guests: 0,
  table: null,
  isPreorder: false,
  member: null,
};

function pickMember({ _id, name, membershipLevel, loyaltyPoints }: OrderMember): OrderMember {
  return { _id, name, membershipLevel, loyaltyPoints };
}

const orderSlice = createSlice({
  name: 'order',
  initialState: emptyOrderState,
  reducers: {
    /** A new orderId each time, with name, phone, guests and isPreorder (and the member, ext). */
    setCustomer: {
      reducer: (state, action: PayloadAction<SetCustomerPayload & { orderId: string }>) => {
        const { orderId, name, phone, guests, isPreorder, member } = action.payload;
        state.orderId = orderId;
        state.customerName = name;
        state.customerPhone = phone;
        state.guests = guests;
        state.isPreorder = isPreorder;
        state.member = member ? pickMember(member) : null;
      },
      prepare: (customer: SetCustomerPayload, now: number = Date.now()) => ({
        payload: { ...customer, orderId: String(now) },
      }),
    },
    /** Clears name, phone, guests and table; orderId and isPreorder stay. The member goes with the guest. */
    removeCustomer: (state) => {
      state.customerName = '';
      state.customerPhone = '';
      state.guests = 0;
      state.table = null;
      state.member = null;
    },
    /** The order stops earning points for the member; the guest's name, phone and count stay. */
    detachMember: (state) => {
      state.member = null;
    },
    /**
     * A table order may start from the table alone, with no customer set: choosing its table then starts it, with
     * a new orderId. With a customer set the order has begun already, and keeps its orderId.
     */
    assignTable: {
      reducer: (state, action: PayloadAction<{ table: OrderTable | null; orderId: string }>) => {
        const { table, orderId } = action.payload;
        state.table = table ? { _id: table._id, tableNo: table.tableNo } : null;
        if (state.guests === 0 && table) state.orderId = orderId;
      },
      prepare: (table: OrderTable | null, now: number = Date.now()) => ({ payload: { table, orderId: String(now) } }),
    },
  },
  // Signing out ends the order being taken: the next person on this device starts afresh.
  extraReducers: (builder) => builder.addCase(removeUser, () => emptyOrderState),
});

export const { setCustomer, removeCustomer, detachMember, assignTable } = orderSlice.actions;
export const orderReducer = orderSlice.reducer;

export const selectOrderInProgress = (state: { order: OrderState }) => state.order;

/** Whether the guest was set: a name and at least one guest. */
export const selectHasCustomer = (state: { order: OrderState }) =>
  state.order.customerName !== '' && state.order.guests > 0;

/** A new order can be placed for a guest, or at a table without one. */
export const selectCanStartOrder = (state: { order: OrderState }) =>
  selectHasCustomer(state) || state.order.table !== null;
