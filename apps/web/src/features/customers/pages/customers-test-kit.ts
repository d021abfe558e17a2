import { screen, within } from '@testing-library/react';
import type { CreateCustomerBody, Customer, UpdateCustomerBody } from '@quan/contract/customer';
import type { User } from '@quan/contract/user';
import { makeCustomer } from '../../../test/data/customers';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { makeOrder } from '../../../test/data/orders';
import { installedEachTest } from '../../../test/installed-each-test';

// What the customers page's tests share: 23 customers, a fake server for them, and the list's rows and figures.

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
export const spaced = (text: string) => text.replace(/\s/g, ' ');

export const lan = makeCustomer(1, {
  name: 'Chị Lan',
  phone: '0901234567',
  email: 'lan@quan.test',
  membershipLevel: 'gold',
  loyaltyPoints: 1_250,
  totalSpent: 5_400_000,
  totalOrders: 18,
  lastVisit: '2026-03-01T12:00:00.000Z',
});
export const minh = makeCustomer(2, { name: 'Anh Minh', membershipLevel: 'platinum', loyaltyPoints: 3_000 });
export const hoa = makeCustomer(3, { name: 'Cô Hoa', status: 'inactive' });
/** 23 customers: Lan, Minh, Hoa, then 20 more; three pages of 10. */
export const everyone = [lan, minh, hoa, ...Array.from({ length: 20 }, (_, i) => makeCustomer(10 + i))];

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/** A little customer server: filters and pages like the real one; `refuse` may answer a write first. */
export function serveCustomers(refuse?: (write: Write) => FakeResponse | null) {
  let customers: Customer[] = [...everyone];
  const writes: Write[] = [];
  const lists: Record<string, unknown>[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/customers') {
      const params = config.params as Record<string, string | number>;
      lists.push(params);
      const search = String(params.search ?? '').toLowerCase();
      const matching = customers.filter(
        (customer) =>
          (!search || customer.name.toLowerCase().includes(search) || customer.phone.includes(search)) &&
          (!params.status || customer.status === params.status) &&
          (!params.membershipLevel || customer.membershipLevel === params.membershipLevel),
      );
      // The one order the tests look at: most points first (the others keep the list's own order).
      if (params.sort === 'points') matching.sort((a, b) => b.loyaltyPoints - a.loyaltyPoints);
      const page = Number(params.page);
      const limit = Number(params.limit);
      return {
        status: 200,
        body: {
          success: true,
          data: matching.slice((page - 1) * limit, page * limit),
          pagination: {
            currentPage: page,
            totalPages: Math.max(1, Math.ceil(matching.length / limit)),
            totalItems: matching.length,
            itemsPerPage: limit,
          },
        },
      };
    }
    if (method === 'GET' && url === '/api/customers/stats') {
      return ok({
        totalCustomers: customers.length,
        activeCustomers: customers.filter((customer) => customer.status === 'active').length,
        platinumCustomers: customers.filter((customer) => customer.membershipLevel === 'platinum').length,
        totalLoyaltyPoints: customers.reduce((sum, customer) => sum + customer.loyaltyPoints, 0),
      });
    }
    const id = /^\/api\/customers\/([^/]+)$/.exec(url)?.[1];
    if (method === 'GET' && id) return ok(customers.find((customer) => customer._id === id));
    if (method === 'GET' && url === '/api/order') {
      const params = config.params as Record<string, string | number>;
      if (params.customerId !== lan._id) return ok([]);
      return ok([
        makeOrder({ orderNo: 1042, status: 'completed', customerId: lan._id, createdAt: '2026-03-01T12:00:00.000Z' }),
        makeOrder({ orderNo: 1017, status: 'cancelled', customerId: lan._id, createdAt: '2026-02-20T05:00:00.000Z' }),
      ]);
    }
    const write = { method, url, body: config.data ? JSON.parse(config.data as string) : undefined };
    writes.push(write);
    const refusal = refuse?.(write);
    if (refusal) return refusal;
    if (method === 'POST' && url === '/api/customers') {
      const created = makeCustomer(99, write.body as CreateCustomerBody);
      customers = [created, ...customers];
      return { status: 201, body: { success: true, message: 'Customer created', data: created } };
    }
    if (method === 'PUT' && id) {
      customers = customers.map((customer) =>
        customer._id === id ? { ...customer, ...(write.body as UpdateCustomerBody) } : customer,
      );
      return ok(
        customers.find((customer) => customer._id === id),
        'Customer saved',
      );
    }
    if (method === 'DELETE' && id) {
      customers = customers.filter((customer) => customer._id !== id);
      return ok(null, 'Customer deleted successfully');
    }
    if (method === 'POST' && url === '/api/customers/update-memberships') {
      customers = customers.map((customer) =>
        customer._id === hoa._id ? { ...customer, membershipLevel: 'silver' } : customer,
      );
      return ok({ updated: 3 }, 'Memberships updated: 3 customers changed level');
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, writes, lists };
}

export function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

export const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((element) => element.getAttribute('aria-label'));

export function row(name: string) {
  return within(screen.getByRole('row', { name }));
}

export function figure(name: string) {
  return screen.getByRole('listitem', { name });
}

/** The fake server a test installs (`scene.server = serveCustomers(…)`), taken down after each test. */
export const customersScene = () =>
  installedEachTest('server', (server: ReturnType<typeof serveCustomers>) => server.fakeApi.restore());
