import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Provider as ReduxProvider } from 'react-redux';
import type { Order } from '@quan/contract/order';
import type { RefundPaymentBody, TakePaymentBody } from '@quan/contract/payments';
import { defaultSettings, type BankAccount } from '@quan/contract/settings';
import type { Role } from '@quan/contract/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { createAppStore } from '../../../store/store';
import { fail, installFakeApi, ok, unreachable, type FakeResponse } from '../../../test/fake-api';
import { listOutbox, removeFromOutbox } from '../../../lib/outbox';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { PaymentDialog } from './PaymentDialog';
import { makeOrder, makePayment, withPayment, withRefund } from '../../../test/data/orders';

/**
 * An amount as a text query reads it, whitespace normalised (formatMoney puts a no-break space before ₫);
 * accessible names keep the no-break space, so role queries use formatMoney itself.
 */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

const vietcombank: BankAccount = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };

/** Order #1042, served, whose bill comes to 1.245.000 ₫ (with a 5 % service charge). */
function makeBill(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    orderNo: 1042,
    status: 'served',
    bills: {
      subtotal: 1_097_000,
      discount: 0,
      serviceRate: 5,
      serviceCharge: 54_850,
      taxes: [{ vatRate: 8, taxable: 1_151_850, tax: 93_150 }],
      serviceVatRate: 8,
      pricesIncludeTax: false,
      tax: 93_150,
      total: 1_245_000,
    },
    ...overrides,
  });
}

/**
 * A server for one order's payments and refunds (each answered as the server would, raising the version),
 * the settings with or without a bank account, and `refuse`'s answer to a payment when it gives one.
 */
function servePayments(
  initial: Order,
  { bank = vietcombank, refuse }: { bank?: BankAccount | null; refuse?: () => FakeResponse | null } = {},
) {
  let order = initial;
  const payments: TakePaymentBody[] = [];
  const refunds: { paymentId: string; body: RefundPaymentBody }[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/settings') return ok({ ...defaultSettings, bank });
    if (method === 'GET' && url === `/api/order/${order._id}`) return ok(order);
    if (method === 'POST' && url === `/api/order/${order._id}/payments`) {
      const body = JSON.parse(config.data as string) as TakePaymentBody;
      payments.push(body);
      const refusal = refuse?.();
      if (refusal) return refusal;
      order = withPayment(order, body);
      return { status: 201, body: { success: true, data: order } };
    }
    const refund = /^\/api\/order\/[^/]+\/payments\/([^/]+)\/refunds$/.exec(url);
    if (method === 'POST' && refund) {
      const body = JSON.parse(config.data as string) as RefundPaymentBody;
      refunds.push({ paymentId: refund[1]!, body });
      order = withRefund(order, refund[1]!, body);
      return { status: 201, body: { success: true, data: order } };
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, payments, refunds };
}

let server: ReturnType<typeof servePayments> | undefined;
afterEach(() => {
  server?.fakeApi.restore();
  server = undefined;
  localStorage.clear();
});

function renderDialog(order: Order, { role = 'staff', partNo }: { role?: Role; partNo?: number } = {}) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
  const onClose = vi.fn();
  render(
    <ReduxProvider store={createAppStore()}>
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider>
          <PaymentDialog order={order} partNo={partNo} onClose={onClose} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ReduxProvider>,
  );
  const dialog = within(
    screen.getByRole('dialog', {
      name: partNo ? `Pay part ${partNo} of order #${order.orderNo}` : `Pay order #${order.orderNo}`,
    }),
  );
  return { dialog, onClose };
}

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

