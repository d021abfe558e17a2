import type { PublicTable } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';

/** GET /api/public/tables/{tableNo}: the table exists (404 "There is no table 99" otherwise). */
export function fetchPublicTable(tableNo: number, { signal }: LoadContext): Promise<PublicTable> {
  return publicRequest<PublicTable>('GET', `/api/public/tables/${tableNo}`, { signal });
}

export function usePublicTable(tableNo: number) {
  return usePublicData(`table:${tableNo}`, (context) => fetchPublicTable(tableNo, context));
}
