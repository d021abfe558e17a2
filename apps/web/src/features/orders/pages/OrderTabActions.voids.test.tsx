import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import {
  card,
  makeTab,
  managerPassword,
  openAction,
  serveTab,
  startedRefusal,
  tabActionsScene,
} from './tab-actions-test-kit';

describe('changing a table’s bill by hand', { timeout: 20_000 }, () => {
  const scene = tabActionsScene();

  it('asks a manager to approve when staff void a dish the kitchen started, and re-sends with it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    let dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    // Bounded by what is left on the bill.
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    expect(dialog.getByRole('button', { name: 'More Phở bò, round 1' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Fewer Phở bò, round 1' }));
    expect(dialog.getByText('65.000 ₫', { selector: 'strong' })).toBeInTheDocument();
    expect(dialog.getByText('The kitchen has made it — a manager must approve.')).toBeInTheDocument();
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Wrong dish',
      'Guest changed their mind',
      'Quality',
      'Other',
    ]);

    // A reason is required, and "Other" asks for a note.
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));
    expect(dialog.getByText('Choose a reason.')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([]);
    await userEvent.click(dialog.getByRole('radio', { name: 'Other' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));
    expect(dialog.getByText('Say why the dishes are voided.')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Note' }), 'Dropped on the floor');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Thrown away \(cooked\)/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    // The server refuses staff: the dialog asks for a manager on this device.
    dialog = within(await screen.findByRole('dialog', { name: 'Manager approval' }));
    expect(dialog.getByText(startedRefusal)).toBeInTheDocument();
    const email = dialog.getByLabelText('Manager’s email');
    const password = dialog.getByLabelText('Manager’s password');
    expect(email).toHaveFocus();
    await userEvent.type(email, 'binh@quan.test');
    await userEvent.type(password, 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and void' }));
    expect(await dialog.findByText('That email and password are not a manager’s')).toBeInTheDocument();
    // A wrong password is not kept: it is typed again.
    expect(password).toHaveValue('');
    await userEvent.type(password, managerPassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and void' }));

    expect(await screen.findByText('Voided 1 × Phở bò on order #42.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'other',
      note: 'Dropped on the floor',
      wasted: true,
      expectedVersion: 3,
    };
    expect(scene.server.posts).toEqual([
      { url: `/api/order/${order._id}/voids`, body: sent },
      {
        url: `/api/order/${order._id}/voids`,
        body: { ...sent, approval: { email: 'binh@quan.test', password: 'wrong' } },
      },
      {
        url: `/api/order/${order._id}/voids`,
        body: { ...sent, approval: { email: 'binh@quan.test', password: managerPassword } },
      },
    ]);
    expect(await card().findByText('(1 voided)')).toBeInTheDocument();
  });

  it('lets a signed-in manager void a started dish directly, and staff void a dish not yet started', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const order = makeTab();
    scene.server = serveTab([order], { role: 'manager' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Trà đá, round 1' }));
    // A manager voids it themselves: the dialog says what the kitchen did, and asks no one.
    expect(dialog.getByText('The kitchen has made it')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Wrong dish' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    expect(await screen.findByText('Voided 1 × Trà đá on order #42.')).toBeInTheDocument();
    expect(scene.server.posts.map((post) => post.body)).toEqual([
      { lines: [{ position: 1, quantity: 1 }], reason: 'wrong_dish', expectedVersion: 3 },
    ]);
  });

  it('closes the dialog and shows the server’s refusal when the order changed elsewhere', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const message = 'Order 42 was changed on another screen since you opened it; its latest state is shown now';
    scene.server = serveTab([makeTab()], { role: 'staff', refuse: () => fail(409, message) });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Void dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Void dishes · order #42' }));
    // Round 2 is not started: no thrown-away choice.
    await userEvent.click(dialog.getByRole('button', { name: 'More Bún chả, round 2' }));
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Guest changed their mind' }));
    const listsBefore = scene.server.fakeApi.requests.filter((request) => request === 'GET /api/order').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Void 1 dish' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(scene.server.fakeApi.requests.filter((request) => request === 'GET /api/order').length).toBeGreaterThan(
        listsBefore,
      ),
    );
  });
});