describe('PaymentDialog', () => {
  it('shows the total, what is paid and what is due, with the amount set to what is due', () => {
    const paidInCash = makePayment({ amount: 245_000, tendered: 300_000, change: 55_000 });
    server = servePayments(makeBill({ payments: [paidInCash], paid: 245_000 }));
    const { dialog } = renderDialog(makeBill({ payments: [paidInCash], paid: 245_000, due: 1_000_000 }));

    const summary = dialog.getByText('Total').closest('dl')!;
    expect(summary).toHaveTextContent(`Total${money(1_245_000)}`);
    expect(summary).toHaveTextContent(`Paid${money(245_000)}`);
    expect(summary).toHaveTextContent(`Due${money(1_000_000)}`);
    expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('1.000.000');
    const taken = within(dialog.getByRole('region', { name: 'Payments taken' }));
    expect(taken.getByRole('listitem')).toHaveTextContent(
      `Cash ${money(245_000)}received ${money(300_000)} · change ${money(55_000)} · by Lan`,
    );
    // Staff take payments; only a manager gives money back.
    expect(taken.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(dialog.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'cash',
      'card',
      'transfer',
      'ewallet',
      'voucher',
    ]);
    expect(dialog.getByRole('button', { name: 'Take payment' })).toBeDisabled();
  });

  it('speaks Vietnamese: the bill, the methods, the cash counted and the toast', { timeout: 15_000 }, async () => {
    await activateLanguage('vi', 'staff');
    const order = makeBill();
    server = servePayments(order);
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const onClose = vi.fn();
    render(
      <ReduxProvider store={createAppStore()}>
        <QueryClientProvider client={createQueryClient()}>
          <SnackbarProvider>
            <PaymentDialog order={order} onClose={onClose} />
          </SnackbarProvider>
        </QueryClientProvider>
      </ReduxProvider>,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Thanh toán đơn #1042' }));

    expect(dialog.getByText('Tổng cộng').closest('dl')).toHaveTextContent(`Tổng cộng${money(1_245_000)}`);
    expect(dialog.getByRole('group', { name: 'Phương thức thanh toán' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Tiền mặt' }));
    expect(dialog.getByRole('radio', { name: 'Chuyển khoản' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Số tiền' })).toHaveValue('1.245.000');
    await userEvent.click(dialog.getByRole('button', { name: /^\+500k ?\(cộng 500\.000\s₫ vào tiền mặt nhận\)$/ }));
    expect(dialog.getByText(`Còn thiếu: ${money(745_000)}`)).toBeInTheDocument();
    await replace(dialog.getByRole('textbox', { name: 'Tiền mặt nhận' }), '2.000.000');
    expect(dialog.getByText(`Tiền thối: ${money(755_000)}`)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Thanh toán' }));

    expect(await screen.findByText(`Đơn #1042 đã thanh toán · tiền thối ${money(755_000)}`)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('splits the tender: 500.000 ₫ in cash, then the rest by transfer', async () => {
    const order = makeBill();
    server = servePayments(order);
    const { dialog, onClose } = renderDialog(order);

    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await replace(dialog.getByRole('textbox', { name: 'Amount' }), '500.000');
    await userEvent.click(dialog.getByRole('button', { name: /^\+500k/ }));
    expect(dialog.getByText(`Change: ${money(0)}`)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(
      await dialog.findByText(`${money(500_000)} taken by cash. ${money(745_000)} left to pay.`),
    ).toBeInTheDocument();
    expect(dialog.getByText('Due').nextElementSibling).toHaveTextContent(money(745_000));
    expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('745.000');
    expect(dialog.getByRole('region', { name: 'Payments taken' })).toHaveTextContent(`Cash ${money(500_000)}`);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByRole('radio', { name: 'Bank transfer' }));
    expect(await dialog.findByRole('img', { name: /^VietQR code: transfer 745\.000/ })).toBeInTheDocument();
    expect(dialog.getByText('QUAN 1042')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer received' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(server.payments).toEqual([
      { method: 'cash', amount: 500_000, tendered: 500_000, expectedVersion: 1 },
      { method: 'transfer', amount: 745_000, expectedVersion: 2 },
    ]);
  });

  it('shows the change for 2.000.000 ₫ received on 1.245.000 ₫, and says it when closing', async () => {
    const order = makeBill();
    server = servePayments(order);
    const { dialog, onClose } = renderDialog(order);

    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Cash received' }), '2000000');
    const change = dialog.getByText(`Change: ${money(755_000)}`);
    expect(change).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByText(`Order #1042 paid · change ${money(755_000)}`)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(server.payments).toEqual([{ method: 'cash', amount: 1_245_000, tendered: 2_000_000, expectedVersion: 1 }]);
  });

  it('keeps a cash payment that got no answer on the tablet, with the key its call carried', async () => {
    const order = makeBill();
    server = servePayments(order, { refuse: () => unreachable });
    const { dialog, onClose } = renderDialog(order);

    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Cash received' }), '2000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(
      await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [kept] = await listOutbox();
    const calls = server.fakeApi.configs.filter((config) => config.method === 'post');
    // The call and its one retry carried the key the entry keeps: if the server did take it, sending it again
    // answers that payment instead of taking a second one.
    expect(new Set(calls.map((config) => config.headers['Idempotency-Key']))).toEqual(
      new Set([kept!.request.idempotencyKey]),
    );
    expect(kept).toMatchObject({
      kind: 'payment',
      label: `${formatMoney(1_245_000)} by cash for order #1042`,
      request: {
        method: 'POST',
        url: `/api/order/${order._id}/payments`,
        body: { method: 'cash', amount: 1_245_000, tendered: 2_000_000, expectedVersion: 1 },
      },
    });
    await removeFromOutbox(kept!.id);
  });

  it('adds each quick note to the cash received, and Exact sets it to the amount and tip', async () => {
    server = servePayments(makeBill());
    const { dialog } = renderDialog(makeBill());
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    const received = dialog.getByRole('textbox', { name: 'Cash received' });

    for (const note of ['+500k', '+500k', '+200k', '+100k', '+50k']) {
      await userEvent.click(dialog.getByRole('button', { name: new RegExp(`^\\${note}`) }));
    }
    expect(received).toHaveValue('1.350.000');
    expect(dialog.getByText(`Change: ${money(105_000)}`)).toBeInTheDocument();

    await replace(received, '1000000');
    expect(dialog.getByText(`Still short: ${money(245_000)}`)).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Exact' }));
    expect(received).toHaveValue('1.245.000');
    expect(dialog.getByText(`Change: ${money(0)}`)).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Tip (optional)' }), '20000');
    await userEvent.click(dialog.getByRole('button', { name: 'Exact' }));
    expect(received).toHaveValue('1.265.000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
    await waitFor(() =>
      expect(server!.payments).toEqual([
        { method: 'cash', amount: 1_245_000, tip: 20_000, tendered: 1_265_000, expectedVersion: 1 },
      ]),
    );
  });

  it('asks for cash rounded to 1.000 ₫ when it pays all that is due, and only then', async () => {
    // A VAT-inside bill of 56.880 ₫; a new restaurant rounds cash to 1.000 ₫, half up.
    const bills = {
      subtotal: 56_880,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxes: [{ vatRate: 8 as const, taxable: 52_667, tax: 4_213 }],
      serviceVatRate: 8 as const,
      pricesIncludeTax: true,
      tax: 4_213,
      total: 56_880,
    };
    const order = makeBill({ bills, due: 56_880 });
    server = servePayments(order);
    const { dialog } = renderDialog(order);
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    expect(
      await dialog.findByText(`Cash rounded: the guest pays ${money(57_000)} (+${money(120)})`),
    ).toBeInTheDocument();
    const received = dialog.getByRole('textbox', { name: 'Cash received' });
    await userEvent.click(dialog.getByRole('button', { name: 'Exact' }));
    expect(received).toHaveValue('57.000');
    await replace(received, '100000');
    expect(dialog.getByText(`Change: ${money(43_000)}`)).toBeInTheDocument();

    // Part of it in cash is taken exact.
    await replace(dialog.getByRole('textbox', { name: 'Amount' }), '30000');
    expect(dialog.queryByText(/Cash rounded/)).not.toBeInTheDocument();
    expect(dialog.getByText(`Change: ${money(70_000)}`)).toBeInTheDocument();
    await replace(dialog.getByRole('textbox', { name: 'Amount' }), '56880');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
    // The amount stays what the bill asks: the server records the rounding.
    await waitFor(() =>
      expect(server!.payments).toEqual([{ method: 'cash', amount: 56_880, tendered: 100_000, expectedVersion: 1 }]),
    );
  });

  it('shows the rounding of a cash payment beside it', () => {
    const payment = makePayment({ method: 'cash', amount: 56_880, rounding: 120, tendered: 100_000, change: 43_000 });
    const order = makeBill({ payments: [payment], paid: 56_880, due: 0 });
    server = servePayments(order);
    const { dialog } = renderDialog(order);
    expect(dialog.getByText(/rounding \+120/)).toHaveTextContent(
      `rounding +${money(120)} · received ${money(100_000)} · change ${money(43_000)}`,
    );
  });

  it('refuses more than is due, and too little cash, before sending', async () => {
    server = servePayments(makeBill());
    const { dialog } = renderDialog(makeBill());
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await replace(dialog.getByRole('textbox', { name: 'Amount' }), '1300000');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Cash received' }), '500000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      `${formatMoney(1_245_000)} due Enter an amount from 1 ₫ to ${formatMoney(1_245_000)}.`,
    );
    expect(dialog.getByText(`The cash received must cover ${money(1_300_000)}.`)).toBeInTheDocument();
    expect(server.payments).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and the order as it now stands', async () => {
    const order = makeBill();
    // Someone else took 500.000 ₫ meanwhile: the dialog's version is stale and the server says what is left.
    const elsewhere = withPayment(order, { method: 'card', amount: 500_000 });
    server = servePayments(elsewhere, {
      refuse: () => fail(409, 'Order 1042 has 745.000 ₫ left to pay, not 1.245.000 ₫'),
    });
    const { dialog, onClose } = renderDialog(order);

    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Order 1042 has 745.000 ₫ left to pay, not 1.245.000 ₫');
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('745.000'));
    expect(dialog.getByText('Due').nextElementSibling).toHaveTextContent(money(745_000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('pays one part of a split bill, naming the part and its transfer note', async () => {
    const part = { lines: [], subtotal: 0, discount: 0, serviceCharge: 0, tax: 0, paymentMethod: null, paidAt: null };
    const order = makeBill({
      billParts: [
        { ...part, no: 1, total: 622_500, paid: 0, due: 622_500 },
        { ...part, no: 2, total: 622_500, paid: 0, due: 622_500 },
      ],
    });
    server = servePayments(order);
    const { dialog, onClose } = renderDialog(order, { partNo: 2 });

    expect(dialog.getByText('Due').nextElementSibling).toHaveTextContent(money(622_500));
    await userEvent.click(dialog.getByRole('radio', { name: 'Bank transfer' }));
    expect(await dialog.findByText('QUAN 1042 P2')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer received' }));

    expect(await screen.findByText('Part 2 of order #1042 paid')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(server.payments).toEqual([{ method: 'transfer', amount: 622_500, partNo: 2, expectedVersion: 1 }]);
  });

  it('says there is no VietQR code when no bank account is set', async () => {
    server = servePayments(makeBill(), { bank: null });
    const { dialog } = renderDialog(makeBill());
    await userEvent.click(dialog.getByRole('radio', { name: 'Bank transfer' }));

    expect(await dialog.findByText(/No bank account is set/)).toBeInTheDocument();
    expect(dialog.queryByRole('img', { name: /VietQR/ })).not.toBeInTheDocument();
  });

  it('lets a manager refund a payment, with a reason, and shows what is due again', async () => {
    const cash = makePayment({ amount: 500_000 });
    const order = makeBill({ payments: [cash], paid: 500_000 });
    server = servePayments(order);
    const { dialog } = renderDialog(order, { role: 'manager' });

    await userEvent.click(dialog.getByRole('button', { name: `Refund cash payment of ${formatMoney(500_000)}` }));
    const refund = within(screen.getByRole('dialog', { name: 'Refund a payment · order #1042' }));
    expect(refund.getByRole('textbox', { name: 'Amount to refund' })).toHaveValue('500.000');
    await replace(refund.getByRole('textbox', { name: 'Amount to refund' }), '100000');
    await userEvent.type(refund.getByRole('textbox', { name: 'Reason' }), 'Trà đá was not served');
    await userEvent.click(refund.getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText(`Refunded ${money(100_000)} on order #1042.`)).toBeInTheDocument();
    expect(server.refunds).toEqual([
      { paymentId: cash._id, body: { amount: 100_000, reason: 'Trà đá was not served' } },
    ]);
    await waitFor(() => expect(dialog.getByText('Due').nextElementSibling).toHaveTextContent(money(845_000)));
    expect(dialog.getByRole('region', { name: 'Payments taken' })).toHaveTextContent(
      `Refunded ${money(100_000)}: Trà đá was not served`,
    );
  });
});
