import {
  createAsyncThunk,
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type { Envelope, ErrorResponse, Pagination } from '@quan/contract/common';
import {
  CUSTOMER_PAGE_SIZE,
  type CreateCustomerBody,
  type Customer,
  type CustomerSort,
  type CustomerStats,
  type CustomerStatus,
  type MembershipLevel,
  type UpdateCustomerBody,
} from '@quan/contract/customer';
import { apiClient } from '../lib/api-client';
import {
  customerListQueryOptions,
  customerQueryOptions,
  customerStatsQueryOptions,
  invalidateCustomers,
  type CustomerListParams,
  type CustomerPage,
} from '../lib/customer-queries';
import { removeUser } from './user-slice';

/*
 * One cache for customers. The page's state below (its fields, its actions and their pending, fulfilled and
 * rejected steps, its sentences) is fixed by the product's first contract, so the page keeps dispatching these
 * thunks; but the thunks hold no data of their own and fetch nothing their own way. Every read is a
 * `queryClient.fetchQuery` with the query options of lib/customer-queries.ts, the fetchers and keys the POS's
 * look-ups use too: the answer is kept once, in the query cache, and the slice holds only what the page shows
 * of it right now (this page of the list, the figures, the open customer). Every write, once it succeeds,
 * invalidates the customers root there, the one place, so the POS and any other screen ask again without the
 * page knowing about them. The store hands the thunks its query client (`extra`, see store.ts).
 *
 * The page's contract is that each move asks the server (the list goes through `loading` every time), so the
 * reads ask with `staleTime: 0` instead of answering from a fresh copy, and with `retry: false`: a failure is
 * shown at once, and the page's "Try again" is the retry.
 */

/** What the store gives every customer thunk. */
export interface CustomersThunkExtra {
  queryClient: QueryClient;
}

/** How the thunks read through the cache: always from the server, never retried behind the page's back. */
const askTheServer = { staleTime: 0, retry: false } as const;

/** The list's filters; an empty string means "any". */
export interface CustomerFilters {
  search: string;
  status: CustomerStatus | '';
  membershipLevel: MembershipLevel | '';
}

/** The customer page's state; its fields are fixed by the product specification. */
export interface CustomersState {
  customers: Customer[];
  selectedCustomer: Customer | null;
  stats: CustomerStats;
  pagination: Pagination;
  filters: CustomerFilters;
  /**
   * The order of the list. Staff open the page to find the regulars, so it starts with the latest visits
   * rather than the server's default (the newest customers, who have no points yet).
   */
  sort: CustomerSort;
  loading: boolean;
  error: string | null;
  successMessage: string | null;
}

/** Shown when the server gives no message of its own; the wording is fixed by the product specification. */
export const customerErrorFallbacks = {
  fetchList: 'Failed to fetch customers',
  fetchOne: 'Failed to fetch customer',
  create: 'Failed to create customer',
  update: 'Failed to update customer',
  delete: 'Failed to delete customer',
  stats: 'Failed to fetch customer stats',
  updateMemberships: 'Failed to update customer memberships',
} as const;

/** The success message after a delete: fixed product wording. */
export const customerDeletedMessage = 'Customer deleted successfully';

export const initialCustomersState: CustomersState = {
  customers: [],
  selectedCustomer: null,
  stats: { totalCustomers: 0, activeCustomers: 0, platinumCustomers: 0, totalLoyaltyPoints: 0 },
  pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: CUSTOMER_PAGE_SIZE },
  filters: { search: '', status: '', membershipLevel: '' },
  sort: 'recent',
  loading: false,
  error: null,
  successMessage: null,
};

