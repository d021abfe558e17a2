import type { PublicTable } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';
import { branchApiPath, useDinerBranch } from '../../../lib/diner-branch';

/**
 * GET /api/public/tables/{tableNo}?key= (or /api/public/b/{slug}/tables/…, a branch's table): the table exists
 * (404 "There is no table 99" otherwise) and the QR code's key is its own (403 otherwise), so a stale code is
 * told before the diner fills a cart.
 */
export function fetchPublicTable(
  tableNo: number,
  tableKey: string,
  { signal }: LoadContext,
  slug: string | null = null,
): Promise<PublicTable> {
  const tables = slug ? `${branchApiPath(slug)}/tables` : '/api/public/tables';
  return publicRequest<PublicTable>('GET', `${tables}/${tableNo}?key=${encodeURIComponent(tableKey)}`, { signal });
}

export function usePublicTable(tableNo: number, tableKey: string) {
  const slug = useDinerBranch();
  return usePublicData(`table:${slug ?? ''}:${tableNo}:${tableKey}`, (context) =>
    fetchPublicTable(tableNo, tableKey, context, slug),
  );
}
