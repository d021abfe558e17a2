import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { orderQueryKey } from './get-order';
import { putAnsweredOrder } from './list-orders';

/**
 * Sends the order's refused invoice again (once its cause is fixed: the buyer's details, the provider's account):
 * it waits in the queue once more, and the order answered says so.
 */
export async function retryInvoice(orderId: string): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(orderId)}/invoice/retry`);
  return response.data.data;
}

/**
 * "Try again", wherever a refused invoice is shown: the order's card and the lists of invoices that need a person
 * (whose pages hand it to them). The answered order goes into the cache at once; the e-invoice lists are asked
 * again, answered or refused, and a refusal (the invoice moved on meanwhile) refreshes the orders too.
 */
export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryInvoice,
    onSuccess: (order) => {
      putAnsweredOrder(queryClient, order);
      queryClient.setQueryData(orderQueryKey(order._id), order);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.einvoices }),
  });
}
