import {
  createAsyncThunk,
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type PayloadAction,
} from '@reduxjs/toolkit';
import axios from 'axios';
import type { Envelope, ErrorResponse, Pagination } from '@quan/contract/common';
import {
  CUSTOMER_PAGE_SIZE,
  type CreateCustomerBody,
  type Customer,
  type CustomerStats,
  type CustomerStatus,
  type MembershipLevel,
  type UpdateCustomerBody,
} from '@quan/contract/customer';
import { apiClient } from '../lib/api-client';
import { removeUser } from './user-slice';

/** The list's filters (SPEC §3); an empty string means "any". */
export interface CustomerFilters {
  search: string;
  status: CustomerStatus | '';
  membershipLevel: MembershipLevel | '';
}

/** Customer list state of SPEC §3. */
export interface CustomersState {
  customers: Customer[];
  selectedCustomer: Customer | null;
  stats: CustomerStats;
  pagination: Pagination;
  filters: CustomerFilters;
  loading: boolean;
  error: string | null;
  successMessage: string | null;
}

/** SPEC §8, word for word: shown when the server gives no message of its own. */
export const customerErrorFallbacks = {
  fetchList: 'Failed to fetch customers',
  fetchOne: 'Failed to fetch customer',
  create: 'Failed to create customer',
  update: 'Failed to update customer',
  delete: 'Failed to delete customer',
  stats: 'Failed to fetch customer stats',
  updateMemberships: 'Failed to update customer memberships',
} as const;

/** SPEC §8: the success message after a delete. */
export const customerDeletedMessage = 'Customer deleted successfully';

export const initialCustomersState: CustomersState = {
  customers: [],
  selectedCustomer: null,
  stats: { totalCustomers: 0, activeCustomers: 0, platinumCustomers: 0, totalLoyaltyPoints: 0 },
  pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: CUSTOMER_PAGE_SIZE },
  filters: { search: '', status: '', membershipLevel: '' },
  loading: false,
  error: null,
  successMessage: null,
};

