import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Table } from '@quan/contract/table';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function listTables(): Promise<Table[]> {
  const response = await apiClient.get<Envelope<Table[]>>('/api/table');
  return response.data.data;
}

export function tablesQueryOptions() {
  return queryOptions({ queryKey: queryRoots.tables, queryFn: listTables });
}

export function useTables({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tablesQueryOptions(), enabled });
}
