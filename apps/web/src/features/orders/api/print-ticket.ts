import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { z } from 'zod';
import type { printTicketResultSchema } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';

export type PrintTicketResult = z.infer<typeof printTicketResultSchema>;

export interface PrintTicketVariables {
  id: string;
  roundNo: number;
  /** The station whose ticket is printed; null for the whole round. */
  stationId: string | null;
}

/**
 * Records that a round's ticket (one station's, or the whole round's) is printed, and answers which copy this
 * is: a second or later copy is a reprint, which the ticket says so the kitchen does not cook it twice.
 */
export async function printTicket({ id, roundNo, stationId }: PrintTicketVariables): Promise<PrintTicketResult> {
  const response = await apiClient.post<Envelope<PrintTicketResult>>(
    `/api/order/${encodeURIComponent(id)}/rounds/${roundNo}/tickets`,
    { stationId },
  );
  return response.data.data;
}

export function usePrintTicket() {
  return useMutation({ mutationFn: printTicket });
}
