import { makeCustomer } from '../test/data/customers';
import { afterEach } from 'vitest';
import { installFakeApi, type FakeHandler } from '../test/fake-api';
import { fetchCustomers, selectCustomer } from './customers-slice';
import { createAppStore, type AppStore } from './store';

// What the customers slice's tests share: three customers, a page of them and the figures, and a store showing them.

export const lan = makeCustomer(1, { name: 'Chị Lan', membershipLevel: 'gold', loyaltyPoints: 120 });
export const minh = makeCustomer(2, { name: 'Anh Minh' });
export const hoa = makeCustomer(3, { name: 'Cô Hoa' });
export const pagination = { currentPage: 1, totalPages: 3, totalItems: 23, itemsPerPage: 10 };
export const stats = { totalCustomers: 23, activeCustomers: 20, platinumCustomers: 2, totalLoyaltyPoints: 4_560 };

export const customersOf = (store: AppStore) => store.getState().customers;

/** A store whose list already shows Lan, Minh and Hoa, with Minh's details open. */
export async function storeWithList(): Promise<AppStore> {
  const store = createAppStore();
  const api = installFakeApi(() => ({ status: 200, body: { success: true, data: [lan, minh, hoa], pagination } }));
  await store.dispatch(fetchCustomers({}));
  store.dispatch(selectCustomer(minh));
  api.restore();
  return store;
}

/**
 * The fake server each test installs with `scene.serve(handler)` (or replaces mid-test after `scene.fakeApi?.restore()`),
 * taken down after every test of the file.
 */
export function sliceScene() {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  return {
    get fakeApi() {
      return fakeApi;
    },
    serve(handler: FakeHandler) {
      fakeApi = installFakeApi(handler);
      return fakeApi;
    },
  };
}
