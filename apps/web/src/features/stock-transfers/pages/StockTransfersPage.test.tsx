import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReceiveStockTransferBody, SendStockTransferBody, StockTransfer } from '@quan/contract/stock-transfer';
import type { User } from '@quan/contract/user';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { makeIngredient } from '../../../test/data/ingredients';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

const branchA = { _id: '0190a1b2-c3d4-7e5f-8a9b-3c0000000001', name: 'Quận 1' };
const branchB = { _id: '0190a1b2-c3d4-7e5f-8a9b-3c0000000002', name: 'Quận 3' };
const beefId = '0190a1b2-c3d4-7e5f-8a9b-1a0000000001';

/** Transfer 12: 5 kg of beef from Quận 1, coming to this branch (Quận 3). */
const incoming: StockTransfer = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-4d0000000012',
  transferNo: 12,
  status: 'sent',
  direction: 'in',
  fromBranch: branchA,
  toBranch: branchB,
  note: 'Cho cuối tuần',
  sentBy: { _id: 'u1', name: 'Nguyễn Văn An' },
  sentAt: '2026-03-02T01:00:00.000Z',
  receivedBy: null,
  receivedAt: null,
  lines: [
    {
      ingredientId: beefId,
      name: 'Thịt bò',
      unit: 'kg',
      sent: 5,
      received: null,
      differenceReason: '',
      unitCost: 280_000,
    },
  ],
  sentValue: 1_400_000,
  differenceValue: null,
};

const beef = makeIngredient(1, { name: 'Thịt bò', quantity: 12 });
const basil = makeIngredient(3, { name: 'Húng quế', unit: 'g', quantity: 0 });

function serveTransfers() {
  const receipts: ReceiveStockTransferBody[] = [];
  const sent: SendStockTransferBody[] = [];
  let transfer = incoming;
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/stock-transfers') return ok([transfer]);
    if (method === 'GET' && url === '/api/stock-transfers/branches') return ok([branchA]);
    if (method === 'GET' && url === '/api/ingredient') return ok([beef, basil]);
    if (method === 'POST' && url === '/api/stock-transfers') {
      sent.push(JSON.parse(config.data as string) as SendStockTransferBody);
      return { status: 201, body: { success: true, data: { ...incoming, transferNo: 13, direction: 'out' } } };
    }
    if (method === 'POST' && url === `/api/stock-transfers/${incoming._id}/receive`) {
      const body = JSON.parse(config.data as string) as ReceiveStockTransferBody;
      receipts.push(body);
      const line = body.lines[0]!;
      transfer = {
        ...incoming,
        status: 'received',
        receivedAt: '2026-03-02T05:00:00.000Z',
        receivedBy: { _id: 'u3', name: 'Trần Thị Bình' },
        lines: [{ ...incoming.lines[0]!, received: line.received, differenceReason: line.reason ?? '' }],
        differenceValue: (line.received - 5) * 280_000,
      };
      return ok(transfer);
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, receipts, sent };
}

function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

describe('StockTransfersPage', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveTransfers> | undefined;
  beforeAll(() => preloadRoutes(routes, '/stock-transfers'));
  afterEach(() => server?.fakeApi.restore());

  it('receives a transfer: a difference needs its reason before anything is sent', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveTransfers();
    renderRoutes(routes, { path: '/stock-transfers' });

    const card = within(await screen.findByRole('listitem', { name: 'Stock transfer #12' }));
    expect(card.getByText('#12 · From Quận 1')).toBeInTheDocument();
    expect(card.getByText('On the way')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Receive' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Receive transfer #12 from Quận 1' }));
    const received = dialog.getByRole('spinbutton', { name: 'Thịt bò: received (kg)' });
    // What was sent, unless changed: no reason asked.
    expect(received).toHaveValue(5);
    expect(dialog.queryByRole('textbox', { name: 'Why Thịt bò differs' })).not.toBeInTheDocument();

    await user.clear(received);
    await user.type(received, '4.5');
    await user.click(dialog.getByRole('button', { name: 'Confirm receipt' }));
    const reason = dialog.getByRole('textbox', { name: 'Why Thịt bò differs' });
    expect(reason).toHaveAccessibleDescription(/What arrived differs from what was sent: say why/);
    expect(server.receipts).toEqual([]);

    await user.type(reason, 'Rách một túi');
    await user.click(dialog.getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() =>
      expect(server?.receipts).toEqual([{ lines: [{ ingredientId: beefId, received: 4.5, reason: 'Rách một túi' }] }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = within(await screen.findByRole('listitem', { name: 'Stock transfer #12' }));
    expect(await after.findByText('Received')).toBeInTheDocument();
    expect(after.getByText('Thịt bò: Rách một túi')).toBeInTheDocument();
  });

  it('receives in full without a reason', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveTransfers();
    renderRoutes(routes, { path: '/stock-transfers' });

    const card = within(await screen.findByRole('listitem', { name: 'Stock transfer #12' }));
    await user.click(card.getByRole('button', { name: 'Receive' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(server?.receipts).toEqual([{ lines: [{ ingredientId: beefId, received: 5 }] }]));
  });

  it('sends stock to another branch, only what this branch holds', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveTransfers();
    renderRoutes(routes, { path: '/stock-transfers' });

    await user.click(await screen.findByRole('button', { name: 'Send stock' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send stock to another branch' }));
    // The chain's one other branch is chosen already; an ingredient this branch holds none of is not offered.
    expect(dialog.getByRole('combobox', { name: 'To branch' })).toHaveValue(branchA._id);
    const ingredient = dialog.getByRole('combobox', { name: 'Ingredient, line 1' });
    expect(
      within(ingredient)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an ingredient', 'Thịt bò (12 kg in stock)']);
    await user.selectOptions(ingredient, beef._id);
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity, line 1 (kg)' });
    await user.type(quantity, '20');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(quantity).toHaveAccessibleDescription('Only 12 kg in stock');
    expect(server.sent).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server?.sent).toEqual([{ toBranchId: branchA._id, lines: [{ ingredientId: beef._id, quantity: 5 }] }]),
    );
  });

  it('lets staff see what is coming but not receive it', async () => {
    signIn('staff');
    server = serveTransfers();
    renderRoutes(routes, { path: '/stock-transfers' });

    const card = within(await screen.findByRole('listitem', { name: 'Stock transfer #12' }));
    expect(card.queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send stock' })).not.toBeInTheDocument();
    expect(server.fakeApi.requests).not.toContain('GET /api/stock-transfers/branches');
  });

  it.each([
    ['another branch', [branchA], true],
    ['one branch', [], false],
  ])('offers the screen in More only with another branch to send to (%s)', async (_chain, others, offered) => {
    signIn('manager');
    const fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url === '/api/stock-transfers/branches' ? ok(others) : fail(404, 'Not found'),
    );
    try {
      renderRoutes(routes, { path: '/more' });
      await screen.findByRole('link', { name: /^Ingredients/ });
      await waitFor(() => expect(fakeApi.requests).toContain('GET /api/stock-transfers/branches'));
      if (offered) {
        expect(await screen.findByRole('link', { name: /^Stock transfers/ })).toHaveAttribute(
          'href',
          '/stock-transfers',
        );
      } else {
        expect(screen.queryByRole('link', { name: /^Stock transfers/ })).not.toBeInTheDocument();
      }
    } finally {
      fakeApi.restore();
    }
  });
});
