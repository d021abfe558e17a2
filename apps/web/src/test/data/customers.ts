import type { Customer } from '@quan/contract/customer';

/** A customer as GET /api/customers returns one; `n` makes the id and phone unique. */
export function makeCustomer(n: number, overrides: Partial<Customer> = {}): Customer {
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, '0')}`,
    name: `Khách ${n}`,
    phone: `09${String(n).padStart(8, '0')}`,
    email: '',
    dateOfBirth: null,
    address: '',
    notes: '',
    status: 'active',
    membershipLevel: 'bronze',
    loyaltyPoints: 0,
    totalSpent: 0,
    totalOrders: 0,
    lastVisit: null,
    createdAt: '2026-01-10T03:00:00.000Z',
    updatedAt: '2026-01-10T03:00:00.000Z',
    ...overrides,
  };
}
