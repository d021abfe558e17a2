import type { Customer } from '@quan/contract/customer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerQueryKeys } from '../lib/customer-queries';
import { createQueryClient } from '../lib/query-client';
import { makeCustomer } from '../test/data/customers';
import { fail, installFakeApi, ok, type FakeHandler, type FakeResponse } from '../test/fake-api';
import {
  clearCustomerMessages,
  createCustomer,
  deleteCustomer,
  deleteCustomerAndReload,
  fetchCustomerById,
  fetchCustomers,
  fetchCustomerStats,
  initialCustomersState,
  selectCustomer,
  setCustomerFilters,
  updateCustomer,
  updateMemberships,
  updateMembershipsAndReload,
  type CustomersState,
} from './customers-slice';
import { createAppStore, type AppStore } from './store';
import { removeUser } from './user-slice';

const lan = makeCustomer(1, { name: 'Chị Lan', membershipLevel: 'gold', loyaltyPoints: 120 });
const minh = makeCustomer(2, { name: 'Anh Minh' });
const hoa = makeCustomer(3, { name: 'Cô Hoa' });
const pagination = { currentPage: 1, totalPages: 3, totalItems: 23, itemsPerPage: 10 };
const stats = { totalCustomers: 23, activeCustomers: 20, platinumCustomers: 2, totalLoyaltyPoints: 4_560 };

let fakeApi: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => fakeApi?.restore());

function serve(handler: FakeHandler) {
  fakeApi = installFakeApi(handler);
  return fakeApi;
}

const customersOf = (store: AppStore) => store.getState().customers;

/** A store whose list already shows Lan, Minh and Hoa, with Minh's details open. */
async function storeWithList(): Promise<AppStore> {
  const store = createAppStore();
  serve(() => ({ status: 200, body: { success: true, data: [lan, minh, hoa], pagination } }));
  await store.dispatch(fetchCustomers({}));
  store.dispatch(selectCustomer(minh));
  fakeApi?.restore();
  return store;
}

