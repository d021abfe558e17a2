import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Reservation } from '@quan/contract/reservations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const reservationsQueryKey = (day: string) => [...queryRoots.reservations, 'day', day] as const;

/** The day's book: the reservations of one restaurant day ("2026-11-26"), by time. */
export async function listReservations(day: string): Promise<Reservation[]> {
  const response = await apiClient.get<Envelope<Reservation[]>>('/api/reservations', { params: { date: day } });
  return response.data.data;
}

export function reservationsQueryOptions(day: string) {
  return queryOptions({ queryKey: reservationsQueryKey(day), queryFn: () => listReservations(day) });
}

export function useReservations(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reservationsQueryOptions(day), enabled });
}
