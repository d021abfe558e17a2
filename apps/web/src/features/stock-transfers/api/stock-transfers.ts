import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type {
  ReceiveStockTransferBody,
  SendStockTransferBody,
  StockTransfer,
  TransferDestination,
} from '@quan/contract/stock-transfer';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useCan } from '../../../lib/use-can';

/** Transfers are the current branch's: switching branches clears the whole cache, these with it. */
export const stockTransfersRoot = ['stock-transfers'] as const;
export const stockTransfersQueryKey = [...stockTransfersRoot, 'list'] as const;
export const transferDestinationsQueryKey = [...stockTransfersRoot, 'destinations'] as const;

/** The current branch's transfers, in and out, newest first (the latest 100). */
export async function listStockTransfers(): Promise<StockTransfer[]> {
  const response = await apiClient.get<Envelope<StockTransfer[]>>('/api/stock-transfers', { params: { limit: 100 } });
  return response.data.data;
}

export function useStockTransfers() {
  return useQuery(queryOptions({ queryKey: stockTransfersQueryKey, queryFn: listStockTransfers }));
}

/** The chain's other branches: where this one can send stock. None: a one-branch restaurant, no transfers. */
export async function listTransferDestinations(): Promise<TransferDestination[]> {
  const response = await apiClient.get<Envelope<TransferDestination[]>>('/api/stock-transfers/branches');
  return response.data.data;
}

export function useTransferDestinations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: transferDestinationsQueryKey,
    queryFn: listTransferDestinations,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Stock moved: the list of transfers, the ingredients' quantities and the dishes sold out by them. */
function useInvalidateAfterTransfer() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stockTransfersRoot }),
      queryClient.invalidateQueries({ queryKey: queryRoots.ingredients }),
      queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
    ]);
}

export async function sendStockTransfer(body: SendStockTransferBody): Promise<StockTransfer> {
  const response = await apiClient.post<Envelope<StockTransfer>>('/api/stock-transfers', body);
  return response.data.data;
}

export function useSendStockTransfer() {
  const invalidate = useInvalidateAfterTransfer();
  return useMutation({ mutationFn: sendStockTransfer, onSettled: invalidate });
}

export async function receiveStockTransfer({
  id,
  ...body
}: { id: string } & ReceiveStockTransferBody): Promise<StockTransfer> {
  const response = await apiClient.post<Envelope<StockTransfer>>(
    `/api/stock-transfers/${encodeURIComponent(id)}/receive`,
    body,
  );
  return response.data.data;
}

export function useReceiveStockTransfer() {
  const invalidate = useInvalidateAfterTransfer();
  return useMutation({ mutationFn: receiveStockTransfer, onSettled: invalidate });
}

/**
 * Whether the "Chuyển kho" screen has a place in the menu: for those who may send stock, in a chain with another
 * branch (a one-branch restaurant never sees it).
 */
export function useOffersStockTransfers(): boolean {
  const canTransfer = useCan('stock:transfer');
  const destinations = useTransferDestinations({ enabled: canTransfer });
  return canTransfer && (destinations.data?.length ?? 0) > 0;
}
