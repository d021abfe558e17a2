import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { OptionGroup } from '@quan/contract/options';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const optionGroupsQueryKey = [...queryRoots.menu, 'option-groups'] as const;

/** The option groups by name, each with its options and the dishes that offer it. */
export async function listOptionGroups(): Promise<OptionGroup[]> {
  const response = await apiClient.get<Envelope<OptionGroup[]>>('/api/option-group');
  return response.data.data;
}

export function optionGroupsQueryOptions() {
  return queryOptions({ queryKey: optionGroupsQueryKey, queryFn: listOptionGroups });
}

export function useOptionGroups(options: { enabled?: boolean } = {}) {
  return useQuery({ ...optionGroupsQueryOptions(), ...options });
}
