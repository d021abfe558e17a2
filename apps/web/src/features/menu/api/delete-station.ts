import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The dishes and categories routed to the station go to the first station from then on. */
export async function deleteStation(id: string): Promise<void> {
  await apiClient.delete(`/api/station/${encodeURIComponent(id)}`);
}

export function useDeleteStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStation,
    // Dishes and categories lose their station, so the whole menu is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
