import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, Pagination } from '@quan/contract/common';
import type { ShiftSummary } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How many shifts one page of the past shifts shows. */
export const shiftsPerPage = 10;

export interface ShiftsPage {
  shifts: ShiftSummary[];
  pagination: Pagination;
}

export const shiftsQueryKey = (page: number, limit: number) => [...queryRoots.shifts, 'list', { page, limit }] as const;

/** Managers: one page of the shifts of every drawer, newest first, open ones included. */
export async function listShifts(page: number, limit = shiftsPerPage): Promise<ShiftsPage> {
  const response = await apiClient.get<Envelope<ShiftSummary[]>>('/api/shifts', { params: { page, limit } });
  const shifts = response.data.data;
  const pagination = response.data.pagination ?? {
    currentPage: page,
    totalPages: 1,
    totalItems: shifts.length,
    itemsPerPage: limit,
  };
  return { shifts, pagination };
}

export function shiftsQueryOptions(page: number, limit = shiftsPerPage) {
  return queryOptions({
    queryKey: shiftsQueryKey(page, limit),
    queryFn: () => listShifts(page, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: true,
  });
}

export function useShifts(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...shiftsQueryOptions(page), enabled });
}
