import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EinvoiceReconciliation } from '@quan/contract/einvoice';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { installFakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';
import { restaurantDay } from '../../../lib/restaurant-day';

const completedAt = '2026-11-29T05:30:00.000Z';
const taxes8 = [{ vatRate: 8 as const, taxable: 100_000, tax: 8_000 }];

/** A day with one order invoiced, one with no invoice, one refused: the 8 % rate is short of one order. */
function makeReport(overrides: Partial<EinvoiceReconciliation> = {}): EinvoiceReconciliation {
  return {
    date: '2026-11-29',
    enabled: true,
    rates: [
      {
        vatRate: 8,
        revenue: { taxable: 300_000, tax: 24_000 },
        invoiced: { taxable: 100_000, tax: 8_000 },
        difference: { taxable: 200_000, tax: 16_000 },
      },
      {
        vatRate: 10,
        revenue: { taxable: 50_000, tax: 5_000 },
        invoiced: { taxable: 50_000, tax: 5_000 },
        difference: { taxable: 0, tax: 0 },
      },
    ],
    orders: [
      {
        orderId: 'o1',
        orderNo: 1041,
        completedAt,
        total: 108_000,
        taxes: taxes8,
        invoice: { status: 'issued', invoiceNumber: 'C25MAA7', error: null, createdAt: completedAt },
        flag: null,
      },
      {
        orderId: 'o2',
        orderNo: 1042,
        completedAt,
        total: 108_000,
        taxes: taxes8,
        invoice: null,
        flag: 'missing',
      },
      {
        orderId: 'o3',
        orderNo: 1043,
        completedAt,
        total: 108_000,
        taxes: taxes8,
        invoice: {
          status: 'failed',
          invoiceNumber: null,
          error: 'Mã số thuế người mua không hợp lệ',
          createdAt: completedAt,
        },
        flag: 'failed',
      },
    ],
    flaggedCount: 2,
    ...overrides,
  };
}

/** The server: the day's report by `date`, and send-missing, which leaves every order of the day invoiced. */
function reconciliationApi(report = makeReport()): { handler: FakeHandler; askedDays: string[] } {
  let current = report;
  const askedDays: string[] = [];
  const handler: FakeHandler = ({ method, url, config }) => {
    if (method === 'GET' && url === '/api/einvoices/reconciliation') {
      const date = (config.params as { date: string }).date;
      askedDays.push(date);
      return ok({ ...current, date });
    }
    if (method === 'POST' && url === '/api/einvoices/send-missing') {
      current = {
        ...current,
        orders: current.orders.map((order) => ({
          ...order,
          flag: null,
          invoice: order.invoice ?? { status: 'waiting', invoiceNumber: null, error: null, createdAt: completedAt },
        })),
        flaggedCount: 0,
      };
      return ok({ queued: 1, retried: 1 });
    }
    return ok([]);
  };
  return { handler, askedDays };
}

describe('EinvoiceReconciliationPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());
  beforeAll(() => preloadRoutes(routes, '/einvoices/reconciliation'));

  function open(role: 'manager' | 'staff', handler: FakeHandler, path = '/einvoices/reconciliation') {
    storeSession(makeUser({ role }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(handler);
    return renderRoutes(routes, { path });
  }

  it("shows today's revenue by rate beside the invoices, a difference in red, and the orders behind it", async () => {
    const { handler, askedDays } = reconciliationApi();
    open('manager', handler);

    const table = await screen.findByRole('table', { name: 'Revenue and invoices by VAT rate' });
    expect(askedDays).toEqual([restaurantDay(new Date())]);
    const [, eight, ten] = within(table).getAllByRole('row');
    expect(within(eight!).getByRole('rowheader')).toHaveTextContent('8%');
    const [revenue, invoiced, difference] = within(eight!).getAllByRole('cell');
    expect(revenue).toHaveTextContent('300.000 ₫');
    expect(revenue).toHaveTextContent('VAT 24.000 ₫');
    expect(invoiced).toHaveTextContent('100.000 ₫');
    expect(difference).toHaveTextContent('Differs: 200.000 ₫VAT 16.000 ₫');
    expect(difference).toHaveClass('text-red-700');
    const tenDifference = within(ten!).getAllByRole('cell')[2]!;
    expect(tenDifference).toHaveTextContent('Agrees');
    expect(tenDifference).not.toHaveClass('text-red-700');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['VAT rate', 'Revenue (before VAT)', 'Invoiced (before VAT)', 'Difference']);
    const total = within(table).getByRole('row', { name: /^Total/ });
    const [totalRevenue, totalInvoiced, totalDifference] = within(total).getAllByRole('cell');
    expect(totalRevenue).toHaveTextContent('350.000 ₫VAT 29.000 ₫');
    expect(totalInvoiced).toHaveTextContent('150.000 ₫VAT 13.000 ₫');
    expect(totalDifference).toHaveTextContent('Differs: 200.000 ₫VAT 16.000 ₫');
    // A phone gets a card per rate instead, the total last.
    const cards = within(screen.getByRole('list', { name: 'Revenue and invoices by VAT rate' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => card.firstChild!.textContent)).toEqual(['8%', '10%', 'Total']);
    expect(cards[2]).toHaveTextContent(
      'Revenue (before VAT)350.000 ₫VAT 29.000 ₫Invoiced (before VAT)150.000 ₫VAT 13.000 ₫Difference' +
        'Differs: 200.000 ₫VAT 16.000 ₫',
    );

    expect(screen.getByText('3 orders completed · 2 need attention')).toBeInTheDocument();
    const flagged = within(screen.getByRole('region', { name: 'Orders that need attention' }));
    const items = flagged.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Order #/).textContent)).toEqual(['Order #1042', 'Order #1043']);
    expect(within(items[0]!).getByText('No invoice')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Refused by the provider')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Mã số thuế người mua không hợp lệ')).toBeInTheDocument();
  });

  it('sends the missing invoices of the day shown, and shows the day again', async () => {
    const { handler } = reconciliationApi();
    open('manager', handler, '/einvoices/reconciliation?date=2026-11-29');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send the missing invoices' }));
    expect(await screen.findByText('1 missing invoice queued, 1 failed one tried again')).toBeInTheDocument();
    const sent = fakeApi!.configs.find((config) => config.url === '/api/einvoices/send-missing');
    expect(JSON.parse(sent!.data as string)).toEqual({ date: '2026-11-29' });
    expect(await screen.findByText('Every order of the day has its invoice.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the missing invoices' })).not.toBeInTheDocument();
  });

  it('reads another day when one is chosen', async () => {
    const { handler, askedDays } = reconciliationApi();
    open('manager', handler);
    const picker = await screen.findByLabelText('Day');
    // A date input changes all at once, as a browser's date picker sets it.
    fireEvent.change(picker, { target: { value: '2026-11-28' } });
    await waitFor(() => expect(askedDays).toContain('2026-11-28'));
    expect(picker).toHaveValue('2026-11-28');
  });

  it('says when e-invoicing is off and when the day has no sales', async () => {
    const { handler } = reconciliationApi(makeReport({ enabled: false, rates: [], orders: [], flaggedCount: 0 }));
    open('manager', handler);
    expect(await screen.findByText(/E-invoicing is switched off for this branch/)).toBeInTheDocument();
    expect(screen.getByText('No revenue on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is for managers: staff are told so and nothing is asked', async () => {
    const { handler, askedDays } = reconciliationApi();
    open('staff', handler);
    expect(await screen.findByText(/Only managers and admins/)).toBeInTheDocument();
    expect(askedDays).toEqual([]);
  });
});
