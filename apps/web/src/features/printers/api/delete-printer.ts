import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The jobs still waiting for the printer are dropped with it. */
export async function deletePrinter(id: string): Promise<void> {
  await apiClient.delete(`/api/printers/${encodeURIComponent(id)}`);
}

export function useDeletePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrinter,
    // Another printer may have had it as its fallback.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.printers }),
  });
}
