import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const shiftQueryKey = (id: string) => [...queryRoots.shifts, 'detail', id] as const;

/** Managers: one shift with its cash movements, its count by note and its Z report. */
export async function getShift(id: string): Promise<Shift> {
  const response = await apiClient.get<Envelope<Shift>>(`/api/shifts/${encodeURIComponent(id)}`);
  return response.data.data;
}

export function shiftQueryOptions(id: string) {
  return queryOptions({ queryKey: shiftQueryKey(id), queryFn: () => getShift(id), staleTime: 0 });
}

export function useShift(id: string | null) {
  return useQuery({ ...shiftQueryOptions(id ?? ''), enabled: id !== null });
}
