import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Station, UpdateStationBody } from '@quan/contract/stations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function updateStation({ id, ...body }: { id: string } & UpdateStationBody): Promise<Station> {
  const response = await apiClient.put<Envelope<Station>>(`/api/station/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStation,
    // A new order of the stations changes which one is first, and so where unrouted dishes go.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
