import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { InvoiceBuyer, InvoiceBuyerBody } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';
import { putAnsweredOrder } from './list-orders';

export interface SetInvoiceBuyerVariables {
  orderId: string;
  buyer: InvoiceBuyer;
}

/**
 * Who the order's invoice is for, changed after the payment (the guest came back for a company invoice, or gave a
 * tax code the provider refused). Refused once the invoice is issued: an issued invoice is corrected at the
 * provider, not here.
 */
export async function setInvoiceBuyer({ orderId, buyer }: SetInvoiceBuyerVariables): Promise<Order> {
  const body: InvoiceBuyerBody = { buyer };
  const response = await apiClient.put<Envelope<Order>>(
    `/api/order/${encodeURIComponent(orderId)}/invoice-buyer`,
    body,
  );
  return response.data.data;
}

export function useSetInvoiceBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInvoiceBuyer,
    onSuccess: (order) => {
      putAnsweredOrder(queryClient, order);
      queryClient.setQueryData(orderQueryKey(order._id), order);
    },
  });
}
