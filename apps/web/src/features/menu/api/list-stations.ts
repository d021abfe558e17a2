import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import { sortStations, type Station } from '@quan/contract/stations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Under the menu's root: a menu change (live event or edit) refreshes the stations too. */
export const stationsQueryKey = [...queryRoots.menu, 'stations'] as const;

/** The kitchen stations, first (the one that takes unrouted dishes) first. */
export async function listStations(): Promise<Station[]> {
  const response = await apiClient.get<Envelope<Station[]>>('/api/station');
  return sortStations(response.data.data);
}

export function stationsQueryOptions() {
  return queryOptions({ queryKey: stationsQueryKey, queryFn: listStations });
}

export function useStations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...stationsQueryOptions(), ...options });
}
