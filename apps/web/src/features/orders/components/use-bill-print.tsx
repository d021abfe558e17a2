import { useSnackbar } from 'notistack';
import { billPrintKindOf, type Order } from '@quan/contract/order';
import { defaultSettings } from '@quan/contract/settings';
import { usePrintSheet } from '../../../components/use-print-sheet';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { isUnreachable } from '../../../lib/outbox-sender';
import { useBillHeading } from '../api/get-bank-account';
import { usePrintBill } from '../api/print-bill';
import { PrintedBill, type PrintedBillProps } from './PrintedBill';

/**
 * Printing an order's provisional bill or its receipt (whichever the order is ready for): the server counts
 * the copy first, so a second one says REPRINT, and sends it to the branch's bill printer when there is one
 * (the device is told which); without one the browser prints it. With the server out of reach (the tablet
 * offline) the bill still prints from the order on screen, marked as a copy nobody counted; a refusal (a
 * receipt of an order paid no more) is shown instead.
 */
export function useBillPrint() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const heading = useBillHeading();
  const mutation = usePrintBill();
  const restaurantName = heading.data?.restaurantName ?? defaultSettings.restaurantName;
  const bank = heading.data?.bank ?? null;
  const place = heading.data?.place ?? null;
  const { print: printSheet, sheet } = usePrintSheet('bill', (job: Omit<PrintedBillProps, 'restaurantName'>) => (
    <PrintedBill {...job} restaurantName={restaurantName} place={place} bank={bank} />
  ));

  async function print(order: Order, partNo: number | null = null): Promise<void> {
    if (mutation.isPending) return;
    const printedAt = new Date().toISOString();
    try {
      const { copies, sentTo } = await mutation.mutateAsync({ id: order._id, kind: billPrintKindOf(order) });
      if (sentTo) enqueueSnackbar(t('orders.bill.sentTo', { printer: sentTo }), { variant: 'success' });
      else printSheet({ order, partNo, copy: copies, printedAt });
    } catch (error) {
      if (isUnreachable(error)) {
        printSheet({ order, partNo, copy: null, printedAt, uncounted: true });
        return;
      }
      enqueueSnackbar(describeApiError(error, t('orders.bill.printError', { orderNo: order.orderNo })), {
        variant: 'error',
      });
    }
  }

  return { print, isPrinting: mutation.isPending, restaurantName, place, bank, sheet };
}
