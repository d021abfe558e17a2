import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Printer, UpdatePrinterBody } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function updatePrinter({ id, ...body }: { id: string } & UpdatePrinterBody): Promise<Printer> {
  const response = await apiClient.put<Envelope<Printer>>(`/api/printers/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdatePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrinter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.printers }),
  });
}
