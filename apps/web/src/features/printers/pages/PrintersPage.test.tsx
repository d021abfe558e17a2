import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrintBridge, Printer } from '@quan/contract/printers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { makeStation } from '../../../test/data/menu';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';
import { printerFormFields } from '../components/printer-form';

const kitchen = makeStation({ _id: '0190a1b2-0000-7000-8000-00000000000a', name: 'Bếp', sortOrder: 0 });
const bar = makeStation({ _id: '0190a1b2-0000-7000-8000-00000000000b', name: 'Quầy bar', sortOrder: 1 });
const grill = makeStation({ _id: '0190a1b2-0000-7000-8000-00000000000c', name: 'Nướng', sortOrder: 2, inUse: false });

const stamp = { createdAt: '2026-11-20T03:00:00.000Z', updatedAt: '2026-11-20T03:00:00.000Z' };

const counterPrinterId = '0190a1b2-0000-7000-8000-0000000000a2';

const kitchenPrinter: Printer = {
  _id: '0190a1b2-0000-7000-8000-0000000000a1',
  name: 'Máy bếp',
  host: '192.168.1.50',
  port: 9100,
  paperWidth: 80,
  mode: 'raster',
  codepage: null,
  stationIds: [kitchen._id],
  printsBills: false,
  printsReceipts: false,
  printsZReports: false,
  hasDrawer: false,
  fallbackPrinterId: counterPrinterId,
  fallbackAfterSeconds: 90,
  bridgeId: null,
  status: 'online',
  statusAt: '2026-11-29T12:05:00.000Z',
  queued: 0,
  ...stamp,
};

const counterPrinter: Printer = {
  _id: counterPrinterId,
  name: 'Máy quầy',
  host: '192.168.1.51',
  port: 9100,
  paperWidth: 58,
  mode: 'text',
  codepage: 'tcvn3',
  stationIds: [],
  printsBills: true,
  printsReceipts: true,
  printsZReports: true,
  hasDrawer: true,
  fallbackPrinterId: null,
  fallbackAfterSeconds: 60,
  bridgeId: null,
  status: 'paper_out',
  statusAt: '2026-11-29T12:04:00.000Z',
  queued: 3,
  ...stamp,
};

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** The cashier's computer asked for jobs a moment ago; the old laptop has been silent for an hour; one is revoked. */
function makeBridges(): PrintBridge[] {
  return [
    {
      _id: '0190a1b2-0000-7000-8000-0000000000b1',
      name: 'Máy tính quầy',
      createdAt: '2026-11-20T03:00:00.000Z',
      lastSeenAt: secondsAgo(12),
      revokedAt: null,
    },
    {
      _id: '0190a1b2-0000-7000-8000-0000000000b2',
      name: 'Laptop cũ',
      createdAt: '2026-11-20T03:00:00.000Z',
      lastSeenAt: secondsAgo(3600),
      revokedAt: null,
    },
    {
      _id: '0190a1b2-0000-7000-8000-0000000000b3',
      name: 'Máy hỏng',
      createdAt: '2026-11-20T03:00:00.000Z',
      lastSeenAt: null,
      revokedAt: '2026-11-21T03:00:00.000Z',
    },
  ];
}

