import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { DeclinedRequests } from '@quan/contract/reservations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Declines a guest's request and every other one waiting with the same phone number or from the same
 * connection: what staff do with a flood of requests nobody will come for.
 */
export async function declineAlike(reservationId: string): Promise<DeclinedRequests> {
  const response = await apiClient.post<Envelope<DeclinedRequests>>(
    `/api/reservations/${encodeURIComponent(reservationId)}/decline-alike`,
  );
  return response.data.data;
}

export function useDeclineAlike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineAlike,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.reservations }),
  });
}
