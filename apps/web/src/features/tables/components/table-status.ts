import type { Table, TableStatus } from '@quan/contract/table';

export const tableStatusLabels: Record<TableStatus, string> = { available: 'Available', booked: 'Booked' };

export type TableFilter = 'all' | TableStatus;
export const tableFilters: readonly TableFilter[] = ['all', 'booked', 'available'];
export const tableFilterLabels: Record<TableFilter, string> = { all: 'All', booked: 'Booked', available: 'Available' };

export function filterTables(tables: readonly Table[], filter: TableFilter): Table[] {
  return filter === 'all' ? [...tables] : tables.filter((table) => table.status === filter);
}

/** The address a table's QR code opens: the diner ordering page, with the key that proves the diner is seated. */
export function tableOrderingUrl(origin: string, table: Pick<Table, 'tableNo' | 'qrKey'>): string {
  return `${origin}/table/${table.tableNo}?key=${encodeURIComponent(table.qrKey)}`;
}
