import { describe, expect, it } from 'vitest';
import { fail, ok, type FakeResponse } from '../test/fake-api';
import {
  createCustomer,
  deleteCustomer,
  fetchCustomerById,
  fetchCustomers,
  fetchCustomerStats,
  updateCustomer,
  updateMemberships,
} from './customers-slice';
import { customersOf, lan, stats, storeWithList, sliceScene } from './customers-slice-test-kit';
import { createAppStore, type AppStore } from './store';

const scene = sliceScene();

describe('customers slice', () => {
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
        scene.serve(answer);

        const result = await call(store);

        expect(result.payload).toBe(fallback);
        expect(customersOf(store)).toMatchObject({ loading: false, error: fallback });
        scene.fakeApi?.restore();
      }
    });

    it.each(calls)('%s: shows the server message', async (_name, _fallback, call) => {
      const store = createAppStore();
      scene.serve(() => fail(409, 'A customer with phone 0901234567 already exists'));

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
      scene.serve(() => fail(403, 'Only managers can do that'));

      await store.dispatch(deleteCustomer(lan._id));

      expect(customersOf(store)).toEqual({ ...before, error: 'Only managers can do that' });
    });

    it('the next call clears the previous error', async () => {
      const store = createAppStore();
      scene.serve(() => fail(500, ''));
      await store.dispatch(fetchCustomerStats());
      expect(customersOf(store).error).toBe('Failed to fetch customer stats');
      scene.fakeApi?.restore();

      scene.serve(() => ok(stats));
      const done = store.dispatch(fetchCustomerStats());
      expect(customersOf(store).error).toBeNull();
      await done;
    });
  });
});
