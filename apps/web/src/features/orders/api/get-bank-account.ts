import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { BankAccount, Settings } from '@quan/contract/settings';
import { apiClient } from '../../../lib/api-client';

/**
 * The restaurant's settings, read here for the bank account the VietQR code pays into. A feature's components
 * may not reach into the settings feature, so the orders feature reads GET /api/settings itself, under the
 * same key as the settings screen: both share one cached copy, and a change saved there shows here at once.
 */
const settingsQueryKey = ['settings'] as const;

async function getSettings(): Promise<Settings> {
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

/** What a printed bill names at its top and the account its VietQR codes pay into. */
export function useBillHeading() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: getSettings,
    select: (settings) => ({ restaurantName: settings.restaurantName, bank: settings.bank }),
  });
}

/** The step cash paying all that is due is rounded to (`cashRounding`, 0: none), as the server rounds it. */
export function useCashRounding() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings, select: (settings) => settings.cashRounding });
}
