import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { Order } from '@quan/contract/order';
import type { Payment, RefundPaymentBody } from '@quan/contract/payments';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { createQueryClient } from '../../../lib/query-client';
import { fail, installFakeApi, type FakeResponse } from '../../../test/fake-api';
import { RefundDialog } from './RefundDialog';
import { makeOrder, makePayment, withRefund } from '../../../test/data/orders';

/** A server for refunds that records each body, answering the order refunded or `refuse`'s answer. */
function serveRefunds(order: Order, refuse?: () => FakeResponse) {
  const refunds: { url: string; body: RefundPaymentBody }[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    const match = /\/payments\/([^/]+)\/refunds$/.exec(url);
    if (method !== 'POST' || !match) return fail(404, 'Not found');
    const body = JSON.parse(config.data as string) as RefundPaymentBody;
    refunds.push({ url, body });
    if (refuse) return refuse();
    return { status: 201, body: { success: true, data: withRefund(order, match[1]!, body) } };
  });
  return { fakeApi, refunds };
}

let server: ReturnType<typeof serveRefunds> | undefined;
afterEach(() => {
  server?.fakeApi.restore();
  server = undefined;
});

function renderRefund(order: Order, payment: Payment) {
  const onClose = vi.fn();
  const onRefunded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <RefundDialog order={order} payment={payment} onClose={onClose} onRefunded={onRefunded} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: `Refund a payment · order #${order.orderNo}` }));
  return { dialog, onClose, onRefunded };
}

describe('RefundDialog', () => {
  const transfer = makePayment({ method: 'transfer', amount: 300_000, refunded: 50_000 });
  const order = makeOrder({ orderNo: 1042, status: 'completed', payments: [transfer] });

  it('offers what is left to refund and sends the amount with the reason', async () => {
    server = serveRefunds(order);
    const { dialog, onClose, onRefunded } = renderRefund(order, transfer);

    const amount = dialog.getByRole('textbox', { name: 'Amount to refund' });
    expect(amount).toHaveValue('250.000');
    expect(amount).toHaveAccessibleDescription(`At most ${formatMoney(250_000)}`);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Charged twice by mistake');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.refunds).toEqual([
      {
        url: `/api/order/${order._id}/payments/${transfer._id}/refunds`,
        body: { amount: 250_000, reason: 'Charged twice by mistake' },
      },
    ]);
    expect(onRefunded).toHaveBeenCalledWith(expect.objectContaining({ _id: order._id, version: order.version + 1 }));
  });

  it('asks for a reason and for no more than is left, before sending anything', async () => {
    server = serveRefunds(order);
    const { dialog, onClose } = renderRefund(order, transfer);

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Amount to refund' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount to refund' }), '300000');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));

    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Say why in a few words');
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeInvalid();
    expect(dialog.getByRole('textbox', { name: 'Amount to refund' })).toHaveAccessibleDescription(
      `At most ${formatMoney(250_000)} Enter an amount from 1 ₫ to ${formatMoney(250_000)}.`,
    );
    expect(server.refunds).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog', async () => {
    server = serveRefunds(order, () => fail(403, 'Your role (staff) cannot refund payments'));
    const { dialog, onClose } = renderRefund(order, transfer);

    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Guest complained');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Your role (staff) cannot refund payments');
    expect(onClose).not.toHaveBeenCalled();
  });
});
