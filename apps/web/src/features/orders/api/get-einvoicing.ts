import { useQuery } from '@tanstack/react-query';
import { getSettings, settingsQueryKey } from './get-bank-account';

/**
 * Whether the branch issues e-invoices (the restaurant's settings answer it for the caller's branch): the payment
 * dialog then offers a company invoice. Read from the same cached settings as the bank account.
 */
export function useEinvoicing() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings, select: (settings) => settings.einvoicing });
}
