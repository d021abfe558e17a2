import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Printer } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { printersQueryKey } from './list-printers';

/** Asks the printer for its status now; answers the printer with what it said. */
export async function readPrinterStatus(printerId: string): Promise<Printer> {
  const response = await apiClient.post<Envelope<Printer>>(`/api/printers/${encodeURIComponent(printerId)}/status`);
  return response.data.data;
}

export function useReadPrinterStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readPrinterStatus,
    // The answer is the printer as it is now: put in the list at once, without reading the whole list again. A read
    // of the list still under way was asked before, and would put back the status from then: it is called off.
    onSuccess: async (printer) => {
      await queryClient.cancelQueries({ queryKey: printersQueryKey });
      queryClient.setQueryData<Printer[]>(printersQueryKey, (printers) =>
        printers?.map((each) => (each._id === printer._id ? printer : each)),
      );
    },
  });
}
