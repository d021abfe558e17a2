import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';

/**
 * The order's issued e-invoice as the provider prints it (a PDF), for a guest who wants a copy, saved as a
 * download named by the invoice's number. A refusal (the provider has not made the file yet, cannot be reached)
 * keeps the server's sentence for the card to show.
 */
export function downloadInvoice(order: { _id: string; invoiceNumber: string | null }): Promise<string> {
  return downloadFile(`/api/order/${encodeURIComponent(order._id)}/invoice/file`, {
    fallbackName: `${order.invoiceNumber ?? 'hoa-don'}.pdf`,
  });
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
