import { CircleCheck, Printer } from 'lucide-react';
import type { Order } from '@quan/contract/order';
import { usePrintSheet } from '../../../components/use-print-sheet';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PrintedBill } from '../../orders/components/PrintedBill';
import { useBillPrint } from '../../orders/components/use-bill-print';
import { PrintedKitchenTicket } from '../components/PrintedKitchenTicket';

interface PlacedOrderViewProps {
  order: Order;
  onNewOrder: () => void;
}

/**
 * The order as the server placed it, with its two papers, each printed on its own: the provisional bill (with
 * the VietQR code of what is due when the restaurant has a bank account), counted so a second copy says
 * REPRINT, and the kitchen ticket.
 */
export function PlacedOrderView({ order, onNewOrder }: PlacedOrderViewProps) {
  const t = useT();
  const bill = useBillPrint();
  const kitchenTicket = usePrintSheet('kitchen', () => <PrintedKitchenTicket order={order} />);

  return (
    <section aria-labelledby="placed-order-title" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6">
      <div className="card flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <CircleCheck aria-hidden="true" className="size-10 shrink-0 text-green-700" />
        <div className="flex-1">
          <h1 id="placed-order-title" className="text-2xl font-bold tracking-tight text-stone-900">
            {t('pos.placed.title', { orderNo: order.orderNo })}
          </h1>
          <p className="text-sm text-stone-600">
            {order.table ? t('pos.table', { tableNo: order.table.tableNo }) : t('pos.noTable')} ·{' '}
            {/* A table order may have no guest name: the table names it. */}
            {order.customerDetails.name && `${order.customerDetails.name} · `}
            {t('pos.placed.total')} <strong className="text-stone-900">{formatMoney(order.bills.total)}</strong>.{' '}
            {t('pos.placed.kitchenHasIt')}
          </p>
        </div>
        <button type="button" className="btn btn-primary min-h-12" onClick={onNewOrder}>
          {t('pos.placed.newOrder')}
        </button>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <button
            type="button"
            className="btn btn-secondary min-h-12 w-full"
            disabled={bill.isPrinting}
            onClick={() => void bill.print(order)}
          >
            <Printer aria-hidden="true" className="size-5" />
            {t('pos.placed.printReceipt')}
          </button>
          <div className="card mx-auto max-w-[80mm] p-4">
            <PrintedBill order={order} restaurantName={bill.restaurantName} place={bill.place} bank={bill.bank} />
          </div>
        </div>
        <div className="space-y-3">
          <button type="button" className="btn btn-secondary min-h-12 w-full" onClick={() => kitchenTicket.print(true)}>
            <Printer aria-hidden="true" className="size-5" />
            {t('pos.placed.printKitchenTicket')}
          </button>
          <div className="card mx-auto max-w-[80mm] p-4">
            <PrintedKitchenTicket order={order} />
          </div>
        </div>
      </div>

      {bill.sheet}
      {kitchenTicket.sheet}
    </section>
  );
}
