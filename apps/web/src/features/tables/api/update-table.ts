import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Table, UpdateTableBody } from '@quan/contract/table';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Seat or free a table, move an order to it, edit it, or rotate its QR key (`rotateQrKey: true`). */
export async function updateTable({ tableId, ...body }: { tableId: string } & UpdateTableBody): Promise<Table> {
  const response = await apiClient.put<Envelope<Table>>(`/api/table/${encodeURIComponent(tableId)}`, body);
  return response.data.data;
}

export function useUpdateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
  });
}
