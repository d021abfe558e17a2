import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { orderListFiltersOf, withOrder, type OrderPage } from '../features/orders/api/list-orders';
import { tablesQueryKey, withSeatedOrder, withTable } from '../features/tables/api/list-tables';
import { queryRoots } from '../lib/query-keys';

/**
 * Brings every cached query under `root` up to date with what a live event carries, without asking the
 * server: `update` answers a query's new data, or undefined when it cannot tell (a shape it does not know,
 * a page whose neighbours would shift). Those queries, and the ones not loaded yet or loading right now, are
 * invalidated instead, so only what cannot be worked out here is fetched again.
 */
function updateCachedQueries(
  queryClient: QueryClient,
  root: QueryKey,
  update: (queryKey: QueryKey, data: unknown) => unknown,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: root })) {
    const { data, fetchStatus } = query.state;
    const next = data !== undefined && fetchStatus === 'idle' ? update(query.queryKey, data) : undefined;
    if (next === undefined) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

const tablesHash = hashKey(tablesQueryKey);

/** A whole order, new or changed: into, within or out of each cached order list; its table shows it too. */
export function applyOrderToCache(queryClient: QueryClient, order: Order): void {
  updateCachedQueries(queryClient, queryRoots.orders, (queryKey, data) => {
    const filters = orderListFiltersOf(queryKey);
    return filters ? withOrder(data as OrderPage, order, filters) : undefined;
  });
  updateCachedQueries(queryClient, queryRoots.tables, (queryKey, data) =>
    hashKey(queryKey) === tablesHash ? withSeatedOrder(data as Table[], order) : undefined,
  );
}

/** A whole table, new or changed, into the cached list of tables. */
export function applyTableToCache(queryClient: QueryClient, table: Table): void {
  updateCachedQueries(queryClient, queryRoots.tables, (queryKey, data) =>
    hashKey(queryKey) === tablesHash ? withTable(data as Table[], table) : undefined,
  );
}