const bridgeKey = 'qpb_k3yShownOnce-ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The branch's printers, stations and print bridges as the server keeps them, and what each call answers. */
function printersApi(
  initial: Printer[] = [kitchenPrinter, counterPrinter],
  initialBridges = makeBridges(),
): FakeHandler {
  let printers = initial;
  let bridges = initialBridges;
  return ({ method, url, config }) => {
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as Partial<Printer>) : {};
    if (method === 'GET' && url === '/api/station') return ok([kitchen, bar, grill]);
    if (method === 'GET' && url === '/api/printers/bridges') return ok(bridges);
    if (method === 'POST' && url === '/api/printers/bridges') {
      const made: PrintBridge = {
        _id: '0190a1b2-0000-7000-8000-0000000000b4',
        name: body.name ?? '',
        createdAt: new Date().toISOString(),
        lastSeenAt: null,
        revokedAt: null,
      };
      bridges = [...bridges, made];
      return { status: 201, body: { success: true, data: { ...made, key: bridgeKey } } };
    }
    const bridgeUrl = /^\/api\/printers\/bridges\/([^/]+)$/.exec(url);
    if (method === 'DELETE' && bridgeUrl) {
      bridges = bridges.map((bridge) =>
        bridge._id === bridgeUrl[1] ? { ...bridge, revokedAt: new Date().toISOString() } : bridge,
      );
      return ok(bridges.find((bridge) => bridge._id === bridgeUrl[1]));
    }
    if (method === 'GET' && url === '/api/printers') return ok(printers);
    if (method === 'POST' && url === '/api/printers' && printers.some((each) => each.name === body.name)) {
      return {
        status: 409,
        body: {
          success: false,
          message: `A printer named "${body.name}" already exists in this branch`,
          code: 'PRINTER_NAME_TAKEN',
          params: { name: body.name },
        },
      };
    }
    if (method === 'POST' && url === '/api/printers') {
      const added = {
        ...kitchenPrinter,
        ...body,
        _id: '0190a1b2-0000-7000-8000-0000000000a3',
        status: null,
        statusAt: null,
        queued: 0,
      };
      printers = [...printers, added];
      return { status: 201, body: { success: true, data: added } };
    }
    const one = /^\/api\/printers\/([^/]+)(?:\/(.+))?$/.exec(url);
    const printer = printers.find((each) => each._id === one?.[1]);
    if (!one || !printer) return fail(404, 'Not found');
    if (method === 'PUT' && !one[2]) {
      const saved = { ...printer, ...body };
      printers = printers.map((each) => (each._id === printer._id ? saved : each));
      return ok(saved);
    }
    if (method === 'DELETE' && !one[2]) {
      printers = printers.filter((each) => each._id !== printer._id);
      return ok(null, 'Printer deleted');
    }
    if (method === 'POST' && one[2] === 'test-page')
      return { status: 202, body: { success: true, data: { jobId: 'j1' } } };
    if (method === 'POST' && one[2] === 'status') {
      const read = { ...printer, status: 'cover_open' as const, statusAt: '2026-11-29T12:10:00.000Z' };
      printers = printers.map((each) => (each._id === printer._id ? read : each));
      return ok(read);
    }
    return fail(404, 'Not found');
  };
}

const bodyOf = (request: { data?: unknown } | undefined) => JSON.parse(request?.data as string) as unknown;

