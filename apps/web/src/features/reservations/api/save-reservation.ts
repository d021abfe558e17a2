import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type {
  CreateReservationBody,
  Reservation,
  ReservationStatusBody,
  UpdateReservationBody,
} from '@quan/contract/reservations';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Books a table (or tables, or none yet) for a party, with dishes ordered ahead. */
export async function createReservation(body: CreateReservationBody): Promise<Reservation> {
  const response = await apiClient.post<Envelope<Reservation>>('/api/reservations', body);
  return response.data.data;
}

export type UpdateReservationVariables = UpdateReservationBody & { reservationId: string };

/** Changes a booked reservation; its version guards against a change someone else made meanwhile. */
export async function updateReservation({ reservationId, ...body }: UpdateReservationVariables): Promise<Reservation> {
  const response = await apiClient.patch<Envelope<Reservation>>(
    `/api/reservations/${encodeURIComponent(reservationId)}`,
    body,
  );
  return response.data.data;
}

export type MoveReservationVariables = ReservationStatusBody & { reservationId: string };

/**
 * Booked (a guest's request accepted) or declined, arrived (seats the party and sends its pre-order to the
 * kitchen), done, cancelled or no-show.
 */
export async function moveReservation({ reservationId, ...body }: MoveReservationVariables): Promise<Reservation> {
  const response = await apiClient.put<Envelope<Reservation>>(
    `/api/reservations/${encodeURIComponent(reservationId)}/status`,
    body,
  );
  return response.data.data;
}

/** Every screen showing reservations asks again (the live event does the same on the other devices). */
function useInvalidatingMutation<V>(mutationFn: (variables: V) => Promise<Reservation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.reservations }),
  });
}

export const useCreateReservation = () => useInvalidatingMutation(createReservation);
export const useUpdateReservation = () => useInvalidatingMutation(updateReservation);
export const useMoveReservation = () => useInvalidatingMutation(moveReservation);
