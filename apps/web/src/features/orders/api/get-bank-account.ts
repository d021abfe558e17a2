import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branch, BranchList } from '@quan/contract/branch';
import type { Envelope } from '@quan/contract/common';
import type { BankAccount, Settings } from '@quan/contract/settings';
import { apiClient } from '../../../lib/api-client';
import { useAppSelector } from '../../../store/hooks';

/**
 * The restaurant's settings, read here for the bank account the VietQR code pays into. A feature's components
 * may not reach into the settings feature, so the orders feature reads GET /api/settings itself, under the
 * same key as the settings screen: both share one cached copy, and a change saved there shows here at once.
 * (The order screens' other reads of the settings, such as get-einvoicing.ts, use this key and fetcher too.)
 */
export const settingsQueryKey = ['settings'] as const;

export async function getSettings(): Promise<Settings> {
  const response = await apiClient.get<Envelope<Settings>>('/api/settings');
  return response.data.data;
}

export function bankAccountQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: getSettings,
    select: (settings): BankAccount | null => settings.bank,
  });
}

/** The account guests transfer to; null until an admin sets one (then no VietQR code is shown). */
export function useBankAccount() {
  return useQuery(bankAccountQueryOptions());
}

/** The branch a bill is printed in, as its top names it: its own name, address, phone, tax code and lines. */
export type BillPlace = Pick<Branch, 'name' | 'address' | 'phone' | 'taxCode' | 'receiptHeader'>;

/** GET /api/branches as it answers, the same cached value as the branches screen's list. */
async function getBranches(): Promise<BranchList> {
  const response = await apiClient.get<BranchList>('/api/branches');
  return response.data;
}

/**
 * What a printed bill names at its top (the restaurant, and the branch it is printed in) and the account its
 * VietQR codes pay into. The branches are read under the same key as the branches screen's list.
 */
export function useBillHeading() {
  const branchId = useAppSelector((state) => state.user.branchId);
  const settings = useQuery({
    queryKey: settingsQueryKey,
    queryFn: getSettings,
    select: (read) => ({ restaurantName: read.restaurantName, bank: read.bank }),
  });
  const place = useQuery({
    queryKey: ['branches'] as const,
    queryFn: getBranches,
    enabled: !!branchId,
    select: (answer): BillPlace | null => answer.data.find((branch) => branch._id === branchId) ?? null,
  });
  return { data: settings.data && { ...settings.data, place: place.data ?? null } };
}

/** The step cash paying all that is due is rounded to (`cashRounding`, 0: none), as the server rounds it. */
export function useCashRounding() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings, select: (settings) => settings.cashRounding });
}
