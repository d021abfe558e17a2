import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const tablesQueryKey = [...queryRoots.tables, 'list'] as const;

/** Every table, by number. */
export async function listTables(): Promise<Table[]> {
  const response = await apiClient.get<Envelope<Table[]>>('/api/table');
  return response.data.data;
}

export function tablesQueryOptions() {
  return queryOptions({ queryKey: tablesQueryKey, queryFn: listTables });
}

export function useTables({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tablesQueryOptions(), enabled });
}

/** The cached tables with one table as it now stands (from a live event): replaced, or added in number order. */
export function withTable(tables: readonly Table[], table: Table): Table[] {
  if (tables.some((listed) => listed._id === table._id)) {
    return tables.map((listed) => (listed._id === table._id ? table : listed));
  }
  return [...tables, table].sort((a, b) => a.tableNo - b.tableNo);
}

/**
 * The cached tables with the order seated at one of them as it now stands: a table shows its order's number,
 * guest and status. Seating and freeing a table come as table events of their own.
 */
export function withSeatedOrder(tables: readonly Table[], order: Order): readonly Table[] {
  if (!tables.some((table) => table.currentOrder?._id === order._id)) return tables;
  return tables.map((table) =>
    table.currentOrder?._id === order._id
      ? {
          ...table,
          currentOrder: {
            _id: order._id,
            orderNo: order.orderNo,
            customerName: order.customerDetails.name,
            status: order.status,
          },
        }
      : table,
  );
}
