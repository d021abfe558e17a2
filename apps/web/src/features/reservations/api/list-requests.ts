import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Reservation } from '@quan/contract/reservations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Under the reservations root, so the live `reservation:updated` event and every reservation mutation (which
 * invalidate that root) ask for the requests again too.
 */
export const reservationRequestsQueryKey = [...queryRoots.reservations, 'requests'] as const;

/** Guests' online requests waiting for the staff to accept them, from now on, by time, whatever their day. */
export async function listReservationRequests(): Promise<Reservation[]> {
  const response = await apiClient.get<Envelope<Reservation[]>>('/api/reservations/requests');
  return response.data.data;
}

export function reservationRequestsQueryOptions() {
  return queryOptions({ queryKey: reservationRequestsQueryKey, queryFn: listReservationRequests });
}

export function useReservationRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reservationRequestsQueryOptions(), enabled });
}
