import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CloseShiftBody, Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { invalidateShifts, putCurrentShift } from './get-current-shift';

export type CloseShiftVariables = CloseShiftBody & { shiftId: string };

/**
 * Closes a shift with the drawer counted (a total or note by note) and answers it with the count and the
 * over/short in its report. 409 when it is the last open shift and orders are still open (the answer lists
 * them), or when it is closed already.
 */
export async function closeShift({ shiftId, ...body }: CloseShiftVariables): Promise<Shift> {
  const response = await apiClient.post<Envelope<Shift>>(`/api/shifts/${encodeURIComponent(shiftId)}/close`, body);
  return response.data.data;
}

export function useCloseShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShift,
    onSuccess: (shift) => putCurrentShift(queryClient, shift),
    onSettled: () => invalidateShifts(queryClient),
  });
}
