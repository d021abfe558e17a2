import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeTable } from '../../../test/data/tables';
import { makeOrder } from '../../../test/data/orders';
import { makeTab, openAction, serveTab, tabActionsScene } from './tab-actions-test-kit';

describe('changing a table’s bill by hand', { timeout: 20_000 }, () => {
  const scene = tabActionsScene();

  it('speaks Vietnamese in the dialogs that change the bill', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const order = makeTab();
    scene.server = serveTab([order], { role: 'manager' });
    renderRoutes(routes, { path: '/orders' });

    const bill = within(await screen.findByRole('group', { name: 'Thay đổi hóa đơn' }));
    await userEvent.click(bill.getByRole('button', { name: 'Hủy món của đơn #42' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hủy món · đơn #42' }));
    expect(dialog.getByRole('group', { name: 'Món cần hủy' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Thêm Phở bò, lượt gọi 1' }));
    expect(dialog.getByText(/trước thuế \(1 món\)\./)).toBeInTheDocument();
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Sai món',
      'Khách đổi ý',
      'Chất lượng',
      'Khác',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Hủy 1 món' }));
    expect(dialog.getByText('Hãy chọn lý do.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

    await userEvent.click(bill.getByRole('button', { name: 'Tách hóa đơn của đơn #42' }));
    const split = within(screen.getByRole('dialog', { name: 'Tách hóa đơn · đơn #42' }));
    expect(split.getByRole('radio', { name: /Chia đều/ })).toBeChecked();
    expect(split.getByRole('spinbutton', { name: 'Số khách' })).toBeInTheDocument();
    expect(split.getByRole('region', { name: 'Mỗi khách trả' })).toHaveTextContent('Phần 1');
  });

  it('moves dishes to another table’s open order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    const other = makeTable(3, {
      currentOrder: { _id: makeOrder()._id, orderNo: 41, customerName: 'Lê Văn Cường', status: 'served' },
    });
    const tables = [
      makeTable(5, { currentOrder: { _id: order._id, orderNo: 42, customerName: '', status: 'pending' } }),
      other,
      makeTable(7),
    ];
    scene.server = serveTab([order], { role: 'staff', tables });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Move dishes of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Move dishes · order #42' }));
    const select = await dialog.findByRole('combobox', { name: 'To table' });
    // Only the other tables with an open order.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a table', 'Table 3 · order #41 · Lê Văn Cường']);
    await userEvent.click(dialog.getByRole('button', { name: 'More Bún chả, round 2' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move 1 dish' }));
    expect(dialog.getByText('Choose the table the dishes go to.')).toBeInTheDocument();
    await userEvent.selectOptions(select, other._id);
    await userEvent.click(dialog.getByRole('button', { name: 'Move 1 dish' }));

    expect(await screen.findByText('Moved 1 × Bún chả to table 3.')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([
      {
        url: `/api/order/${order._id}/move-lines`,
        body: { lines: [{ position: 2, quantity: 1 }], toTableId: other._id, expectedVersion: 3 },
      },
    ]);
  });

  it('merges another table into this one', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    const fromOrderId = makeOrder()._id;
    const tables = [
      makeTable(3, { currentOrder: { _id: fromOrderId, orderNo: 41, customerName: 'Lê Văn Cường', status: 'served' } }),
      makeTable(5, { currentOrder: { _id: order._id, orderNo: 42, customerName: '', status: 'pending' } }),
    ];
    scene.server = serveTab([order], { role: 'staff', tables });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Merge a table into order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Merge a table into order #42' }));
    const choice = await dialog.findByRole('radio', { name: /Table 3/ });
    expect(dialog.getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(choice);
    expect(dialog.getByText(/table 3 is freed/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Merge table 3' }));

    expect(await screen.findByText('Table 3 merged into order #42.')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([
      { url: `/api/order/${order._id}/merge`, body: { fromOrderId, expectedVersion: 3 } },
    ]);
  });
});