describe('PrintersPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());
  beforeAll(() => preloadRoutes(routes, '/printers'));

  /** The Printers screen as a manager opens it, against `handler` (the branch's printers and stations by default). */
  function openPrinters(handler = printersApi()) {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const api = installFakeApi(handler);
    fakeApi = api;
    return { api, ...renderRoutes(routes, { path: '/printers' }) };
  }

  it('lists each printer with its address, what it prints, its status and the jobs waiting', async () => {
    openPrinters();

    const kitchenCard = within(await screen.findByRole('article', { name: 'Máy bếp' }));
    expect(kitchenCard.getByText('Online')).toBeInTheDocument();
    expect(kitchenCard.getByText('192.168.1.50:9100')).toBeInTheDocument();
    expect(kitchenCard.getByText('80 mm · Raster')).toBeInTheDocument();
    expect(await kitchenCard.findByText('tickets of Bếp')).toBeInTheDocument();
    expect(kitchenCard.getByText('to Máy quầy after 90 s')).toBeInTheDocument();
    expect(kitchenCard.getByText('No job waiting')).toBeInTheDocument();
    // No drawer on it: nothing to open.
    expect(kitchenCard.queryByRole('button', { name: /cash drawer/ })).not.toBeInTheDocument();

    const counterCard = within(screen.getByRole('article', { name: 'Máy quầy' }));
    expect(counterCard.getByText('Out of paper')).toBeInTheDocument();
    expect(counterCard.getByText(/^read \d\d\/11\/2026 \d\d:04$/)).toBeInTheDocument();
    expect(counterCard.getByText('58 mm · Text, TCVN-3')).toBeInTheDocument();
    expect(counterCard.getByText('bills, receipts and Z reports')).toBeInTheDocument();
    expect(counterCard.getByText('Opens the cash drawer')).toBeInTheDocument();
    expect(counterCard.getByText('3 jobs waiting')).toBeInTheDocument();
    expect(counterCard.getByRole('button', { name: 'Open the cash drawer on Máy quầy' })).toBeInTheDocument();
  });

  it('reads the printers again when the page is opened again', async () => {
    const { router } = openPrinters();
    expect(await screen.findByRole('article', { name: 'Máy bếp' })).toBeInTheDocument();

    await router.navigate('/more');
    await screen.findByRole('link', { name: /^Printers/ });
    await router.navigate('/printers');
    expect(await screen.findByRole('article', { name: 'Máy bếp' })).toBeInTheDocument();
    await expect.poll(() => fakeApi?.requests.filter((request) => request === 'GET /api/printers')).toHaveLength(2);
  });

  it('adds a printer with its stations, bills, drawer and fallback', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Add printer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a printer' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Máy bar');
    await userEvent.type(dialog.getByLabelText('IP address'), '192.168.1.60');
    // Only the stations this branch runs are offered.
    expect(dialog.queryByLabelText(/Nướng/)).not.toBeInTheDocument();
    await userEvent.click(await dialog.findByLabelText('Quầy bar'));
    await userEvent.click(dialog.getByLabelText('58 mm'));
    await userEvent.click(dialog.getByLabelText('Bills'));
    await userEvent.click(dialog.getByLabelText('A cash drawer hangs on this printer'));
    await userEvent.selectOptions(dialog.getByLabelText('When it is off, send its jobs to'), 'Máy quầy');
    const wait = dialog.getByLabelText('After (seconds)');
    await userEvent.clear(wait);
    await userEvent.type(wait, '45');
    await userEvent.click(dialog.getByRole('button', { name: 'Add printer' }));

    expect(await screen.findByRole('article', { name: 'Máy bar' })).toBeInTheDocument();
    const post = api.configs.find((request) => request.method === 'post' && request.url === '/api/printers');
    expect(bodyOf(post)).toMatchObject({
      name: 'Máy bar',
      host: '192.168.1.60',
      port: 9100,
      paperWidth: 58,
      mode: 'raster',
      codepage: null,
      stationIds: [bar._id],
      printsBills: true,
      printsReceipts: false,
      printsZReports: false,
      hasDrawer: true,
      fallbackPrinterId: counterPrinter._id,
      fallbackAfterSeconds: 45,
    });
  });

  it('refuses a public address and a text printer without its code page before asking the server', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Add printer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a printer' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Máy bar');
    const host = dialog.getByLabelText('IP address');
    await userEvent.type(host, '8.8.8.8');
    await userEvent.click(dialog.getByRole('button', { name: 'Add printer' }));

    expect(
      await dialog.findByText(
        "A printer's address must be a private or loopback IP address on the restaurant's network, like 192.168.1.50",
      ),
    ).toBeInTheDocument();
    expect(host).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(host);
    await userEvent.type(host, '192.168.1.60');
    await userEvent.click(dialog.getByLabelText('Text'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add printer' }));
    expect(await dialog.findByText('Text printing needs the printer’s code page')).toBeInTheDocument();
    // The select says why with its hint, as a text field does.
    const codepage = dialog.getByLabelText('Code page');
    expect(codepage).toHaveAttribute('aria-invalid', 'true');
    expect(codepage).toHaveAccessibleDescription(
      'The one the printer’s self-test page lists for Vietnamese; the test page prints both ways to compare. Text printing needs the printer’s code page',
    );
    expect(dialog.getByLabelText('Connected through')).toHaveAccessibleDescription(/^Choose a bridge when Quán runs/);
    expect(api.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('changes the stations a printer prints for', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Máy bếp' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Máy bếp' }));
    expect(dialog.getByLabelText('Bếp')).toBeChecked();
    await userEvent.click(dialog.getByLabelText('Bếp'));
    await userEvent.click(dialog.getByLabelText('Quầy bar'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const card = within(await screen.findByRole('article', { name: 'Máy bếp' }));
    expect(await card.findByText('tickets of Quầy bar')).toBeInTheDocument();
    const put = api.configs.find((request) => request.method === 'put');
    expect(put?.url).toBe(`/api/printers/${kitchenPrinter._id}`);
    expect(bodyOf(put)).toMatchObject({ stationIds: [bar._id], fallbackPrinterId: counterPrinter._id });
    // Only what the form shows, and its bridge only when changed: one revoked since would be refused.
    expect(Object.keys(bodyOf(put) as object).sort()).toEqual(
      printerFormFields.filter((field) => field !== 'bridgeId').sort(),
    );
  });

  it('deletes a printer once asked, saying its waiting jobs are dropped', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Máy quầy' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete Máy quầy?' }));
    expect(confirm.getByText(/The 3 jobs waiting for it are dropped, not printed/)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: 'Delete printer' }));

    expect(await screen.findByText('Máy quầy deleted')).toBeInTheDocument();
    expect(api.requests).toContain(`DELETE /api/printers/${counterPrinterId}`);
    expect(screen.queryByRole('article', { name: 'Máy quầy' })).not.toBeInTheDocument();
  });

  it('queues a test page and reads a printer’s status on request', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Print a test page on Máy quầy' }));
    expect(api.requests).toContain(`POST /api/printers/${counterPrinterId}/test-page`);
    expect(
      await screen.findByText('The test page is queued for Máy quầy, in raster and in text, to compare'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check Máy bếp’s status' }));
    const card = within(screen.getByRole('article', { name: 'Máy bếp' }));
    expect(await card.findByText('Cover open')).toBeInTheDocument();
    // The tap is answered, even where the badge would not change.
    expect(await screen.findByText('Máy bếp: Cover open')).toBeInTheDocument();
    expect(api.requests).toContain(`POST /api/printers/${kitchenPrinter._id}/status`);
  });

  it('says why the server refused a printer, in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(printersApi());
    renderRoutes(routes, { path: '/printers' });

    await userEvent.click(await screen.findByRole('button', { name: 'Thêm máy in' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Thêm máy in' }));
    await userEvent.type(dialog.getByLabelText('Tên máy in'), 'Máy bếp');
    await userEvent.type(dialog.getByLabelText('Địa chỉ IP'), '192.168.1.60');
    await userEvent.click(dialog.getByRole('button', { name: 'Thêm máy in' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Chi nhánh đã có máy in tên “Máy bếp”');
    expect(screen.getByRole('dialog', { name: 'Thêm máy in' })).toBeInTheDocument();
    await activateLanguage('en', 'staff');
  });

  it('closes the key’s dialog from its cross once the manager says so', async () => {
    openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Add a bridge' }));
    const form = within(screen.getByRole('dialog', { name: 'Add a print bridge' }));
    await userEvent.type(form.getByLabelText('Name'), 'Máy tính bếp');
    await userEvent.click(form.getByRole('button', { name: 'Add a bridge' }));
    await screen.findByRole('dialog', { name: 'Print bridge Máy tính bếp made' });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const asked = within(screen.getByRole('dialog', { name: 'Have you copied the key?' }));
    await userEvent.click(asked.getByRole('button', { name: 'Close without it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the modes and statuses in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(printersApi([kitchenPrinter, { ...counterPrinter, status: 'offline' }]));
    renderRoutes(routes, { path: '/printers' });

    const kitchenCard = within(await screen.findByRole('article', { name: 'Máy bếp' }));
    expect(kitchenCard.getByText('80 mm · Ảnh (raster)')).toBeInTheDocument();
    const counterCard = within(screen.getByRole('article', { name: 'Máy quầy' }));
    expect(counterCard.getByText('58 mm · Chữ, bảng mã TCVN-3')).toBeInTheDocument();
    expect(counterCard.getByText('Máy báo lỗi')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sửa Máy bếp' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sửa Máy bếp' }));
    expect(dialog.getByLabelText('Ảnh (raster)')).toBeChecked();
    expect(dialog.getByLabelText('Chữ (bảng mã)')).not.toBeChecked();
    await activateLanguage('en', 'staff');
  });

  it('lists the print bridges: which is connected, when each was last heard from, and which is revoked', async () => {
    openPrinters();

    const section = within(await screen.findByRole('region', { name: 'Print bridges' }));
    const cashier = within(await section.findByRole('article', { name: 'Máy tính quầy' }));
    expect(cashier.getByText('Connected')).toBeInTheDocument();
    expect(cashier.getByText('Last seen 12 seconds ago')).toBeInTheDocument();
    const laptop = within(section.getByRole('article', { name: 'Laptop cũ' }));
    expect(laptop.getByText('Not connected')).toBeInTheDocument();
    expect(laptop.getByText('Last seen 1 hour ago')).toBeInTheDocument();
    const broken = within(section.getByRole('article', { name: 'Máy hỏng' }));
    expect(broken.getByText('Revoked')).toBeInTheDocument();
    expect(broken.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    // With bridges in the branch, each printer says how it is reached.
    const kitchenCard = within(screen.getByRole('article', { name: 'Máy bếp' }));
    expect(kitchenCard.getByText('Connected through')).toBeInTheDocument();
    expect(kitchenCard.getByText('This server')).toBeInTheDocument();
  });

  it('makes a bridge and shows its key once, with the command to run and a copy button', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(printersApi());
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { queryClient } = renderRoutes(routes, { path: '/printers' });

    await userEvent.click(await screen.findByRole('button', { name: 'Add a bridge' }));
    const form = within(screen.getByRole('dialog', { name: 'Add a print bridge' }));
    await userEvent.type(form.getByLabelText('Name'), 'Máy tính bếp');
    await userEvent.click(form.getByRole('button', { name: 'Add a bridge' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Print bridge Máy tính bếp made' }));
    expect(shown.getByText(/This key is shown only now/)).toBeInTheDocument();
    expect(shown.getByRole('textbox', { name: 'Key' })).toHaveValue(bridgeKey);
    const command = `npm run print-bridge -- --server ${location.origin} --key ${bridgeKey}`;
    expect(shown.getByRole('textbox', { name: /^Command to run/ })).toHaveValue(command);
    await userEvent.click(shown.getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenCalledWith(command);
    expect(await shown.findByText('Copied.')).toBeInTheDocument();
    const post = fakeApi.configs.find(
      (request) => request.method === 'post' && request.url === '/api/printers/bridges',
    );
    expect(bodyOf(post)).toEqual({ name: 'Máy tính bếp' });

    // Escape does not lose the key unseen: it asks first, and going back shows the key again.
    await userEvent.keyboard('{Escape}');
    const asked = within(screen.getByRole('dialog', { name: 'Have you copied the key?' }));
    expect(asked.getByText(/It will not be shown again/)).toBeInTheDocument();
    await userEvent.click(asked.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Have you copied the key?' })).not.toBeInTheDocument();
    expect(shown.getByRole('textbox', { name: 'Key' })).toHaveValue(bridgeKey);

    await userEvent.click(shown.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const made = within(await screen.findByRole('article', { name: 'Máy tính bếp' }));
    expect(made.getByText('Never connected yet')).toBeInTheDocument();
    // Nowhere on the page any more: the server keeps only its hash.
    expect(screen.queryByDisplayValue(bridgeKey)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(bridgeKey);
    // Nor kept in memory by the answer's cache.
    await expect
      .poll(() =>
        queryClient
          .getMutationCache()
          .getAll()
          .some((mutation) => mutation.state.data !== undefined),
      )
      .toBe(false);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('revokes a bridge only once confirmed', async () => {
    const { api } = openPrinters();

    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Laptop cũ' }));
    let confirm = within(screen.getByRole('dialog', { name: 'Revoke Laptop cũ?' }));
    expect(confirm.getByText(/Its key stops working at once/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Laptop cũ' }));
    confirm = within(screen.getByRole('dialog', { name: 'Revoke Laptop cũ?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke bridge' }));

    expect(await screen.findByText('Laptop cũ revoked')).toBeInTheDocument();
    expect(api.requests).toContain('DELETE /api/printers/bridges/0190a1b2-0000-7000-8000-0000000000b2');
    const laptop = within(screen.getByRole('article', { name: 'Laptop cũ' }));
    expect(await laptop.findByText('Revoked')).toBeInTheDocument();
    expect(laptop.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('connects a printer through a live bridge, and keeps a revoked one untouched unless changed', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const behindRevoked = { ...counterPrinter, bridgeId: '0190a1b2-0000-7000-8000-0000000000b3' };
    fakeApi = installFakeApi(printersApi([kitchenPrinter, behindRevoked]));
    renderRoutes(routes, { path: '/printers' });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Máy bếp' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Edit Máy bếp' }));
    const through = dialog.getByLabelText('Connected through');
    await within(through).findByRole('option', { name: 'Máy tính quầy' });
    // Only the live bridges: a revoked one reaches no printer.
    expect(
      within(through)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['This server', 'Máy tính quầy', 'Laptop cũ']);
    await userEvent.selectOptions(through, 'Máy tính quầy');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Máy bếp saved');
    const firstPut = fakeApi.configs.find((request) => request.method === 'put');
    expect(bodyOf(firstPut)).toMatchObject({ bridgeId: '0190a1b2-0000-7000-8000-0000000000b1' });

    const counterCard = within(screen.getByRole('article', { name: 'Máy quầy' }));
    expect(counterCard.getByText('Máy hỏng (revoked)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Máy quầy' }));
    dialog = within(screen.getByRole('dialog', { name: 'Edit Máy quầy' }));
    expect(dialog.getByLabelText('Connected through')).toHaveDisplayValue('Máy hỏng (revoked)');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Máy quầy saved');
    const secondPut = fakeApi.configs.filter((request) => request.method === 'put')[1];
    expect(secondPut?.url).toBe(`/api/printers/${counterPrinterId}`);
    expect(bodyOf(secondPut)).not.toHaveProperty('bridgeId');
  });

  it('offers staff no printers: no link on More, and the page asks nothing', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    const { router } = renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Shifts & cash drawer/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Printers/ })).not.toBeInTheDocument();

    await router.navigate('/printers');
    expect(await screen.findByText('Only managers can set up the printers.')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.includes('/api/printers'))).toEqual([]);
  });

  it('links a manager to the printers from More', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /^Printers/ })).toHaveAttribute('href', '/printers');
  });
});
