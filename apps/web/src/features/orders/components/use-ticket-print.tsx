import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Station } from '@quan/contract/stations';
import { usePrintSheet } from '../../../components/use-print-sheet';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePrintTicket } from '../api/print-ticket';
import { ticketKey } from '../model/ticket-key';
import { PrintedStationTicket, type PrintedStationTicketProps } from './StationTicketPrint';
import { type KitchenTicketData } from './kitchen-tickets';
import { roundButtonTarget } from './order-names';

/**
 * Printing a kitchen ticket: the server counts the copy first (so a second one says REPRINT) and sends a station's
 * ticket to that station's printer when the branch has one (the device is told which); otherwise the browser
 * prints it.
 */
export function useTicketPrint() {
  const mutation = usePrintTicket();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const { print: printSheet, sheet } = usePrintSheet('station', (job: PrintedStationTicketProps) => (
    <PrintedStationTicket {...job} />
  ));
  const [printingKeys, setPrintingKeys] = useState<ReadonlySet<string>>(new Set());

  function setPrinting(key: string, printing: boolean) {
    setPrintingKeys((keys) => {
      const next = new Set(keys);
      if (printing) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  async function print(ticket: KitchenTicketData, station: Pick<Station, '_id' | 'name'> | null): Promise<void> {
    const key = ticketKey(ticket.order._id, ticket.round.no, station?._id ?? null);
    if (printingKeys.has(key)) return;
    const { order, round, lines } = ticket;
    setPrinting(key, true);
    try {
      const { copy, sentTo } = await mutation.mutateAsync({
        id: order._id,
        roundNo: round.no,
        stationId: station?._id ?? null,
      });
      if (sentTo) {
        enqueueSnackbar(t('orders.print.sentTo', { printer: sentTo }), { variant: 'success' });
        return;
      }
      printSheet({
        order,
        round,
        lines,
        stationName: station?.name ?? null,
        copy,
        printedAt: new Date().toISOString(),
      });
    } catch (error) {
      const which = roundButtonTarget(t, order, round.no);
      enqueueSnackbar(describeApiError(error, t('orders.print.error', { target: which })), { variant: 'error' });
    } finally {
      setPrinting(key, false);
    }
  }

  return { print, printingKeys, sheet };
}
