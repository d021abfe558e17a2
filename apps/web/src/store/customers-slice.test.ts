import type { Customer } from '@quan/contract/customer';
import { describe, expect, it } from 'vitest';
import { makeCustomer } from '../test/data/customers';
import { ok } from '../test/fake-api';
import {
  clearCustomerMessages,
  createCustomer,
  deleteCustomer,
  fetchCustomerById,
  fetchCustomerStats,
  initialCustomersState,
  setCustomerFilters,
  updateCustomer,
  updateMemberships,
  type CustomersState,
} from './customers-slice';
import { customersOf, hoa, lan, minh, pagination, stats, storeWithList, sliceScene } from './customers-slice-test-kit';
import { createAppStore } from './store';
import { removeUser } from './user-slice';

const scene = sliceScene();

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

  it('fetchCustomerById stores the selected customer', async () => {
    const store = createAppStore();
    const fresh = { ...lan, loyaltyPoints: 130 };
    const api = scene.serve(() => ok(fresh));

    await store.dispatch(fetchCustomerById(lan._id));

    expect(api.requests).toEqual([`GET /api/customers/${lan._id}`]);
    expect(customersOf(store)).toMatchObject({ selectedCustomer: fresh, loading: false, error: null });
  });

  it('create puts the new customer first and counts it', async () => {
    const store = await storeWithList();
    const created = makeCustomer(9, { name: 'Bác Tư' });
    const api = scene.serve(() => ({
      status: 201,
      body: { success: true, message: 'Customer created', data: created },
    }));

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
    const api = scene.serve(() => ok(saved, 'Customer saved'));

    await store.dispatch(updateCustomer({ id: minh._id, changes: { name: saved.name, status: 'inactive' } }));

    expect(api.requests).toEqual([`PUT /api/customers/${minh._id}`]);
    expect(JSON.parse(api.configs[0]?.data as string)).toEqual({ name: 'Anh Minh (VIP)', status: 'inactive' });
    expect(customersOf(store).customers).toEqual([lan, saved, hoa]);
    expect(customersOf(store)).toMatchObject({ selectedCustomer: saved, successMessage: 'Customer saved' });
  });

  it('update of another customer leaves the selection alone', async () => {
    const store = await storeWithList();
    const saved = { ...hoa, notes: 'Ăn chay' };
    scene.serve(() => ok(saved, 'Customer saved'));

    await store.dispatch(updateCustomer({ id: hoa._id, changes: { notes: 'Ăn chay' } }));

    expect(customersOf(store).customers).toEqual([lan, minh, saved]);
    expect(customersOf(store).selectedCustomer).toEqual(minh);
  });

  it('delete removes the customer, clears a matching selection and says "Customer deleted successfully"', async () => {
    const store = await storeWithList();
    const api = scene.serve(() => ok(null, 'Customer deleted successfully'));

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
    scene.serve(() => ok(null));

    await store.dispatch(deleteCustomer(lan._id));

    expect(customersOf(store).customers).toEqual([minh, hoa]);
    expect(customersOf(store).selectedCustomer).toEqual(minh);
    expect(customersOf(store).successMessage).toBe('Customer deleted successfully');
  });

  it('fetchCustomerStats stores the figures', async () => {
    const store = createAppStore();
    const api = scene.serve(() => ok(stats));

    await store.dispatch(fetchCustomerStats());

    expect(api.requests).toEqual(['GET /api/customers/stats']);
    expect(customersOf(store)).toMatchObject({ stats, loading: false });
  });

  it('update-memberships only stores the success message', async () => {
    const store = await storeWithList();
    const before = customersOf(store);
    const api = scene.serve(() => ok({ updated: 3 }, 'Memberships updated: 3 customers changed level'));

    await store.dispatch(updateMemberships());

    expect(api.requests).toEqual(['POST /api/customers/update-memberships']);
    expect(customersOf(store)).toEqual({
      ...before,
      successMessage: 'Memberships updated: 3 customers changed level',
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
    scene.serve(() => ok(null));
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
