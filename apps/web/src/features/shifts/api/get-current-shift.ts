import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Shift } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';
import { queryRoots } from '../../../lib/query-keys';

export const currentShiftQueryKey = (deviceId: string) => [...queryRoots.shifts, 'current', deviceId] as const;

/** The shift open on this device (the server knows the device by the X-Device-Id header), or null. */
export async function getCurrentShift(): Promise<Shift | null> {
  const response = await apiClient.get<Envelope<Shift | null>>('/api/shifts/current');
  return response.data.data;
}

export function currentShiftQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: currentShiftQueryKey(deviceId),
    queryFn: getCurrentShift,
    // The report moves with every payment taken on this drawer, from this screen or the POS, and no live
    // event carries it: ask again on every visit and now and then while the drawer screen stays open.
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: 60_000,
  });
}

export function useCurrentShift() {
  return useQuery(currentShiftQueryOptions(getDeviceId()));
}

/** After a shift changes: the answered shift becomes this device's current one (or none), then every list refreshes. */
export function putCurrentShift(queryClient: QueryClient, shift: Shift) {
  const deviceId = getDeviceId();
  if (shift.deviceId === deviceId) {
    queryClient.setQueryData(currentShiftQueryKey(deviceId), shift.status === 'open' ? shift : null);
  }
}

export function invalidateShifts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryRoots.shifts });
}
