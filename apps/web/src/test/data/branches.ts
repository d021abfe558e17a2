import type { Branch } from '@quan/contract/branch';
import type { FakeResponse } from '../fake-api';

/** A branch of the chain as GET /api/branches answers it: not the first, with no address or tax code. */
export function makeBranch(overrides: Partial<Branch> & Pick<Branch, '_id' | 'name' | 'slug'>): Branch {
  return {
    address: '',
    phone: '',
    taxCode: '',
    receiptHeader: '',
    isFirst: false,
    createdAt: '2026-01-15T03:00:00.000Z',
    updatedAt: '2026-01-15T03:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/branches's answer: the person's branches, in a chain of `chainSize` (by default, just those). */
export function branchListAnswer(branches: readonly Branch[], chainSize: number = branches.length): FakeResponse {
  return { status: 200, body: { success: true, data: branches, chainSize } };
}
