import type { PublicTable } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';

/**
 * GET /api/public/tables/{tableNo}?key=: the table exists (404 "There is no table 99" otherwise) and the
 * QR code's key is its own (403 otherwise), so a stale code is told before the diner fills a cart.
 */
export function fetchPublicTable(tableNo: number, tableKey: string, { signal }: LoadContext): Promise<PublicTable> {
  return publicRequest<PublicTable>('GET', `/api/public/tables/${tableNo}?key=${encodeURIComponent(tableKey)}`, {
    signal,
  });
}

export function usePublicTable(tableNo: number, tableKey: string) {
  return usePublicData(`table:${tableNo}:${tableKey}`, (context) => fetchPublicTable(tableNo, tableKey, context));
}
