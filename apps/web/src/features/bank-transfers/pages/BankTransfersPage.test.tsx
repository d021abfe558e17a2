import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplyBankTransferBody, BankTransfer } from '@quan/contract/payments';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

const manager = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000a', name: 'Trần Thị Bình', role: 'manager' });
const staff = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b', name: 'Lê Minh Châu', role: 'staff' });

function makeTransfer(overrides: Partial<BankTransfer> = {}): BankTransfer {
  return {
    transactionId: 'FT26015000123',
    amount: 415_000,
    description: 'QUAN 1024 CHUYEN TIEN',
    accountNumber: null,
    transactedAt: '2026-01-15T12:42:00.000Z',
    receivedAt: '2026-01-15T12:42:05.000Z',
    outcome: 'refused',
    reason: 'There is no order 1024',
    reasonCode: 'ORDER_NO_NOT_FOUND',
    reasonParams: { orderNo: 1024 },
    orderNo: null,
    appliedBy: null,
    appliedAt: null,
    ...overrides,
  };
}

const wrongNumber = makeTransfer();
const tooLittle = makeTransfer({
  transactionId: 'FT26015000098',
  amount: 100_000,
  description: 'QUAN 1040',
  transactedAt: '2026-01-15T11:05:00.000Z',
  reason: 'Order 1040 has 180.000 ₫ due, the transfer was 100.000 ₫',
  reasonCode: 'TRANSFER_OTHER_AMOUNT',
  reasonParams: { orderNo: 1040, due: '180.000 ₫', amount: '100.000 ₫' },
});

/**
 * The bank transfers API as the page uses it: the refused transfers, and applying one, which `refuse` may answer
 * instead. An applied transfer leaves the list, as on the server; every body applied is kept.
 */
function serveTransfers(transfers: BankTransfer[], refuse?: () => FakeResponse) {
  let refused = [...transfers];
  const applied: { url: string; body: ApplyBankTransferBody }[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/payments/bank-transfers') return ok({ transfers: refused });
    const match = /^\/api\/payments\/bank-transfers\/([^/]+)\/apply$/.exec(url);
    const transfer = refused.find((one) => one.transactionId === decodeURIComponent(match?.[1] ?? ''));
    if (method !== 'POST' || !transfer) return fail(404, 'Not found');
    const body = JSON.parse(config.data as string) as ApplyBankTransferBody;
    applied.push({ url, body });
    if (refuse) return refuse();
    refused = refused.filter((one) => one !== transfer);
    return ok({ ...transfer, outcome: 'applied', orderNo: body.orderNo, appliedBy: manager });
  });
  return { fakeApi, applied };
}

let server: ReturnType<typeof serveTransfers> | undefined;
afterEach(() => {
  server?.fakeApi.restore();
  server = undefined;
});

async function openDialogFor(transfer: BankTransfer) {
  const label = `Transfer of ${formatMoney(transfer.amount)}, `;
  const row = within(await screen.findByRole('article', { name: (name) => name.startsWith(label) }));
  await userEvent.click(row.getByRole('button', { name: /^Pay onto an order/ }));
  return within(screen.getByRole('dialog', { name: 'Pay a transfer onto an order' }));
}

