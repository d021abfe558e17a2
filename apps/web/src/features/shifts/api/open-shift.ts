import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { OpenShiftBody, Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { invalidateShifts, putCurrentShift } from './get-current-shift';

/** Opens a shift on this device with the float counted into the drawer; 409 when one is open here already. */
export async function openShift(body: OpenShiftBody): Promise<Shift> {
  const response = await apiClient.post<Envelope<Shift>>('/api/shifts', body);
  return response.data.data;
}

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openShift,
    onSuccess: (shift) => putCurrentShift(queryClient, shift),
    onSettled: () => invalidateShifts(queryClient),
  });
}
