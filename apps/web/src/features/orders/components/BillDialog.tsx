import { useId, useState } from 'react';
import { Printer } from 'lucide-react';
import { billPrintKindOf, type Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { useT } from '../../../lib/i18n';
import { PrintedBill } from './PrintedBill';
import { useBillPrint } from './use-bill-print';

interface BillDialogProps {
  order: Order;
  onClose: () => void;
}

/**
 * The order's provisional bill (or, once paid, its receipt) on screen for a guest to read, and printed from
 * there. A split bill with several parts still due asks which part the guest pays, so the paper carries that
 * part's VietQR code alone; or every part's.
 */
export function BillDialog({ order, onClose }: BillDialogProps) {
  const t = useT();
  const partsId = useId();
  const bill = useBillPrint();
  const partsDue = order.billParts.filter((part) => part.due > 0);
  const [chosenPart, setChosenPart] = useState<number | null>(null);
  // A part paid meanwhile (on another tablet) leaves the choice: every part still due is shown again.
  const partNo = partsDue.some((part) => part.no === chosenPart) ? chosenPart : null;
  const isReceipt = billPrintKindOf(order) === 'receipt';

  return (
    <Dialog
      title={t(isReceipt ? 'orders.bill.receiptTitle' : 'orders.bill.billTitle', { orderNo: order.orderNo })}
      onClose={onClose}
      className="max-w-md"
    >
      {partsDue.length > 1 && (
        <fieldset className="mb-4">
          <legend id={partsId} className="field-label">
            {t('orders.bill.whichPart')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {[null, ...partsDue.map((part) => part.no)].map((no) => (
              <label
                key={no ?? 'all'}
                className="btn btn-secondary btn-sm min-h-11 has-checked:border-amber-600 has-checked:bg-amber-50 sm:min-h-8"
              >
                <input
                  type="radio"
                  name={partsId}
                  className="sr-only"
                  checked={partNo === no}
                  onChange={() => setChosenPart(no)}
                />
                {no === null ? t('orders.bill.allParts') : t('orders.bill.part', { partNo: no })}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mx-auto max-w-[80mm] rounded-lg border border-stone-200 bg-white p-4">
        <PrintedBill
          order={order}
          restaurantName={bill.restaurantName}
          place={bill.place}
          bank={bill.bank}
          partNo={partNo}
        />
      </div>
      {/* The buttons stay in reach under a long bill on a phone. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 mt-4 flex gap-2 border-t border-stone-200 bg-white px-6 py-4">
        <button type="button" className="btn btn-secondary min-h-12 flex-1" onClick={onClose}>
          {t('common.close')}
        </button>
        <button
          type="button"
          className="btn btn-primary min-h-12 flex-1"
          disabled={bill.isPrinting}
          onClick={() => void bill.print(order, partNo)}
        >
          <Printer aria-hidden="true" className="size-5" />
          {bill.isPrinting ? t('orders.bill.printing') : t('orders.bill.print')}
        </button>
      </div>
      {bill.sheet}
    </Dialog>
  );
}

interface BillButtonProps {
  order: Order;
  className?: string;
}

/** "Bill" (or "Receipt" once paid): opens the order's bill on screen, to show the guest and print. */
export function BillButton({ order, className = 'btn btn-secondary' }: BillButtonProps) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const isReceipt = billPrintKindOf(order) === 'receipt';
  return (
    <>
      <button type="button" className={className} onClick={() => setIsOpen(true)}>
        <Printer aria-hidden="true" className="size-4 shrink-0" />
        {t(isReceipt ? 'orders.bill.openReceipt' : 'orders.bill.openBill')}{' '}
        <span className="sr-only">{t('orders.card.ofOrder', { orderNo: order.orderNo })}</span>
      </button>
      {isOpen && <BillDialog order={order} onClose={() => setIsOpen(false)} />}
    </>
  );
}