describe('BankTransfersPage', { timeout: 20_000 }, () => {
  beforeAll(() => preloadRoutes(routes, '/bank-transfers'), 60_000);

  it('lists each refused transfer: its amount, when, the note as the bank received it, and why', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([wrongNumber, tooLittle]);
    renderRoutes(routes, { path: '/bank-transfers' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Unmatched bank transfers' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Unmatched transfers, newest first' }));
    const rows = list.getAllByRole('article');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Transfer of 415\.000\s₫, 15\/01\/2026 19:42$/),
      expect.stringMatching(/^Transfer of 100\.000\s₫, 15\/01\/2026 18:05$/),
    ]);
    const first = within(rows[0]!);
    expect(first.getByText(money(415_000))).toBeInTheDocument();
    expect(first.getByText('QUAN 1024 CHUYEN TIEN')).toBeInTheDocument();
    expect(first.getByText('There is no order 1024')).toBeInTheDocument();
    expect(first.getByText('FT26015000123')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Order 1040 has 180.000 ₫ due, the transfer was 100.000 ₫')).toBeInTheDocument();
  });

  it('pays a transfer onto the order the manager names; the row leaves the list', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([wrongNumber]);
    renderRoutes(routes, { path: '/bank-transfers' });

    const dialog = await openDialogFor(wrongNumber);
    // The order the note names is where the manager starts.
    const orderNo = dialog.getByRole('textbox', { name: 'Order number' });
    expect(orderNo).toHaveValue('1024');
    await userEvent.clear(orderNo);
    await userEvent.type(orderNo, '1042');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Khách ghi nhầm 1024 thay vì 1042');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay onto the order' }));

    expect(await screen.findByText(`Paid ${money(415_000)} onto order #1042.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.applied).toEqual([
      {
        url: '/api/payments/bank-transfers/FT26015000123/apply',
        body: { orderNo: 1042, reason: 'Khách ghi nhầm 1024 thay vì 1042' },
      },
    ]);
    expect(
      await screen.findByText('Every bank transfer has found its bill. Nothing to match here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('sends the part of a split bill when one is given', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([makeTransfer({ description: 'QUAN 1042 P2', reason: 'Order 1042 is completed' })]);
    renderRoutes(routes, { path: '/bank-transfers' });

    const dialog = await openDialogFor(wrongNumber);
    expect(dialog.getByRole('textbox', { name: 'Part of a split bill' })).toHaveValue('2');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Phần 2 trả sau khi tách lại');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay onto the order' }));

    await waitFor(() => expect(server?.applied.map((one) => one.body)).toHaveLength(1));
    expect(server.applied[0]!.body).toEqual({ orderNo: 1042, partNo: 2, reason: 'Phần 2 trả sau khi tách lại' });
  });

  it('asks for the order number and a reason before sending anything', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([makeTransfer({ description: 'CHUYEN TIEN AN TOI' })]);
    renderRoutes(routes, { path: '/bank-transfers' });

    const dialog = await openDialogFor(wrongNumber);
    expect(dialog.getByRole('textbox', { name: 'Order number' })).toHaveValue('');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay onto the order' }));

    expect(dialog.getByRole('textbox', { name: 'Order number' })).toHaveAccessibleDescription(
      'Enter the order number, e.g. 1042',
    );
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Say why in a few words');
    expect(server.applied).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and keeps the transfer listed', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([wrongNumber], () => fail(409, 'Order 1042 has 100.000 ₫ left to pay, not 415.000 ₫'));
    renderRoutes(routes, { path: '/bank-transfers' });

    const dialog = await openDialogFor(wrongNumber);
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Order number' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Order number' }), '1042');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Khách chuyển cho đơn 1042');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay onto the order' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Order 1042 has 100.000 ₫ left to pay, not 415.000 ₫');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: /^Transfer of / })).toBeInTheDocument();
  });

  it('speaks Vietnamese: the page, why a transfer was refused, and a refusal the server names', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([wrongNumber, tooLittle], () => ({
      status: 409,
      body: {
        success: false,
        message: 'Part 2 of order 1024 has 100.000 ₫ left to pay, not 415.000 ₫',
        code: 'PAYMENT_OVER_DUE',
        params: { orderNo: 1024, partNo: 2, due: '100.000 ₫', amount: '415.000 ₫' },
      },
    }));
    renderRoutes(routes, { path: '/bank-transfers' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Chuyển khoản chưa khớp' })).toBeInTheDocument();
    const rows = within(
      await screen.findByRole('list', { name: 'Chuyển khoản chưa khớp, mới nhất trước' }),
    ).getAllByRole('article');
    expect(within(rows[0]!).getByText('Không có đơn 1024')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByText('Đơn 1040 còn phải trả 180.000 ₫, khoản chuyển là 100.000 ₫'),
    ).toBeInTheDocument();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Ghi vào đơn/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ghi chuyển khoản vào đơn' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Lý do' }), 'Khách ghi nhầm số đơn');
    await userEvent.click(dialog.getByRole('button', { name: 'Ghi vào đơn' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Phần 2 của đơn 1024 chỉ còn phải trả 100.000 ₫, không phải 415.000 ₫',
    );
  });

  it('says so when every transfer has found its bill', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    server = serveTransfers([]);
    renderRoutes(routes, { path: '/bank-transfers' });

    expect(
      await screen.findByText('Every bank transfer has found its bill. Nothing to match here.'),
    ).toBeInTheDocument();
  });

  it('tells staff it is for managers, without asking the server', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    server = serveTransfers([wrongNumber]);
    renderRoutes(routes, { path: '/bank-transfers' });

    expect(await screen.findByText('Managers only')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(server.fakeApi.requests.filter((request) => request.includes('/api/payments/bank-transfers'))).toEqual([]);
  });
});
