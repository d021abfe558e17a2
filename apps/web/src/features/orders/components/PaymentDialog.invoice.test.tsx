import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Provider as ReduxProvider } from 'react-redux';
import type { Order } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { createAppStore } from '../../../store/store';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { makeOrder, withPayment } from '../../../test/data/orders';
import { PaymentDialog } from './PaymentDialog';

/** Viettel's own tax code: its tenth digit is the one the first nine call for. */
const validTaxCode = '0100109106';

const company = {
  kind: 'company' as const,
  name: 'Công ty TNHH Quán Ngon',
  taxCode: validTaxCode,
  address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  email: null,
};

/**
 * A server that takes #1042's payments as the real one would, and keeps each body it was sent; its branch issues
 * e-invoices unless told otherwise.
 */
function servePayments(initial: Order, { einvoicing = true }: { einvoicing?: boolean } = {}) {
  let order = initial;
  const payments: TakePaymentBody[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/settings') return ok({ ...defaultSettings, bank: null, einvoicing });
    if (method === 'POST' && url === `/api/order/${order._id}/payments`) {
      const body = JSON.parse(config.data as string) as TakePaymentBody;
      payments.push(body);
      order = withPayment(order, body);
      if (body.invoiceBuyer) {
        order = { ...order, invoiceBuyer: body.invoiceBuyer.kind === 'company' ? body.invoiceBuyer : null };
      }
      return { status: 201, body: { success: true, data: order } };
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, payments };
}

let server: ReturnType<typeof servePayments> | undefined;
afterEach(async () => {
  server?.fakeApi.restore();
  server = undefined;
  localStorage.clear();
  await activateLanguage('en', 'staff');
});

function renderDialog(order: Order) {
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
  return { onClose };
}

/** Types the text in one go, as a paste does: long company names are slow to type key by key. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const bill = (overrides: Partial<Order> = {}) => makeOrder({ orderNo: 1042, status: 'served', ...overrides });

describe('PaymentDialog: the company invoice', { timeout: 20_000 }, () => {
  it('takes a walk-in guest’s payment without a word about the invoice', async () => {
    server = servePayments(bill());
    const { onClose } = renderDialog(bill());
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    expect(await dialog.findByRole('switch', { name: 'Company invoice' })).not.toBeChecked();
    expect(dialog.queryByRole('textbox', { name: 'Tax code' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(server.payments).toHaveLength(1);
    expect(server.payments[0]).not.toHaveProperty('invoiceBuyer');
  });

  it('offers no company invoice where the branch issues no e-invoices', async () => {
    server = servePayments(bill(), { einvoicing: false });
    const { onClose } = renderDialog(bill());
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    // The settings are in once the transfer says there is no account (the same answer): still no switch.
    await userEvent.click(dialog.getByRole('radio', { name: 'Bank transfer' }));
    expect(await dialog.findByText(/No bank account is set/)).toBeInTheDocument();
    expect(dialog.queryByRole('switch', { name: 'Company invoice' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer received' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(server.payments[0]).not.toHaveProperty('invoiceBuyer');
  });

  it('sends the company the guest names with the payment that completes the bill', async () => {
    server = servePayments(bill());
    renderDialog(bill());
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    await userEvent.click(await dialog.findByRole('switch', { name: 'Company invoice' }));
    // In the order a phone shows them, one under the other: the optional e-mail last.
    const companyFields = document.getElementById(
      dialog.getByRole('switch', { name: 'Company invoice' }).getAttribute('aria-controls')!,
    )!;
    expect(
      within(companyFields)
        .getAllByRole('textbox')
        .map((field) => (field as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Company name', 'Tax code', 'Address', 'Email (optional)']);
    await fill(dialog.getByRole('textbox', { name: 'Company name' }), company.name);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tax code' }), ` ${validTaxCode} `);
    await fill(dialog.getByRole('textbox', { name: 'Address' }), company.address);
    await fill(dialog.getByRole('textbox', { name: 'Email (optional)' }), 'KeToan@QuanNgon.vn');
    await userEvent.click(dialog.getByRole('radio', { name: 'Bank transfer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer received' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(server.payments).toEqual([
      {
        method: 'transfer',
        amount: 151_200,
        invoiceBuyer: { ...company, email: 'ketoan@quanngon.vn' },
        expectedVersion: 1,
      },
    ]);
  });

  it('says what is wrong with a tax code whose check digit does not match, and sends nothing', async () => {
    server = servePayments(bill());
    const { onClose } = renderDialog(bill());
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    await userEvent.click(await dialog.findByRole('switch', { name: 'Company invoice' }));
    await fill(dialog.getByRole('textbox', { name: 'Company name' }), company.name);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tax code' }), '0100109107');
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    // The first wrong field takes the focus, which scrolls it and its message out from under the buttons.
    expect(dialog.getByRole('textbox', { name: 'Tax code' })).toHaveFocus();
    expect(dialog.getByRole('textbox', { name: 'Tax code' })).toHaveAccessibleDescription(
      "The tax code's 10th digit does not match the 9 before it: check it for a typo",
    );
    expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
      "Enter the company's address for the invoice",
    );
    expect(dialog.getByRole('textbox', { name: 'Company name' })).not.toHaveAccessibleDescription();
    expect(server.payments).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    // Fixed, it goes.
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Tax code' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tax code' }), validTaxCode);
    await fill(dialog.getByRole('textbox', { name: 'Address' }), company.address);
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(server.payments).toHaveLength(1);
    expect(server.payments[0]!.invoiceBuyer).toEqual(company);
  });

  it('starts from the company the order remembers, and switching it off says walk-in', async () => {
    const remembered = bill({ invoiceBuyer: { ...company, email: 'ketoan@quanngon.vn' } });
    server = servePayments(remembered);
    renderDialog(remembered);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    expect(dialog.getByRole('switch', { name: 'Company invoice' })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Company name' })).toHaveValue(company.name);
    expect(dialog.getByRole('textbox', { name: 'Tax code' })).toHaveValue(validTaxCode);
    expect(dialog.getByRole('textbox', { name: 'Email (optional)' })).toHaveValue('ketoan@quanngon.vn');

    await userEvent.click(dialog.getByRole('switch', { name: 'Company invoice' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(server.payments.map((payment) => payment.invoiceBuyer)).toEqual([{ kind: 'walk-in' }]);
  });

  it('keeps the company between the payments of a split tender', async () => {
    const remembered = bill({ invoiceBuyer: company });
    server = servePayments(remembered);
    renderDialog(remembered);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #1042' }));

    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Amount' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount' }), '100000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
    await dialog.findByText(/left to pay/);
    expect(dialog.getByRole('switch', { name: 'Company invoice' })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(server.payments.map((payment) => [payment.amount, payment.invoiceBuyer])).toEqual([
      [100_000, company],
      [51_200, company],
    ]);
  });

  it('speaks Vietnamese, the check digit’s message included', async () => {
    await activateLanguage('vi', 'staff');
    server = servePayments(bill());
    renderDialog(bill());
    const dialog = within(screen.getByRole('dialog', { name: 'Thanh toán đơn #1042' }));

    await userEvent.click(await dialog.findByRole('switch', { name: 'Xuất hóa đơn công ty' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mã số thuế' }), '0100109107');
    await userEvent.click(dialog.getByRole('radio', { name: 'Tiền mặt' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Thanh toán' }));

    expect(dialog.getByRole('textbox', { name: 'Mã số thuế' })).toHaveAccessibleDescription(
      'Chữ số thứ 10 của mã số thuế không khớp với 9 chữ số đứng trước: hãy kiểm tra xem có gõ nhầm không',
    );
    expect(dialog.getByRole('textbox', { name: 'Tên công ty' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Địa chỉ' })).toBeInTheDocument();
    expect(server.payments).toEqual([]);
  });
});
