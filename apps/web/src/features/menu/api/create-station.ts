import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateStationBody, Station } from '@quan/contract/stations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createStation(body: CreateStationBody): Promise<Station> {
  const response = await apiClient.post<Envelope<Station>>('/api/station', body);
  return response.data.data;
}

export function useCreateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
