import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateTableBody, Table } from '@quan/contract/table';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createTable(body: CreateTableBody): Promise<Table> {
  const response = await apiClient.post<Envelope<Table>>('/api/table', body);
  return response.data.data;
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
  });
}
