import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateCustomerBody } from '@quan/contract/customer';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { figure, lan, minh, row, rowNames, serveCustomers, signIn, customersScene } from './customers-test-kit';

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('CustomersPage', { timeout: 30_000 }, () => {
  const scene = customersScene();

  it('explains invalid fields from the contract and the server’s refusal, then puts the new customer first', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers(({ method, body }) =>
      method === 'POST' && (body as CreateCustomerBody).phone === lan.phone
        ? fail(409, 'A customer with phone 0901234567 already exists')
        : null,
    );
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });

    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a customer' }));
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    expect(await dialog.findByText('Enter the customer name')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Enter the customer name');
    expect(dialog.getByLabelText('Phone')).toHaveAccessibleDescription(/Enter a valid phone number/);

    await user.type(dialog.getByLabelText('Name'), 'Bác Tư');
    await user.type(dialog.getByLabelText('Phone'), '+84 901 234 567');
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    expect(await dialog.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(scene.server.writes).toEqual([]);

    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'Tu@Quan.Test');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    // The phone went out normalised, and the server found it taken.
    expect(await dialog.findByRole('alert')).toHaveTextContent('A customer with phone 0901234567 already exists');
    expect(
      await screen.findByText('A customer with phone 0901234567 already exists', { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Phone'));
    await user.type(dialog.getByLabelText('Phone'), '0912 345 678');
    await user.type(dialog.getByLabelText('Date of birth'), '31/05/1990');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByText('Bác Tư is added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scene.server.writes.map((write) => write.body)).toEqual([
      { name: 'Bác Tư', phone: '0901234567', email: 'tu@quan.test' },
      { name: 'Bác Tư', phone: '0912345678', email: 'tu@quan.test', dateOfBirth: '1990-05-31' },
    ]);
    expect(rowNames().slice(0, 2)).toEqual(['Bác Tư', 'Chị Lan']);
    await waitFor(() => expect(figure('Customers')).toHaveTextContent('24'));
  });

  it('edits a customer, sending only what changed', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Edit Chị Lan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Chị Lan' }));
    expect(dialog.getByLabelText('Phone')).toHaveValue('0901234567');
    await user.type(dialog.getByLabelText('Notes'), 'Dị ứng đậu phộng');
    await user.selectOptions(dialog.getByLabelText('Status'), 'inactive');
    await user.click(dialog.getByRole('button', { name: 'Save customer' }));

    expect(await screen.findByText('Chị Lan is saved.')).toBeInTheDocument();
    expect(scene.server.writes).toEqual([
      { method: 'PUT', url: `/api/customers/${lan._id}`, body: { notes: 'Dị ứng đậu phộng', status: 'inactive' } },
    ]);
    expect(row('Chị Lan').getByText('Inactive')).toBeInTheDocument();
  });

  it('deletes only after confirmation, with the fixed success message', async () => {
    const user = userEvent.setup();
    signIn('manager');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete Anh Minh' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Anh Minh?' }));
    expect(dialog.getByText(/will be removed with their 3,000 points/)).toBeInTheDocument();
    expect(scene.server.writes).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Delete customer' }));

    expect(await screen.findByText('Customer deleted successfully')).toBeInTheDocument();
    expect(scene.server.writes).toEqual([{ method: 'DELETE', url: `/api/customers/${minh._id}`, body: undefined }]);
    expect(screen.queryByRole('row', { name: 'Anh Minh' })).not.toBeInTheDocument();
    // The page is fetched again so it still holds 10.
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(screen.getByText('Page 1 of 3 · 22 customers')).toBeInTheDocument();
  });

  it('shows why the server refuses a delete', async () => {
    const user = userEvent.setup();
    signIn('admin');
    scene.server = serveCustomers(({ method }) => (method === 'DELETE' ? { status: 500, body: '' } : null));
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete Anh Minh' }));
    await user.click(screen.getByRole('button', { name: 'Delete customer' }));

    expect(await screen.findByText('Failed to delete customer')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Anh Minh' })).toBeInTheDocument();
  });

  it('updates every membership after confirmation and says how many changed', async () => {
    const user = userEvent.setup();
    signIn('manager');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Cô Hoa' });
    expect(row('Cô Hoa').getByText('Bronze')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update memberships' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Update every membership level?' }));
    await user.click(dialog.getByRole('button', { name: 'Update memberships' }));

    expect(await screen.findByText('Memberships updated: 3 customers changed level')).toBeInTheDocument();
    expect(scene.server.writes).toEqual([
      { method: 'POST', url: '/api/customers/update-memberships', body: undefined },
    ]);
    // The levels changed on the server: the list shows them.
    await waitFor(() => expect(row('Cô Hoa').getByText('Silver')).toBeInTheDocument());
  });
});
