import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreatePrinterBody, Printer } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createPrinter(body: CreatePrinterBody): Promise<Printer> {
  const response = await apiClient.post<Envelope<Printer>>('/api/printers', body);
  return response.data.data;
}

export function useCreatePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrinter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.printers }),
  });
}
