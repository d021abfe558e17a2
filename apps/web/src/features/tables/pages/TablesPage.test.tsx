import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type Settings } from '@quan/contract/settings';
import type { Table } from '@quan/contract/table';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { addToOutbox, removeFromOutbox } from '../../../lib/outbox';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, sessionStateOf, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { userStateStorageKey } from '../../../lib/session-storage';
import { renderRoutes } from '../../../test/render-routes';
import { makeTable } from '../../../test/data/tables';

const floor = (): Table[] => [
  makeTable(1, { seats: 2 }),
  makeTable(2, {
    status: 'booked',
    currentOrder: {
      _id: '0190a1b2-c3d4-7e5f-8a9b-000000001042',
      orderNo: 1042,
      customerName: 'Phạm Thu Hà',
      status: 'in_progress',
    },
  }),
  makeTable(3, { status: 'booked', seats: 6 }),
  makeTable(4),
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A little table server; `answer` may refuse a write before it is applied. Without `settings` it does not answer
 * them, as a screen whose settings have not come.
 */
function serveTables(initial: Table[], answer?: (call: Call) => FakeResponse | null, settings?: Settings) {
  let tables = initial;
  const writes: Call[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/table') return ok(tables);
    if (method === 'GET' && url === '/api/settings') return settings ? ok(settings) : fail(404, 'Not found');
    // Today's bookings, which the page reads to say "reserved 19:00" (ReservationsPage.test.tsx shows it).
    if (method === 'GET' && url === '/api/reservations') return ok([]);
    const call = { method, url, body: config.data ? JSON.parse(config.data as string) : undefined };
    writes.push(call);
    const refusal = answer?.(call);
    if (refusal) return refusal;
    const id = /^\/api\/table\/(.+)$/.exec(url)?.[1];
    if (method === 'POST') {
      const created = makeTable((call.body as Table).tableNo, call.body as Partial<Table>);
      tables = [...tables, created];
      return { status: 201, body: { success: true, data: created } };
    }
    if (method === 'PUT' && id) {
      const { rotateQrKey, ...changes } = call.body as Partial<Table> & { rotateQrKey?: true };
      tables = tables.map((table) =>
        table._id === id ? { ...table, ...changes, ...(rotateQrKey ? { qrKey: `${table.qrKey}-new` } : {}) } : table,
      );
      return ok(tables.find((table) => table._id === id));
    }
    if (method === 'DELETE' && id) {
      tables = tables.filter((table) => table._id !== id);
      return ok(null);
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, writes };
}

function tableCard(tableNo: number) {
  return within(screen.getByRole('article', { name: `Table ${tableNo}` }));
}

const tableNames = () => screen.getAllByRole('article').map((article) => article.querySelector('h2')?.textContent);

function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('TablesPage', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveTables> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('filters booked and available tables and shows the order on a booked one', async () => {
    signIn('staff');
    server = serveTables(floor());
    renderRoutes(routes, { path: '/tables' });

    await screen.findByRole('article', { name: 'Table 1' });
    expect(tableNames()).toEqual(['Table 1', 'Table 2', 'Table 3', 'Table 4']);
    expect(screen.getByText('2 of 4 tables booked.')).toBeInTheDocument();
    expect(tableCard(2).getByText('Order #1042')).toBeInTheDocument();
    expect(tableCard(2).getByText('Phạm Thu Hà')).toBeInTheDocument();
    expect(tableCard(2).getByText('In progress')).toBeInTheDocument();
    expect(tableCard(3).getByText('6 seats')).toBeInTheDocument();

    const filters = within(screen.getByRole('group', { name: 'Show tables' }));
    await userEvent.click(filters.getByRole('button', { name: /^Booked/ }));
    expect(tableNames()).toEqual(['Table 2', 'Table 3']);
    expect(filters.getByRole('button', { name: /^Booked/ })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(filters.getByRole('button', { name: /^Available/ }));
    expect(tableNames()).toEqual(['Table 1', 'Table 4']);

    await userEvent.click(filters.getByRole('button', { name: /^All/ }));
    expect(tableNames()).toHaveLength(4);
  });

  it('lets staff seat and free tables, but not free one under an open order nor manage tables', async () => {
    signIn('staff');
    server = serveTables(floor(), ({ url }) =>
      url.endsWith('000000000001') ? fail(409, 'Table 1 is already booked') : null,
    );
    renderRoutes(routes, { path: '/tables' });

    await screen.findByRole('article', { name: 'Table 1' });
    expect(screen.queryByRole('button', { name: 'Add table' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).not.toBeInTheDocument();
    // A table under an open order is not freed by hand; its party can move to another table.
    expect(tableCard(2).queryByRole('button', { name: /Free table|Mark booked/ })).not.toBeInTheDocument();
    expect(tableCard(2).getByText(/Frees when order #1042 is completed or cancelled/)).toBeInTheDocument();

    await userEvent.click(tableCard(3).getByRole('button', { name: 'Free table 3' }));
    expect(await screen.findByText('Table 3 is free.')).toBeInTheDocument();
    await waitFor(() => expect(tableCard(3).getByRole('button', { name: 'Mark booked table 3' })).toBeInTheDocument());

    await userEvent.click(tableCard(1).getByRole('button', { name: 'Mark booked table 1' }));
    expect(await screen.findByText('Table 1 is already booked')).toBeInTheDocument();

    expect(server.writes.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['PUT', '/api/table/0190a1b2-c3d4-7e5f-8a9b-000000000003', { status: 'available' }],
      ['PUT', '/api/table/0190a1b2-c3d4-7e5f-8a9b-000000000001', { status: 'booked' }],
    ]);
  });

  it('moves the party of a booked table, order and all, to a free table', async () => {
    signIn('staff');
    server = serveTables(floor());
    renderRoutes(routes, { path: '/tables' });

    await screen.findByRole('article', { name: 'Table 2' });
    await userEvent.click(tableCard(2).getByRole('button', { name: 'Move order #1042 from table 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move order #1042 from table 2' }));
    const offered = within(dialog.getByRole('group', { name: 'Free tables' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual(['Table 12 seats', 'Table 44 seats']);
    await userEvent.click(dialog.getByRole('button', { name: /^Table 4/ }));

    expect(await screen.findByText('Order #1042 moved to table 4.')).toBeInTheDocument();
    expect(server.writes.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['PUT', '/api/table/0190a1b2-c3d4-7e5f-8a9b-000000000004', { orderId: '0190a1b2-c3d4-7e5f-8a9b-000000001042' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets a manager add a table, showing a duplicate refusal in the open form', async () => {
    signIn('manager');
    let attempts = 0;
    server = serveTables(floor(), ({ method }) =>
      method === 'POST' && ++attempts === 1 ? fail(409, 'Table 5 already exists') : null,
    );
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'Add table' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a table' }));
    expect(dialog.getByLabelText('Table number')).toHaveValue(5);
    await userEvent.clear(dialog.getByLabelText('Seats'));
    await userEvent.type(dialog.getByLabelText('Seats'), '6');
    await userEvent.click(dialog.getByRole('button', { name: 'Add table' }));

    expect(await screen.findByText('Table 5 already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a table' })).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Add table' }));
    expect(await screen.findByText('Table 5 is added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Table 5' })).toBeInTheDocument();
    expect(server.writes.map(({ method, body }) => [method, body])).toEqual([
      ['POST', { tableNo: 5, seats: 6 }],
      ['POST', { tableNo: 5, seats: 6 }],
    ]);
  });

  it('lets a manager edit a table', async () => {
    signIn('admin');
    server = serveTables(floor());
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit table 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit table 1' }));
    await userEvent.clear(dialog.getByLabelText('Seats'));
    await userEvent.type(dialog.getByLabelText('Seats'), '8');
    await userEvent.click(dialog.getByRole('button', { name: 'Save table' }));

    expect(await screen.findByText('Table 1 is saved.')).toBeInTheDocument();
    expect(server.writes[0]?.body).toEqual({ tableNo: 1, seats: 8 });
    await waitFor(() => expect(tableCard(1).getByText('8 seats')).toBeInTheDocument());
  });

  it('confirms a delete and shows the refusal for a booked table', async () => {
    signIn('manager');
    server = serveTables(floor(), ({ method }) =>
      method === 'DELETE' ? fail(409, 'Table 2 is booked; free it before deleting it') : null,
    );
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete table 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete table 2?' }));
    expect(server.writes).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete table' }));

    expect(await screen.findByText('Table 2 is booked; free it before deleting it')).toBeInTheDocument();
    expect(server.writes.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'DELETE /api/table/0190a1b2-c3d4-7e5f-8a9b-000000000002',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a table's QR code for the ordering page and rotates its key after a warning", async () => {
    signIn('manager');
    server = serveTables(floor());
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'QR code for table 4' }));
    const dialog = within(screen.getByRole('dialog', { name: 'QR code for table 4' }));
    const image = await dialog.findByRole('img', { name: 'QR code for table 4' });
    const firstCode = image.getAttribute('src');
    expect(firstCode).toMatch(/^data:image\/svg\+xml/);
    expect(dialog.getByText(`${window.location.origin}/table/4?key=key-4`)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Print QR' })).toBeEnabled();

    await userEvent.click(dialog.getByRole('button', { name: 'Rotate key' }));
    const warning = within(screen.getByRole('dialog', { name: 'New QR code for table 4?' }));
    expect(warning.getByText(/stops working at once/)).toBeInTheDocument();
    expect(server.writes).toEqual([]);
    await userEvent.click(warning.getByRole('button', { name: 'Rotate key' }));

    expect(await screen.findByText('Table 4 has a new QR code. Print it and replace the old one.')).toBeInTheDocument();
    expect(server.writes[0]?.body).toEqual({ rotateQrKey: true });
    expect(await dialog.findByText(`${window.location.origin}/table/4?key=key-4-new`)).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByRole('img', { name: 'QR code for table 4' }).getAttribute('src')).not.toBe(firstCode),
    );
  });

  it("carries the branch's own address on the QR codes of a branch other than the first", async () => {
    signIn('manager');
    localStorage.setItem(
      userStateStorageKey,
      JSON.stringify({ ...sessionStateOf(makeUser({ role: 'manager' })), branchId: 'branch-3' }),
    );
    const branch = (id: string, slug: string, isFirst: boolean) => ({
      _id: id,
      name: slug,
      slug,
      address: '',
      phone: '',
      taxCode: '',
      receiptHeader: '',
      isFirst,
      createdAt: '2026-01-15T03:00:00.000Z',
      updatedAt: '2026-01-15T03:00:00.000Z',
    });
    server = serveTables(floor(), ({ method, url }) =>
      method === 'GET' && url === '/api/branches'
        ? ok([branch('branch-1', 'quan-1', true), branch('branch-3', 'quan-3', false)])
        : null,
    );
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'QR code for table 4' }));
    const dialog = within(screen.getByRole('dialog', { name: 'QR code for table 4' }));
    expect(await dialog.findByText(`${window.location.origin}/b/quan-3/table/4?key=key-4`)).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'QR code for table 4' })).toBeInTheDocument();
  });

  it('lets staff show a table’s QR code, carrying the public address, but not rotate its key', async () => {
    signIn('staff');
    server = serveTables(floor(), undefined, { ...defaultSettings, publicAddress: 'https://quan.example.vn' });
    renderRoutes(routes, { path: '/tables' });

    await userEvent.click(await screen.findByRole('button', { name: 'QR code for table 4' }));
    const dialog = within(screen.getByRole('dialog', { name: 'QR code for table 4' }));
    expect(await dialog.findByText('https://quan.example.vn/table/4?key=key-4')).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'QR code for table 4' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Print QR' })).toBeEnabled();
    expect(dialog.queryByRole('button', { name: 'Rotate key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the QR codes would carry a local address: an admin is sent to the settings, staff to an admin', async () => {
    const localhost = 'http://localhost:5173';
    signIn('admin');
    server = serveTables(floor(), undefined, { ...defaultSettings, publicAddress: localhost });
    const admin = renderRoutes(routes, { path: '/tables' });

    const warning = within(await screen.findByRole('alert'));
    expect(
      warning.getByText(
        `Table QR codes carry the address ${localhost}: only this machine opens it, guests’ phones do not.`,
      ),
    ).toBeInTheDocument();
    expect(
      warning.getByRole('link', { name: 'Set the restaurant’s public address in the restaurant settings' }),
    ).toHaveAttribute('href', '/more');
    admin.unmount();

    signIn('staff');
    renderRoutes(routes, { path: '/tables' });
    expect(
      await screen.findByText(
        'Ask an admin to set the restaurant’s public address in the settings before printing codes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /public address/ })).not.toBeInTheDocument();
  });

  it('shows a table taken by an order waiting on this tablet, which the server still calls free', async () => {
    signIn('staff');
    server = serveTables(floor());
    // Taken by someone else on this tablet: it waits for their session, so nothing sends it during the test.
    const kept = await addToOutbox({
      kind: 'order',
      request: { method: 'POST', url: '/api/order', body: {}, idempotencyKey: 'kept-order-1' },
      userId: 'someone-else',
      userName: 'Châu',
      estimate: 65_000,
      cart: { items: [], table: { _id: floor()[3]!._id, tableNo: 4 } },
      label: '',
    });
    renderRoutes(routes, { path: '/tables' });

    await screen.findByRole('article', { name: 'Table 4' });
    expect(await tableCard(4).findByText('An order waits on this tablet to be sent')).toBeInTheDocument();
    expect(tableCard(1).queryByText('An order waits on this tablet to be sent')).not.toBeInTheDocument();
    await removeFromOutbox(kept.id);
  });

  it('speaks Vietnamese: the floor, its filters, a table’s actions and the move dialog', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    server = serveTables(floor());
    renderRoutes(routes, { path: '/tables' });

    const card = (tableNo: number) => within(screen.getByRole('article', { name: `Bàn ${tableNo}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bàn' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Bàn 1' });
    expect(screen.getByText('2/4 bàn đang có khách.')).toBeInTheDocument();
    expect(card(2).getByText('Đơn #1042')).toBeInTheDocument();
    expect(card(2).getByText('Đang làm')).toBeInTheDocument();
    expect(card(2).getByText('Có khách')).toBeInTheDocument();
    expect(card(3).getByText('6 chỗ')).toBeInTheDocument();
    expect(card(3).getByText('Có khách, chưa gọi món')).toBeInTheDocument();
    expect(card(1).getByRole('button', { name: 'Nhận khách bàn 1' })).toBeInTheDocument();
    expect(card(3).getByRole('button', { name: 'Trả bàn 3' })).toBeInTheDocument();
    for (const action of ['Mã QR của bàn 1', 'Sửa bàn 1', 'Xóa bàn 1']) {
      expect(card(1).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Thêm bàn' })).toBeInTheDocument();

    const filters = within(screen.getByRole('group', { name: 'Lọc bàn' }));
    await userEvent.click(filters.getByRole('button', { name: /^Còn trống/ }));
    expect(screen.queryByRole('article', { name: 'Bàn 2' })).not.toBeInTheDocument();
    await userEvent.click(filters.getByRole('button', { name: /^Tất cả/ }));

    await userEvent.click(card(2).getByRole('button', { name: 'Chuyển đơn #1042 từ bàn 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chuyển đơn #1042 từ bàn 2' }));
    await userEvent.click(
      within(dialog.getByRole('group', { name: 'Bàn trống' })).getByRole('button', { name: /^Bàn 4/ }),
    );
    expect(await screen.findByText('Đã chuyển đơn #1042 sang bàn 4.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Bàn/));
  });
});