/** The server's message when it sent one, otherwise the call's fallback. */
export function customerErrorMessage(error: unknown, fallback: string): string {
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const message = typeof body === 'object' && body !== null ? (body as Partial<ErrorResponse>).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/**
 * A thunk for one customer call: its payload is `request`'s result; a failure is rejected with the message to
 * show, so `unwrap()` hands the page that sentence.
 */
function customerThunk<Result, Arg>(
  type: string,
  fallback: string,
  request: (arg: Arg, queryClient: QueryClient) => Promise<Result>,
) {
  return createAsyncThunk<Result, Arg, { rejectValue: string; extra: CustomersThunkExtra }>(
    `customers/${type}`,
    async (arg, { rejectWithValue, extra }) => {
      try {
        return await request(arg, extra.queryClient);
      } catch (error) {
        return rejectWithValue(customerErrorMessage(error, fallback));
      }
    },
  );
}

export interface FetchCustomersArg extends Partial<CustomerFilters> {
  sort?: CustomerSort;
  page?: number;
  limit?: number;
}

const path = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

type CustomersRoot = { customers: CustomersState };

/** The list request under way in each store, by the store's `getState`: what it asked for, and its abort. */
const listRequests = new WeakMap<() => unknown, { key: string; controller: AbortController }>();

/** The query of a list request; empty filters are left out. */
function listParams({ page = 1, limit = CUSTOMER_PAGE_SIZE, ...filters }: FetchCustomersArg): CustomerListParams {
  return Object.fromEntries(Object.entries({ ...filters, page, limit }).filter(([, value]) => value !== ''));
}

/**
 * GET /api/customers: one page of the list. A request for the same page and filters as the one under way is
 * not sent again, and a request for another one replaces it: the older one is aborted (a rejection that is no
 * failure), so its late answer never overwrites the newer list.
 */
export const fetchCustomers = createAsyncThunk<
  CustomerPage,
  FetchCustomersArg,
  { rejectValue: string; extra: CustomersThunkExtra }
>(
  'customers/fetchCustomers',
  async (arg, { getState, rejectWithValue, signal, extra: { queryClient } }) => {
    const params = listParams(arg);
    const options = customerListQueryOptions(params);
    const request = new AbortController();
    let settled = false;
    signal.addEventListener('abort', () => request.abort(), { once: true });
    // Dropped while under way, its query is cancelled: the request stops and the cache keeps what it had.
    const cancel = () => void (settled || queryClient.cancelQueries({ queryKey: options.queryKey, exact: true }));
    request.signal.addEventListener('abort', cancel, { once: true });
    listRequests.get(getState)?.controller.abort();
    listRequests.set(getState, { key: JSON.stringify(params), controller: request });
    try {
      return await queryClient.fetchQuery({ ...options, ...askTheServer });
    } catch (error) {
      // Named AbortError, the rejection is marked `aborted`, which the reducers leave alone.
      if (request.signal.aborted) throw new DOMException('A newer list request replaced this one', 'AbortError');
      return rejectWithValue(customerErrorMessage(error, customerErrorFallbacks.fetchList));
    } finally {
      settled = true;
      if (listRequests.get(getState)?.controller === request) listRequests.delete(getState);
    }
  },
  {
    condition: (arg, { getState }) => listRequests.get(getState)?.key !== JSON.stringify(listParams(arg)),
  },
);

export const fetchCustomerById = customerThunk(
  'fetchCustomerById',
  customerErrorFallbacks.fetchOne,
  (id: string, queryClient) => queryClient.fetchQuery({ ...customerQueryOptions(id), ...askTheServer }),
);

export const createCustomer = customerThunk(
  'createCustomer',
  customerErrorFallbacks.create,
  async (body: CreateCustomerBody, queryClient) => {
    const response = await apiClient.post<Envelope<Customer>>('/api/customers', body);
    void invalidateCustomers(queryClient);
    return { customer: response.data.data, message: response.data.message ?? 'Customer created' };
  },
);

export const updateCustomer = customerThunk(
  'updateCustomer',
  customerErrorFallbacks.update,
  async ({ id, changes }: { id: string; changes: UpdateCustomerBody }, queryClient) => {
    const response = await apiClient.put<Envelope<Customer>>(path(id), changes);
    void invalidateCustomers(queryClient);
    return { customer: response.data.data, message: response.data.message ?? 'Customer saved' };
  },
);

export const deleteCustomer = customerThunk(
  'deleteCustomer',
  customerErrorFallbacks.delete,
  async (id: string, queryClient) => {
    await apiClient.delete(path(id));
    void invalidateCustomers(queryClient);
    return { id, message: customerDeletedMessage };
  },
);

export const fetchCustomerStats = customerThunk(
  'fetchCustomerStats',
  customerErrorFallbacks.stats,
  (_: void, queryClient): Promise<CustomerStats> =>
    queryClient.fetchQuery({ ...customerStatsQueryOptions(), ...askTheServer }),
);

/** Re-checks every customer's level on the last 365 days' spend (managers). */
export const updateMemberships = customerThunk(
  'updateMemberships',
  customerErrorFallbacks.updateMemberships,
  async (_: void, queryClient) => {
    const response = await apiClient.post<Envelope<{ updated: number }>>('/api/customers/update-memberships');
    void invalidateCustomers(queryClient);
    return { updated: response.data.data.updated, message: response.data.message ?? 'Memberships updated' };
  },
);

type CustomersThunk<Result> = ThunkAction<Result, CustomersRoot, CustomersThunkExtra, UnknownAction>;

/**
 * The list and the figures again, after a change that moved them (a delete, the membership update) or to try
 * again after a failure: the current page with the current filters, or the page before when the change
 * emptied a later page.
 */
export function reloadCustomers(): CustomersThunk<void> {
  return (dispatch, getState) => {
    const { filters, sort, pagination, customers } = getState().customers;
    const page =
      customers.length === 0 && pagination.currentPage > 1 ? pagination.currentPage - 1 : pagination.currentPage;
    void dispatch(fetchCustomers({ ...filters, sort, page }));
    void dispatch(fetchCustomerStats());
  };
}

/** Deletes a customer and, once it is gone, reloads the list and the figures. Answers as `deleteCustomer`. */
export function deleteCustomerAndReload(id: string): CustomersThunk<ReturnType<ReturnType<typeof deleteCustomer>>> {
  return (dispatch) => {
    const request = dispatch(deleteCustomer(id));
    void request.then((result) => {
      if (deleteCustomer.fulfilled.match(result)) dispatch(reloadCustomers());
    });
    return request;
  };
}

/** Re-checks every level and then reloads the list and the figures, which it changed. Answers as `updateMemberships`. */
export function updateMembershipsAndReload(): CustomersThunk<ReturnType<ReturnType<typeof updateMemberships>>> {
  return (dispatch) => {
    const request = dispatch(updateMemberships());
    void request.then((result) => {
      if (updateMemberships.fulfilled.match(result)) dispatch(reloadCustomers());
    });
    return request;
  };
}

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
    /** Orders the list another way; the page fetches the first page in that order. */
    setCustomerSort: (state, action: PayloadAction<CustomerSort>) => {
      state.sort = action.payload;
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
        // A list request replaced by a newer one (or dropped by its caller) is no failure, and the newer one
        // is still loading.
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? null;
      });
  },
});

export const { setCustomerFilters, setCustomerSort, selectCustomer, clearCustomerMessages } = customersSlice.actions;
export const customersReducer = customersSlice.reducer;

export const selectCustomersState = (state: CustomersRoot) => state.customers;

/**
 * Whether a list (or figures) from the server is in the state yet. Until the first answer the state still holds
 * the initial placeholders, the very objects of `initialCustomersState` (signing out puts them back), so the
 * page says it is loading instead of showing an empty list or zero figures.
 */
export const selectHasCustomerList = (state: CustomersRoot) =>
  state.customers.pagination !== initialCustomersState.pagination;
export const selectHasCustomerStats = (state: CustomersRoot) => state.customers.stats !== initialCustomersState.stats;
