import { describe, expect, it, vi } from 'vitest';
import { customerQueryKeys } from '../lib/customer-queries';
import { createQueryClient } from '../lib/query-client';
import { fail, ok } from '../test/fake-api';
import {
  deleteCustomerAndReload,
  fetchCustomers,
  fetchCustomerStats,
  setCustomerFilters,
  updateCustomer,
  updateMembershipsAndReload,
} from './customers-slice';
import { customersOf, hoa, lan, minh, pagination, stats, storeWithList, sliceScene } from './customers-slice-test-kit';
import { createAppStore } from './store';

const scene = sliceScene();

describe('customers slice', () => {
  it('fetchCustomers goes through loading, then stores the page and its pagination', async () => {
    const store = createAppStore();
    const api = scene.serve(() => ({ status: 200, body: { success: true, data: [lan, minh], pagination } }));

    const done = store.dispatch(fetchCustomers({ search: 'lan', status: '', membershipLevel: 'gold', page: 2 }));
    expect(customersOf(store)).toMatchObject({ loading: true, error: null });
    await done;

    expect(customersOf(store)).toMatchObject({ customers: [lan, minh], pagination, loading: false, error: null });
    // Empty filters are left out; the page size defaults to 10.
    expect(api.configs[0]?.params).toEqual({ search: 'lan', membershipLevel: 'gold', page: 2, limit: 10 });
  });

  it('a list request dropped for a newer one is no error and leaves the newer one loading', async () => {
    const store = createAppStore();
    scene.serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));

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
    const api = scene.serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));

    const first = store.dispatch(fetchCustomers({ search: 'lan' }));
    const again = store.dispatch(fetchCustomers({ search: 'lan', status: '' }));
    await Promise.all([first, again]);

    expect(api.requests).toEqual(['GET /api/customers']);
    expect((await again).meta).toMatchObject({ condition: true });
    expect(customersOf(store)).toMatchObject({ customers: [lan], loading: false, error: null });
  });

  it('drops the list request under way for a newer one, so its late answer never lands', async () => {
    const store = createAppStore();
    const api = scene.serve(({ config }) => {
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
    scene.serve(() => ({ status: 200, body: { success: true, data: [hoa], pagination: lastPage } }));
    await store.dispatch(fetchCustomers({ status: 'active', page: 3 }));
    store.dispatch(setCustomerFilters({ status: 'active' }));
    scene.fakeApi?.restore();
    const api = scene.serve(({ method, url }) => {
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
    const failing = scene.serve(() => fail(500, ''));
    await expect(store.dispatch(updateMembershipsAndReload()).unwrap()).rejects.toBe(
      'Failed to update customer memberships',
    );
    expect(failing.requests).toEqual(['POST /api/customers/update-memberships']);
    scene.fakeApi?.restore();

    const api = scene.serve(({ url }) => {
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
    const api = scene.serve(({ url }) =>
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
    scene.serve(() => ({ status: 200, body: { success: true, data: [lan], pagination } }));
    await store.dispatch(fetchCustomers({}));
    // What a POS look-up keeps, under the same root.
    queryClient.setQueryData(customerQueryKeys.list({ search: 'lan', limit: 5 }), { customers: [lan], pagination });
    scene.fakeApi?.restore();
    const invalidated = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: customerQueryKeys.all })
        .map((query) => query.state.isInvalidated);

    scene.serve(() => fail(409, 'A customer with phone 0901234567 already exists'));
    await store.dispatch(updateCustomer({ id: lan._id, changes: { phone: '0901234567' } }));
    expect(invalidated()).toEqual([false, false]);
    scene.fakeApi?.restore();

    scene.serve(() => ok({ ...lan, notes: 'Ăn chay' }, 'Customer saved'));
    await store.dispatch(updateCustomer({ id: lan._id, changes: { notes: 'Ăn chay' } }));
    expect(invalidated()).toEqual([true, true]);
  });
});
