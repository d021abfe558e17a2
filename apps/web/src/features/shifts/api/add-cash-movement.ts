import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CashMovementBody, Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { invalidateShifts, putCurrentShift } from './get-current-shift';

export type CashMovementVariables = CashMovementBody & { shiftId: string };

/** Cash put into or taken out of the drawer with a reason (audited); answers the shift with its new report. */
export async function addCashMovement({ shiftId, ...body }: CashMovementVariables): Promise<Shift> {
  const response = await apiClient.post<Envelope<Shift>>(
    `/api/shifts/${encodeURIComponent(shiftId)}/cash-movements`,
    body,
  );
  return response.data.data;
}

export function useAddCashMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCashMovement,
    onSuccess: (shift) => putCurrentShift(queryClient, shift),
    onSettled: () => invalidateShifts(queryClient),
  });
}
