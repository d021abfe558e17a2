import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSetInvoiceBuyer } from '../api/set-invoice-buyer';
import { InvoiceBuyerFields, invoiceBuyerDraftOf, readInvoiceBuyer } from './InvoiceBuyerFields';

interface InvoiceBuyerDialogProps {
  order: Order;
  onClose: () => void;
}

/**
 * Who a paid order's invoice is for, changed while it is not issued yet: a guest back at the counter who wants it
 * in their company's name after all, or the details of a company the provider refused.
 */
export function InvoiceBuyerDialog({ order, onClose }: InvoiceBuyerDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useSetInvoiceBuyer();
  const [draft, setDraft] = useState(() => invoiceBuyerDraftOf(order.invoice?.buyer ?? order.invoiceBuyer));
  const [triedToSend, setTriedToSend] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { buyer, problems } = readInvoiceBuyer(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (!buyer || mutation.isPending) return;
    setError(null);
    try {
      await mutation.mutateAsync({ orderId: order._id, buyer });
      enqueueSnackbar(t('orders.invoice.buyerSaved', { orderNo: order.orderNo }), { variant: 'success' });
      onClose();
    } catch (caught) {
      setError(describeApiError(caught, t('orders.invoice.buyerError', { orderNo: order.orderNo })));
    }
  }

  return (
    <Dialog title={t('orders.invoice.buyerTitle', { orderNo: order.orderNo })} onClose={onClose} className="max-w-lg">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <InvoiceBuyerFields draft={draft} onChange={setDraft} problems={triedToSend ? problems : {}} />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={mutation.isPending}>
            {mutation.isPending ? t('orders.saving') : t('orders.invoice.saveBuyer')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
