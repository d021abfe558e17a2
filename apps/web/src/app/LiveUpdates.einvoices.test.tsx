import { screen } from '@testing-library/react';
import type { OrderInvoice } from '@quan/contract/einvoice';
import { afterEach, describe, expect, it } from 'vitest';
import { useFailedEinvoices, type FailedEinvoice } from '../features/einvoices/api/list-failed-einvoices';
import { useOrder } from '../features/orders/api/get-order';
import { makeOrder } from '../test/data/orders';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { liveUpdatesScene, renderBeside } from './live-updates-test-kit';

const order = makeOrder({ orderNo: 1043, status: 'completed' });

const failedInvoice: OrderInvoice = {
  status: 'failed',
  buyer: null,
  invoiceNumber: null,
  lookupCode: null,
  lookupUrl: null,
  error: 'Mã số thuế người mua không hợp lệ',
  issuedAt: null,
};

const failure: FailedEinvoice = {
  orderId: order._id,
  orderNo: 1043,
  kind: 'sale',
  status: 'failed',
  error: 'Mã số thuế người mua không hợp lệ',
  attempts: 1,
  createdAt: '2026-03-10T12:00:00.000Z',
};

/** One order's invoice and the branch's list of refused ones, as a screen would show them. */
function InvoiceScreen() {
  const shown = useOrder(order._id);
  const failed = useFailedEinvoices();
  return (
    <>
      <p>{`Invoice of #1043: ${shown.data?.invoice?.status ?? '…'}`}</p>
      <p>{`Refused: ${failed.data?.length ?? '…'}`}</p>
    </>
  );
}

describe('LiveUpdates and the e-invoices', () => {
  liveUpdatesScene();

  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('refetches the order and the list of refused invoices when an invoice changes state', async () => {
    let invoice: OrderInvoice = { ...failedInvoice, status: 'waiting', error: null };
    let failures: FailedEinvoice[] = [];
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === `/api/order/${order._id}`) return ok({ ...order, invoice });
      if (method === 'GET' && url === '/api/einvoices') return ok({ items: failures });
      return fail(404, 'Not found');
    });
    const { emit } = renderBeside(<InvoiceScreen />);
    expect(await screen.findByText('Invoice of #1043: waiting')).toBeInTheDocument();
    expect(await screen.findByText('Refused: 0')).toBeInTheDocument();

    // The provider refused it: the server says so with the event alone.
    invoice = failedInvoice;
    failures = [failure];
    emit('einvoice:changed', { orderId: order._id });

    expect(await screen.findByText('Invoice of #1043: failed')).toBeInTheDocument();
    expect(await screen.findByText('Refused: 1')).toBeInTheDocument();
  });
});
