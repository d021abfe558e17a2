import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { makeLine, makeRound } from '../../../test/data/orders';
import { renderRoutes } from '../../../test/render-routes';
import { makeTab, openAction, serveTab, tabActionsScene } from './tab-actions-test-kit';

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** Table 5's tab with round 2 (one Bún chả) sent from the POS `sentSecondsAgo`, started by its station at `startedAt`. */
function tabWithRound2(sentSecondsAgo: number, startedAt: string | null = null) {
  return makeTab({
    status: 'in_progress',
    rounds: [
      makeRound(1, { status: 'served' }),
      makeRound(2, { status: 'in_progress', sentAt: secondsAgo(sentSecondsAgo) }),
    ],
    items: [
      makeLine({ name: 'Phở bò', price: 65000, quantity: 2, position: 0, roundNo: 1 }),
      makeLine({ name: 'Bún chả', price: 55000, quantity: 1, position: 2, roundNo: 2, startedAt }),
    ],
  });
}

async function pickBunCha() {
  await openAction(/^Void dishes of order #42$/);
  const dialog = within(screen.getByRole('dialog', { name: /order #42|đơn #42/ }));
  await userEvent.click(dialog.getByRole('button', { name: /^More Bún chả/ }));
  return dialog;
}

describe('voiding before the kitchen starts', { timeout: 20_000 }, () => {
  const scene = tabActionsScene();

  it('lets staff void a dish sent seconds ago, saying no manager is needed', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = tabWithRound2(20);
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    const dialog = await pickBunCha();
    expect(dialog.getByText('The kitchen has not started — no manager needed to void.')).toBeInTheDocument();
    // Nothing was cooked: nothing to throw away.
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Wrong dish' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    expect(await screen.findByText('Voided 1 × Bún chả on order #42.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(scene.server.posts.map((post) => post.body)).toEqual([
      { lines: [{ position: 2, quantity: 1 }], reason: 'wrong_dish', expectedVersion: 3 },
    ]);
  });

  it('says when the station started a dish, and that a manager approves', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveTab([tabWithRound2(40, '2026-11-28T12:32:00.000Z')], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    const dialog = await pickBunCha();
    expect(dialog.getByText('The kitchen started at 19:32 — a manager must approve.')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: /Thrown away/ })).toBeInTheDocument();
  });

  it('counts a dish as started once the grace time since sending is over', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveTab([tabWithRound2(150)], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    const dialog = await pickBunCha();
    expect(dialog.getByText('Sent to the kitchen over 2 minutes ago — a manager must approve.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Wrong dish' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));
    expect(await screen.findByRole('dialog', { name: 'Manager approval' })).toBeInTheDocument();
  });

  it('says it in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveTab([tabWithRound2(20)], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Hủy món của đơn #42$/);
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: /^Thêm Bún chả/ }));
    expect(dialog.getByText('Bếp chưa bắt đầu — hủy không cần quản lý.')).toBeInTheDocument();
  });
});