/** SPEC §8: the server's message when it sent one, otherwise the call's fallback. */
export function customerErrorMessage(error: unknown, fallback: string): string {
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const message = typeof body === 'object' && body !== null ? (body as Partial<ErrorResponse>).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/**
 * A thunk for one customer call: its payload is `request`'s result; a failure is rejected with the message to
 * show (SPEC §8), so `unwrap()` hands the page that sentence.
 */
function customerThunk<Result, Arg>(
  type: string,
  fallback: string,
  request: (arg: Arg, signal: AbortSignal) => Promise<Result>,
) {
  return createAsyncThunk<Result, Arg, { rejectValue: string }>(
    `customers/${type}`,
    async (arg, { rejectWithValue, signal }) => {
      try {
        return await request(arg, signal);
      } catch (error) {
        return rejectWithValue(customerErrorMessage(error, fallback));
      }
    },
  );
}

export interface FetchCustomersArg extends Partial<CustomerFilters> {
  page?: number;
  limit?: number;
}

const path = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

/** GET /api/customers: one page of the list; empty filters are left out of the query. */
export const fetchCustomers = customerThunk(
  'fetchCustomers',
  customerErrorFallbacks.fetchList,
  async ({ page = 1, limit = CUSTOMER_PAGE_SIZE, ...filters }: FetchCustomersArg, signal) => {
    const params = Object.fromEntries(Object.entries({ ...filters, page, limit }).filter(([, value]) => value !== ''));
    const response = await apiClient.get<Envelope<Customer[]>>('/api/customers', { params, signal });
    const customers = response.data.data;
    const pagination = response.data.pagination ?? {
      currentPage: page,
      totalPages: 1,
      totalItems: customers.length,
      itemsPerPage: limit,
    };
    return { customers, pagination };
  },
);

export const fetchCustomerById = customerThunk(
  'fetchCustomerById',
  customerErrorFallbacks.fetchOne,
  async (id: string) => {
    const response = await apiClient.get<Envelope<Customer>>(path(id));
    return response.data.data;
  },
);

export const createCustomer = customerThunk(
  'createCustomer',
  customerErrorFallbacks.create,
  async (body: CreateCustomerBody) => {
    const response = await apiClient.post<Envelope<Customer>>('/api/customers', body);
    return { customer: response.data.data, message: response.data.message ?? 'Customer created' };
  },
);

export const updateCustomer = customerThunk(
  'updateCustomer',
  customerErrorFallbacks.update,
  async ({ id, changes }: { id: string; changes: UpdateCustomerBody }) => {
    const response = await apiClient.put<Envelope<Customer>>(path(id), changes);
    return { customer: response.data.data, message: response.data.message ?? 'Customer saved' };
  },
);

export const deleteCustomer = customerThunk('deleteCustomer', customerErrorFallbacks.delete, async (id: string) => {
  await apiClient.delete(path(id));
  return { id, message: customerDeletedMessage };
});

export const fetchCustomerStats = customerThunk('fetchCustomerStats', customerErrorFallbacks.stats, async (_: void) => {
  const response = await apiClient.get<Envelope<CustomerStats>>('/api/customers/stats');
  return response.data.data;
});

/** Re-checks every customer's level on the last 365 days' spend (managers). */
export const updateMemberships = customerThunk(
  'updateMemberships',
  customerErrorFallbacks.updateMemberships,
  async (_: void) => {
    const response = await apiClient.post<Envelope<{ updated: number }>>('/api/customers/update-memberships');
    return { updated: response.data.data.updated, message: response.data.message ?? 'Memberships updated' };
  },
);

const customerThunks = [
  fetchCustomers,
  fetchCustomerById,
  createCustomer,
  updateCustomer,
  deleteCustomer,
  fetchCustomerStats,
  updateMemberships,
] as const;

const customersSlice = createSlice({
  name: 'customers',
  initialState: initialCustomersState,
  reducers: {
    /** Changes some filters; the page fetches the first page for them. */
    setCustomerFilters: (state, action: PayloadAction<Partial<CustomerFilters>>) => {
      // Assigned key by key: the same values keep the same object, so the page does not fetch again.
      Object.assign(state.filters, action.payload);
    },
    /** The customer whose details are open, shown at once from the list while the fresh copy loads. */
    selectCustomer: (state, action: PayloadAction<Customer | null>) => {
      state.selectedCustomer = action.payload;
    },
    clearCustomerMessages: (state) => {
      state.error = null;
      state.successMessage = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCustomers.fulfilled, (state, action) => {
        state.customers = action.payload.customers;
        state.pagination = action.payload.pagination;
      })
      .addCase(fetchCustomerById.fulfilled, (state, action) => {
        state.selectedCustomer = action.payload;
      })
      .addCase(createCustomer.fulfilled, (state, action) => {
        state.customers.unshift(action.payload.customer);
        state.pagination.totalItems += 1;
        state.successMessage = action.payload.message;
      })
      .addCase(updateCustomer.fulfilled, (state, action) => {
        const saved = action.payload.customer;
        state.customers = state.customers.map((customer) => (customer._id === saved._id ? saved : customer));
        if (state.selectedCustomer?._id === saved._id) state.selectedCustomer = saved;
        state.successMessage = action.payload.message;
      })
      .addCase(deleteCustomer.fulfilled, (state, action) => {
        const { id } = action.payload;
        const before = state.customers.length;
        state.customers = state.customers.filter((customer) => customer._id !== id);
        if (state.customers.length < before) state.pagination.totalItems -= 1;
        if (state.selectedCustomer?._id === id) state.selectedCustomer = null;
        state.successMessage = action.payload.message;
      })
      .addCase(fetchCustomerStats.fulfilled, (state, action) => {
        state.stats = action.payload;
      })
      .addCase(updateMemberships.fulfilled, (state, action) => {
        state.successMessage = action.payload.message;
      })
      // Signing out ends the list: the next person on this device loads their own.
      .addCase(removeUser, () => initialCustomersState)
      .addMatcher(isPending(...customerThunks), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isFulfilled(...customerThunks), (state) => {
        state.loading = false;
      })
      .addMatcher(isRejected(...customerThunks), (state, action) => {
        // A list request the page dropped for a newer one (filters changed) is no failure, and the newer one
        // is still loading.
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? null;
      });
  },
});

export const { setCustomerFilters, selectCustomer, clearCustomerMessages } = customersSlice.actions;
export const customersReducer = customersSlice.reducer;

export const selectCustomersState = (state: { customers: CustomersState }) => state.customers;
