import type { Table, TableStatus } from '@quan/contract/table';

/** The message id of each table status's name: `t(tableStatusMessages[status])`. */
export const tableStatusMessages: Record<TableStatus, string> = {
  available: 'tables.status.available',
  booked: 'tables.status.booked',
};

export type TableFilter = 'all' | TableStatus;
export const tableFilters: readonly TableFilter[] = ['all', 'booked', 'available'];
/** The message id of each filter's name. */
export const tableFilterMessages: Record<TableFilter, string> = {
  all: 'tables.filter.all',
  booked: 'tables.status.booked',
  available: 'tables.status.available',
};

/** The message id of "no such tables right now", by filter. */
export const noTablesMessages: Record<TableFilter, string> = {
  all: 'tables.none.all',
  booked: 'tables.none.booked',
  available: 'tables.none.available',
};

export function filterTables(tables: readonly Table[], filter: TableFilter): Table[] {
  return filter === 'all' ? [...tables] : tables.filter((table) => table.status === filter);
}

/**
 * The address a table's QR code opens: the diner ordering page, with the key that proves the diner is seated.
 * `branchSlug`: the table's branch when it is not the first (`/b/<slug>/table/<n>`); the first branch's tables
 * keep the address their codes were printed with before there were branches.
 */
export function tableOrderingUrl(
  origin: string,
  table: Pick<Table, 'tableNo' | 'qrKey'>,
  branchSlug: string | null = null,
): string {
  const branch = branchSlug ? `/b/${encodeURIComponent(branchSlug)}` : '';
  return `${origin}${branch}/table/${table.tableNo}?key=${encodeURIComponent(table.qrKey)}`;
}
