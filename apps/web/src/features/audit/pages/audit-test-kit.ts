import { screen, within } from '@testing-library/react';
import type { AuditEntry } from '@quan/contract/audit';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser } from '../../../test/data/session';
import { installedEachTest } from '../../../test/installed-each-test';

// What the audit page's tests share: a manager and a staff member, an entry builder, a short trail and its server.

export const manager = makeUser({
  _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000a',
  name: 'Trần Thị Bình',
  role: 'manager',
});
export const staff = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b', name: 'Lê Minh Châu', role: 'staff' });
export const person = (user: typeof manager) => ({ _id: user._id, name: user.name });

export function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    kind: 'void',
    order: { _id: '0190a1b2-c3d4-7e5f-8a9b-000000000042', orderNo: 42 },
    actor: person(staff),
    approvedBy: null,
    summary: '',
    details: {},
    createdAt: '2026-01-15T12:42:00.000Z',
    ...overrides,
  };
}

export const order41 = '0190a1b2-c3d4-7e5f-8a9b-000000000041';
export const table3 = '0190a1b2-c3d4-7e5f-8a9b-0000000000c3';

/** A split's parts as the server stores them; only their totals are said. */
export const parts = (...totals: number[]) =>
  totals.map((total, index) => ({
    no: index + 1,
    lines: [],
    subtotal: total,
    discount: 0,
    serviceCharge: 0,
    tax: 0,
    total,
  }));

export const entries = [
  entry({
    kind: 'void',
    actor: person(staff),
    approvedBy: person(manager),
    summary: 'Voided 1 × Phở bò on order 42 (wrong dish): 65.000 ₫',
    details: {
      reason: 'wrong_dish',
      note: '',
      wasted: false,
      amount: 65_000,
      lines: [{ position: 0, roundNo: 1, name: 'Phở bò', price: 65_000, quantity: 1, started: true }],
    },
    createdAt: '2026-01-15T12:42:00.000Z',
  }),
  entry({
    kind: 'split',
    actor: person(staff),
    summary: "Split order 42's bill of 210.600 ₫ evenly between 2 guests: 105.300 ₫ + 105.300 ₫",
    details: { by: 'guests', total: 210_600, parts: parts(105_300, 105_300) },
    createdAt: '2026-01-15T12:30:00.000Z',
  }),
  entry({
    kind: 'merge',
    actor: person(manager),
    summary: 'Merged order 41 (80.000 ₫) into order 42; the bill is now 290.600 ₫',
    details: {
      fromOrderId: order41,
      fromOrderNo: 41,
      fromTableId: table3,
      fromTotal: 80_000,
      total: 290_600,
      roundOffset: 1,
      couponCode: null,
    },
    createdAt: '2026-01-15T12:05:00.000Z',
  }),
];

/** A staff member's void that the approval typed for the manager's email did not let through. */
export const refusedApproval = entry({
  kind: 'approval-refused',
  actor: person(staff),
  summary:
    'Refused the approval typed as binh@quan.vn to void 1 × Phở bò on order 42 (quality: Nguội): 65.000 ₫, wasted',
  details: {
    action: 'void',
    email: 'binh@quan.vn',
    reason: 'quality',
    note: 'Nguội',
    wasted: true,
    amount: 65_000,
    lines: [{ position: 0, roundNo: 1, name: 'Phở bò', price: 65_000, quantity: 1, started: true }],
  },
});

/** GET /api/audit filtered by kind and person as the server filters, and the accounts for the person filter. */
export function serveAudit(trail = entries) {
  return installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/audit') {
      const params = (config.params ?? {}) as Record<string, string | number | undefined>;
      const data = trail.filter(
        (one) =>
          (!params.kind || one.kind === params.kind) &&
          (!params.userId || one.actor?._id === params.userId || one.approvedBy?._id === params.userId),
      );
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 20 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    if (method === 'GET' && url === '/api/user/users') return ok([manager, staff]);
    return fail(404, 'Not found');
  });
}

export const listed = () =>
  within(screen.getByRole('list', { name: 'Audit entries, newest first' }))
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));

/** The fake server a test installs (`scene.fakeApi = serveAudit(…)`), taken down after each test. */
export const auditScene = () =>
  installedEachTest('fakeApi', (fakeApi: ReturnType<typeof serveAudit>) => fakeApi.restore());
