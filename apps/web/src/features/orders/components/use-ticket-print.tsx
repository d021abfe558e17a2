import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnackbar } from 'notistack';
import type { Order, OrderRound } from '@quan/contract/order';
import type { Station } from '@quan/contract/stations';
import { describeApiError } from '../../../lib/api-client';
import { usePrintTicket } from '../api/print-ticket';
import { PrintedStationTicket, type PrintedStationTicketProps } from './StationTicketPrint';
import { hasRounds, type KitchenTicketData } from './order-status';

/** The key of a ticket on a screen: one round of one order, for one station or all of them. */
export function ticketKey(
  ticket: { order: Pick<Order, '_id'>; round: Pick<OrderRound, 'no'> },
  stationId: string | null,
): string {
  return `${ticket.order._id}-${ticket.round.no}-${stationId ?? 'all'}`;
}

/**
 * Printing a kitchen ticket: the server counts the copy first (so a second one says REPRINT), then the ticket
 * goes into a sheet at the end of <body> and the browser prints; the print stylesheet (index.css) hides
 * everything else, and the sheet goes once the print dialog closes.
 */
export function useTicketPrint() {
  const mutation = usePrintTicket();
  const { enqueueSnackbar } = useSnackbar();
  const [job, setJob] = useState<PrintedStationTicketProps | null>(null);
  const [printingKeys, setPrintingKeys] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!job) return;
    const finish = () => setJob(null);
    window.addEventListener('afterprint', finish);
    window.print();
    return () => window.removeEventListener('afterprint', finish);
  }, [job]);

  function setPrinting(key: string, printing: boolean) {
    setPrintingKeys((keys) => {
      const next = new Set(keys);
      if (printing) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  async function print(ticket: KitchenTicketData, station: Pick<Station, '_id' | 'name'> | null): Promise<void> {
    const key = ticketKey(ticket, station?._id ?? null);
    if (printingKeys.has(key)) return;
    const { order, round, lines } = ticket;
    setPrinting(key, true);
    try {
      const { copy } = await mutation.mutateAsync({
        id: order._id,
        roundNo: round.no,
        stationId: station?._id ?? null,
      });
      setJob({
        order,
        round,
        lines,
        stationName: station?.name ?? null,
        copy,
        printedAt: new Date().toISOString(),
      });
    } catch (error) {
      const which = hasRounds(order) ? `round ${round.no} of order #${order.orderNo}` : `order #${order.orderNo}`;
      enqueueSnackbar(describeApiError(error, `Could not print the ticket of ${which}.`), { variant: 'error' });
    } finally {
      setPrinting(key, false);
    }
  }

  const sheet =
    job &&
    createPortal(
      <div className="print-sheet" data-ticket="station">
        <PrintedStationTicket {...job} />
      </div>,
      document.body,
    );

  return { print, printingKeys, sheet };
}
