import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ReopenShiftBody, Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { invalidateShifts, putCurrentShift } from './get-current-shift';

export type ReopenShiftVariables = ReopenShiftBody & { shiftId: string };

/** Managers: reopens a closed shift, the reason going to the audit trail. */
export async function reopenShift({ shiftId, ...body }: ReopenShiftVariables): Promise<Shift> {
  const response = await apiClient.post<Envelope<Shift>>(`/api/shifts/${encodeURIComponent(shiftId)}/reopen`, body);
  return response.data.data;
}

export function useReopenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenShift,
    onSuccess: (shift) => putCurrentShift(queryClient, shift),
    onSettled: () => invalidateShifts(queryClient),
  });
}
