import type { Table } from '@quan/contract/table';

/** A table as GET /api/table returns it, for tests (the tables feature's and the pages composing it). */
export function makeTable(tableNo: number, overrides: Partial<Table> = {}): Table {
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-${String(tableNo).padStart(12, '0')}`,
    tableNo,
    seats: 4,
    status: 'available',
    currentOrder: null,
    qrKey: `key-${tableNo}`,
    createdAt: '2026-01-15T03:00:00.000Z',
    updatedAt: '2026-01-15T03:00:00.000Z',
    ...overrides,
  };
}
