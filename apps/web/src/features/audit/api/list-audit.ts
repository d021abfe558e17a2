import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditKind } from '@quan/contract/audit';
import type { Envelope, Pagination } from '@quan/contract/common';
import { apiClient } from '../../../lib/api-client';

/** How many entries one page of the audit screen shows. */
export const auditPerPage = 20;

export interface AuditFilters {
  kind?: AuditKind;
  /** Entries this person made or approved. */
  userId?: string;
  /** ISO instants: entries written from `startDate` to `endDate`, both included. */
  startDate?: string;
  endDate?: string;
  page?: number;
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  pagination: Pagination;
}

export const auditQueryKey = (filters: AuditFilters) => ['audit', 'list', filters] as const;

/** One page of the audit trail, newest first. */
export async function listAudit(filters: AuditFilters): Promise<AuditPage> {
  const response = await apiClient.get<Envelope<AuditEntry[]>>('/api/audit', { params: filters });
  const entries = response.data.data;
  const pagination = response.data.pagination ?? {
    currentPage: 1,
    totalPages: 1,
    totalItems: entries.length,
    itemsPerPage: entries.length,
  };
  return { entries, pagination };
}

export function auditQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: auditQueryKey(filters),
    queryFn: () => listAudit(filters),
    placeholderData: keepPreviousData,
    // No live event reaches the trail, and a manager opens it to check what just happened: every visit asks
    // the server again instead of showing a copy up to five minutes old.
    staleTime: 0,
    refetchOnMount: true,
  });
}

export function useAudit(filters: AuditFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditQueryOptions(filters), enabled });
}