describe('customers slice', () => {
  it('starts empty, on page 1 with no filters, the latest visits first, and with the fixed page size of 10', () => {
    expect(customersOf(createAppStore())).toEqual({
      customers: [],
      selectedCustomer: null,
      stats: { totalCustomers: 0, activeCustomers: 0, platinumCustomers: 0, totalLoyaltyPoints: 0 },
      pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10 },
      filters: { search: '', status: '', membershipLevel: '' },
      sort: 'recent',
      loading: false,
      error: null,
      successMessage: null,
    } satisfies CustomersState);
  });

  it('fetchCustomers goes through loading, then stores the page and its pagination', async () => {
    const store = createAppStore();
    const api = serve(() => ({ status: 200, body: { success: true, data: [lan, minh], pagination } }));

    const done = store.dispatch(fetchCustomers({ search: 'lan', status: '', membershipLevel: 'gold', page: 2 }));
    expect(customersOf(store)).toMatchObject({ loading: true, error: null });
    await done;

    expect(customersOf(store)).toMatchObject({ customers: [lan, minh], pagination, loading: false, error: null });
    // Empty filters are left out; the page size defaults to 10.
    expect(api.configs[0]?.params).toEqual({ search: 'lan', membershipLevel: 'gold', page: 2, limit: 10 });
  });

  it('a list request dropped for a newer one is no error and leaves the newer one loading', async () => {
    const store = createAppStore();
    serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));

    const dropped = store.dispatch(fetchCustomers({ search: 'l' }));
    const newer = store.dispatch(fetchCustomers({ search: 'lan' }));
    dropped.abort();
    await dropped;
    expect(customersOf(store)).toMatchObject({ loading: true, error: null });

    await newer;
    expect(customersOf(store)).toMatchObject({ customers: [lan], loading: false, error: null });
  });

  it('does not send a list request again while the same one is under way', async () => {
    const store = createAppStore();
    const api = serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));

    const first = store.dispatch(fetchCustomers({ search: 'lan' }));
    const again = store.dispatch(fetchCustomers({ search: 'lan', status: '' }));
    await Promise.all([first, again]);

    expect(api.requests).toEqual(['GET /api/customers']);
    expect((await again).meta).toMatchObject({ condition: true });
    expect(customersOf(store)).toMatchObject({ customers: [lan], loading: false, error: null });
  });

  it('drops the list request under way for a newer one, so its late answer never lands', async () => {
    const store = createAppStore();
    const api = serve(({ config }) => {
      const search = (config.params as { search?: string }).search;
      return { status: 200, body: { success: true, data: search === 'lan' ? [lan] : [minh], pagination } };
    });

    const older = store.dispatch(fetchCustomers({ search: 'minh' }));
    const newer = store.dispatch(fetchCustomers({ search: 'lan' }));

    expect((await older).meta).toMatchObject({ aborted: true });
    await newer;
    expect(api.configs.map((config) => (config.params as { search?: string }).search)).toEqual(['lan']);
    expect(customersOf(store)).toMatchObject({ customers: [lan], loading: false, error: null });
  });

  it('deleteCustomerAndReload reloads the figures and the list, the page before when it emptied a later one', async () => {
    const store = createAppStore();
    const lastPage = { currentPage: 3, totalPages: 3, totalItems: 21, itemsPerPage: 10 };
    serve(() => ({ status: 200, body: { success: true, data: [hoa], pagination: lastPage } }));
    await store.dispatch(fetchCustomers({ status: 'active', page: 3 }));
    store.dispatch(setCustomerFilters({ status: 'active' }));
    fakeApi?.restore();
    const api = serve(({ method, url }) => {
      if (method === 'DELETE') return ok(null, 'Customer deleted successfully');
      if (url === '/api/customers/stats') return ok(stats);
      return { status: 200, body: { success: true, data: [lan, minh], pagination: { ...lastPage, currentPage: 2 } } };
    });

    const result = await store.dispatch(deleteCustomerAndReload(hoa._id)).unwrap();

    expect(result.message).toBe('Customer deleted successfully');
    await vi.waitFor(() => expect(customersOf(store)).toMatchObject({ customers: [lan, minh], stats, loading: false }));
    expect(api.requests).toEqual([
      `DELETE /api/customers/${hoa._id}`,
      'GET /api/customers',
      'GET /api/customers/stats',
    ]);
    expect(api.configs[1]?.params).toEqual({ status: 'active', sort: 'recent', page: 2, limit: 10 });
  });

  it('updateMembershipsAndReload reloads the same page, and nothing when the update fails', async () => {
    const store = await storeWithList();
    const failing = serve(() => fail(500, ''));
    await expect(store.dispatch(updateMembershipsAndReload()).unwrap()).rejects.toBe(
      'Failed to update customer memberships',
    );
    expect(failing.requests).toEqual(['POST /api/customers/update-memberships']);
    fakeApi?.restore();

    const api = serve(({ url }) => {
      if (url === '/api/customers/update-memberships') return ok({ updated: 1 }, 'Memberships updated');
      if (url === '/api/customers/stats') return ok(stats);
      return { status: 200, body: { success: true, data: [lan, minh, hoa], pagination } };
    });
    await store.dispatch(updateMembershipsAndReload());
    await vi.waitFor(() => expect(api.requests).toHaveLength(3));
    expect(api.configs[1]?.params).toEqual({ sort: 'recent', page: 1, limit: 10 });
  });

  it('keeps each answer once, in the query cache the POS look-ups share, and asks the server at every fetch', async () => {
    const queryClient = createQueryClient();
    const store = createAppStore({ queryClient });
    const api = serve(({ url }) =>
      url === '/api/customers/stats'
        ? ok(stats)
        : { status: 200, body: { success: true, data: [lan, minh], pagination } },
    );

    await store.dispatch(fetchCustomers({ search: 'lan', status: '' }));
    await store.dispatch(fetchCustomerStats());
    await store.dispatch(fetchCustomers({ search: 'lan' }));

    expect(queryClient.getQueryData(customerQueryKeys.list({ search: 'lan', page: 1, limit: 10 }))).toEqual({
      customers: [lan, minh],
      pagination,
    });
    expect(queryClient.getQueryData(customerQueryKeys.stats)).toEqual(stats);
    expect(queryClient.getQueryCache().findAll({ queryKey: customerQueryKeys.all })).toHaveLength(2);
    // The page's contract: the same list asked for again is fetched again, not answered from the cache.
    expect(api.requests).toEqual(['GET /api/customers', 'GET /api/customers/stats', 'GET /api/customers']);
  });

  it('a change invalidates every cached answer about customers, in the one place; a failed one does not', async () => {
    const queryClient = createQueryClient();
    const store = createAppStore({ queryClient });
    serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));
    await store.dispatch(fetchCustomers({}));
    // What a POS look-up keeps, under the same root.
    queryClient.setQueryData(customerQueryKeys.list({ search: 'lan', limit: 5 }), { customers: [lan], pagination });
    fakeApi?.restore();
    const invalidated = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: customerQueryKeys.all })
        .map((query) => query.state.isInvalidated);

    serve(() => fail(409, 'A customer with phone 0901234567 already exists'));
    await store.dispatch(updateCustomer({ id: lan._id, changes: { phone: '0901234567' } }));
    expect(invalidated()).toEqual([false, false]);
    fakeApi?.restore();

    serve(() => ok({ ...lan, notes: 'Ăn chay' }, 'Customer saved'));
    await store.dispatch(updateCustomer({ id: lan._id, changes: { notes: 'Ăn chay' } }));
    expect(invalidated()).toEqual([true, true]);
  });

  it('fetchCustomerById stores the selected customer', async () => {
    const store = createAppStore();
    const fresh = { ...lan, loyaltyPoints: 130 };
    const api = serve(() => ok(fresh));

    await store.dispatch(fetchCustomerById(lan._id));

    expect(api.requests).toEqual([`GET /api/customers/${lan._id}`]);
    expect(customersOf(store)).toMatchObject({ selectedCustomer: fresh, loading: false, error: null });
  });

  it('create puts the new customer first and counts it', async () => {
    const store = await storeWithList();
    const created = makeCustomer(9, { name: 'Bác Tư' });
    const api = serve(() => ({ status: 201, body: { success: true, message: 'Customer created', data: created } }));

    await store.dispatch(createCustomer({ name: 'Bác Tư', phone: created.phone }));

    expect(api.requests).toEqual(['POST /api/customers']);
    expect(customersOf(store).customers.map((customer) => customer.name)).toEqual([
      'Bác Tư',
      'Chị Lan',
      'Anh Minh',
      'Cô Hoa',
    ]);
    expect(customersOf(store)).toMatchObject({
      pagination: { ...pagination, totalItems: 24 },
      successMessage: 'Customer created',
      loading: false,
    });
  });

  it('update replaces the customer in the list and in the selection', async () => {
    const store = await storeWithList();
    const saved: Customer = { ...minh, name: 'Anh Minh (VIP)', status: 'inactive' };
    const api = serve(() => ok(saved, 'Customer saved'));

    await store.dispatch(updateCustomer({ id: minh._id, changes: { name: saved.name, status: 'inactive' } }));

    expect(api.requests).toEqual([`PUT /api/customers/${minh._id}`]);
    expect(JSON.parse(api.configs[0]?.data as string)).toEqual({ name: 'Anh Minh (VIP)', status: 'inactive' });
    expect(customersOf(store).customers).toEqual([lan, saved, hoa]);
    expect(customersOf(store)).toMatchObject({ selectedCustomer: saved, successMessage: 'Customer saved' });
  });

  it('update of another customer leaves the selection alone', async () => {
    const store = await storeWithList();
    const saved = { ...hoa, notes: 'Ăn chay' };
    serve(() => ok(saved, 'Customer saved'));

    await store.dispatch(updateCustomer({ id: hoa._id, changes: { notes: 'Ăn chay' } }));

    expect(customersOf(store).customers).toEqual([lan, minh, saved]);
    expect(customersOf(store).selectedCustomer).toEqual(minh);
  });

  it('delete removes the customer, clears a matching selection and says "Customer deleted successfully"', async () => {
    const store = await storeWithList();
    const api = serve(() => ok(null, 'Customer deleted successfully'));

    await store.dispatch(deleteCustomer(minh._id));

    expect(api.requests).toEqual([`DELETE /api/customers/${minh._id}`]);
    expect(customersOf(store)).toMatchObject({
      customers: [lan, hoa],
      selectedCustomer: null,
      pagination: { ...pagination, totalItems: 22 },
      successMessage: 'Customer deleted successfully',
      loading: false,
    });
  });

  it('delete of another customer keeps the selection', async () => {
    const store = await storeWithList();
    serve(() => ok(null));

    await store.dispatch(deleteCustomer(lan._id));

    expect(customersOf(store).customers).toEqual([minh, hoa]);
    expect(customersOf(store).selectedCustomer).toEqual(minh);
    expect(customersOf(store).successMessage).toBe('Customer deleted successfully');
  });

  it('fetchCustomerStats stores the figures', async () => {
    const store = createAppStore();
    const api = serve(() => ok(stats));

    await store.dispatch(fetchCustomerStats());

    expect(api.requests).toEqual(['GET /api/customers/stats']);
    expect(customersOf(store)).toMatchObject({ stats, loading: false });
  });

  it('update-memberships only stores the success message', async () => {
    const store = await storeWithList();
    const before = customersOf(store);
    const api = serve(() => ok({ updated: 3 }, 'Memberships updated: 3 customers changed level'));

    await store.dispatch(updateMemberships());

    expect(api.requests).toEqual(['POST /api/customers/update-memberships']);
    expect(customersOf(store)).toEqual({
      ...before,
      successMessage: 'Memberships updated: 3 customers changed level',
    });
  });

  describe('errors: the server message when given, else the fixed fallback text word for word', () => {
    type Call = (store: AppStore) => Promise<{ payload?: unknown }>;
    const calls: [string, string, Call][] = [
      ['fetch customers', 'Failed to fetch customers', (store) => store.dispatch(fetchCustomers({}))],
      ['fetch customer', 'Failed to fetch customer', (store) => store.dispatch(fetchCustomerById(lan._id))],
      [
        'create customer',
        'Failed to create customer',
        (store) => store.dispatch(createCustomer({ name: 'Bác Tư', phone: '0909999999' })),
      ],
      [
        'update customer',
        'Failed to update customer',
        (store) => store.dispatch(updateCustomer({ id: lan._id, changes: { notes: '' } })),
      ],
      ['delete customer', 'Failed to delete customer', (store) => store.dispatch(deleteCustomer(lan._id))],
      ['fetch stats', 'Failed to fetch customer stats', (store) => store.dispatch(fetchCustomerStats())],
      ['update memberships', 'Failed to update customer memberships', (store) => store.dispatch(updateMemberships())],
    ];

    const answersWithoutMessage: [string, () => FakeResponse][] = [
      ['a 500 without a body', () => ({ status: 500, body: '' })],
      ['an error body without a message', () => ({ status: 502, body: { success: false } })],
      [
        'no answer at all',
        () => {
          throw new Error('socket hang up');
        },
      ],
    ];

    it.each(calls)('%s: falls back to "%s"', async (_name, fallback, call) => {
      for (const [, answer] of answersWithoutMessage) {
        const store = createAppStore();
        serve(answer);

        const result = await call(store);

        expect(result.payload).toBe(fallback);
        expect(customersOf(store)).toMatchObject({ loading: false, error: fallback });
        fakeApi?.restore();
      }
    });

    it.each(calls)('%s: shows the server message', async (_name, _fallback, call) => {
      const store = createAppStore();
      serve(() => fail(409, 'A customer with phone 0901234567 already exists'));

      const result = await call(store);

      expect(result.payload).toBe('A customer with phone 0901234567 already exists');
      expect(customersOf(store)).toMatchObject({
        loading: false,
        error: 'A customer with phone 0901234567 already exists',
      });
    });

    it('a failure leaves the list, the selection and the stats as they were', async () => {
      const store = await storeWithList();
      const before = customersOf(store);
      serve(() => fail(403, 'Only managers can do that'));

      await store.dispatch(deleteCustomer(lan._id));

      expect(customersOf(store)).toEqual({ ...before, error: 'Only managers can do that' });
    });

    it('the next call clears the previous error', async () => {
      const store = createAppStore();
      serve(() => fail(500, ''));
      await store.dispatch(fetchCustomerStats());
      expect(customersOf(store).error).toBe('Failed to fetch customer stats');
      fakeApi?.restore();

      serve(() => ok(stats));
      const done = store.dispatch(fetchCustomerStats());
      expect(customersOf(store).error).toBeNull();
      await done;
    });
  });

  it('setCustomerFilters changes only the filters given', () => {
    const store = createAppStore();

    store.dispatch(setCustomerFilters({ search: 'lan' }));
    store.dispatch(setCustomerFilters({ membershipLevel: 'gold' }));
    store.dispatch(setCustomerFilters({ status: 'inactive', search: '' }));

    expect(customersOf(store).filters).toEqual({ search: '', status: 'inactive', membershipLevel: 'gold' });
  });

  it('clearCustomerMessages clears the error and the success message', async () => {
    const store = await storeWithList();
    serve(() => ok(null));
    await store.dispatch(deleteCustomer(lan._id));
    store.dispatch(clearCustomerMessages());
    expect(customersOf(store)).toMatchObject({ error: null, successMessage: null });
  });

  it('is reset when the user signs out', async () => {
    const store = await storeWithList();

    store.dispatch(removeUser());

    expect(customersOf(store)).toEqual(initialCustomersState);
  });
});
