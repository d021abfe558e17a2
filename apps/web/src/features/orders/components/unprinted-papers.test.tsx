import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@quan/contract/order';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { Provider as ReduxProvider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { liveUpdatesScene, renderBeside } from '../../../app/live-updates-test-kit';
import { activateLanguage } from '../../../lib/i18n';
import { makeStation } from '../../../test/data/menu';
import { makeLine, makeOrder, makeRound } from '../../../test/data/orders';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { createAppStore } from '../../../store/store';
import { KitchenBoard } from './KitchenBoard';
import { OrderList } from './OrderList';

const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000001', name: 'Bếp', sortOrder: 0 });
const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000002', name: 'Bar', sortOrder: 1 });
const stationNames = new Map([bep, bar].map((station) => [station._id, station.name]));
const kitchenPrinterId = '0190a1b2-0000-7000-8000-0000000000a1';
const spareKitchenPrinterId = '0190a1b2-0000-7000-8000-0000000000a2';

/** Table 5's tab: round 1 printed long ago, round 2 (a phở and an iced coffee) just sent. */
const tab: Order = makeOrder({
  orderNo: 42,
  status: 'in_progress',
  table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000005', tableNo: 5 },
  rounds: [makeRound(1), makeRound(2)],
  items: [
    makeLine({ name: 'Phở bò', position: 0, roundNo: 1, stationId: bep._id }),
    makeLine({ name: 'Phở gà', position: 1, roundNo: 2, stationId: bep._id }),
    makeLine({ name: 'Cà phê sữa đá', position: 2, roundNo: 2, stationId: bar._id }),
  ],
});
/** Takeaway #43, every paper of it printed. */
const takeaway: Order = makeOrder({
  orderNo: 43,
  status: 'in_progress',
  table: null,
  items: [makeLine({ name: 'Bánh mì', position: 0, stationId: bep._id })],
});

function job(overrides: Partial<QueuedPrintJob>): QueuedPrintJob {
  return {
    _id: `job-${Math.random()}`,
    printerId: kitchenPrinterId,
    kind: 'kitchen_ticket',
    orderId: tab._id,
    roundNo: 2,
    stationId: bep._id,
    attempts: 3,
    lastError: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

describe('papers not printed yet', () => {
  liveUpdatesScene();
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  /** The kitchen's orders, and the queue as `queue()` says it is at each request. */
  function serve(queue: () => QueuedPrintJob[] | FakeResponse) {
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/order') {
        const pagination = { currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 200 };
        return { status: 200, body: { success: true, data: [tab, takeaway], pagination } };
      }
      if (method === 'GET' && url === '/api/printers/queue') {
        const answer = queue();
        return Array.isArray(answer) ? ok(answer) : answer;
      }
      return fail(404, 'Not found');
    });
    return fakeApi;
  }

  const ticketNamed = async (name: RegExp) => within(await screen.findByRole('article', { name }));

  it('marks the kitchen ticket whose paper waits, says why, and asks once for the whole board', async () => {
    const api = serve(() => [
      job({ lastError: 'unreachable' }),
      // The same ticket on a second printer of the station, still to try: the worse reason is told.
      job({ printerId: spareKitchenPrinterId }),
    ]);
    renderBeside(
      <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} stations={[bep, bar]} />,
    );

    const round2 = await ticketNamed(/^Round 2 · Table 5/);
    const badge = await round2.findByText('Not printed');
    expect(badge.closest('span')).toHaveAttribute('title', 'the printer cannot be reached');
    expect((await ticketNamed(/^Round 1 · Table 5/)).queryByText('Not printed')).not.toBeInTheDocument();
    expect((await ticketNamed(/^#43/)).queryByText('Not printed')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request === 'GET /api/printers/queue')).toHaveLength(1);
  });

  it('on a station’s screen, marks only that station’s ticket', async () => {
    serve(() => [job({ stationId: bar._id })]);
    // The bar's tablet and the kitchen's, side by side on one queue.
    renderBeside(
      <>
        {[bep, bar].map((station) => (
          <section key={station._id} aria-label={`${station.name} screen`}>
            <KitchenBoard
              now={Date.now()}
              busyIds={new Set()}
              canMove
              onMove={() => undefined}
              stations={[bep, bar]}
              station={station}
            />
          </section>
        ))}
      </>,
    );

    const barScreen = within(await screen.findByRole('region', { name: 'Bar screen' }));
    const barTicket = within(await barScreen.findByRole('article', { name: /^Round 2 · Table 5/ }));
    expect((await barTicket.findByText('Not printed')).closest('span')).toHaveAttribute('title', 'waiting to print');
    const kitchenScreen = within(screen.getByRole('region', { name: 'Bếp screen' }));
    const kitchenTicket = within(kitchenScreen.getByRole('article', { name: /^Round 2 · Table 5/ }));
    expect(kitchenTicket.queryByText('Not printed')).not.toBeInTheDocument();
  });

  it('takes the mark off when the queue says the ticket printed', async () => {
    let waiting = [job({})];
    serve(() => waiting);
    const { emit } = renderBeside(
      <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} stations={[bep, bar]} />,
    );
    const round2 = await ticketNamed(/^Round 2 · Table 5/);
    expect(await round2.findByText('Not printed')).toBeInTheDocument();

    waiting = [];
    emit('print:queue-changed', {});
    await expect.poll(() => round2.queryByText('Not printed')).toBeNull();
  });

  it('shows no mark and no error where the queue cannot be read', async () => {
    serve(() => fail(403, 'You do not have permission to do this'));
    renderBeside(
      <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} stations={[bep, bar]} />,
    );
    const round2 = await ticketNamed(/^Round 2 · Table 5/);
    await expect.poll(() => fakeApi?.requests.includes('GET /api/printers/queue')).toBe(true);
    expect(round2.queryByText('Not printed')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  function renderCards() {
    const none = () => undefined;
    // The cards ask the signed-in person's role what they may offer.
    return renderBeside(
      <ReduxProvider store={createAppStore()}>
        <OrderList
          tab="all"
          from=""
          to=""
          page={1}
          onPageChange={none}
          now={Date.now()}
          busyIds={new Set()}
          canMove={false}
          canVoid={false}
          onMove={none}
          onRoundMove={none}
          onAction={none}
          onPayPart={none}
          stationNames={stationNames}
        />
      </ReduxProvider>,
    );
  }

  it('says on an order’s card which of its papers have not printed, each once, asking once for all cards', async () => {
    const api = serve(() => [
      job({ lastError: 'unreachable' }),
      job({ printerId: spareKitchenPrinterId }),
      job({ kind: 'bill', roundNo: null, stationId: null }),
    ]);
    renderCards();

    const tabCard = await ticketNamed(/^#42/);
    expect(await tabCard.findByText('Not printed: Bếp round 2 and bill')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /^#43/ })).queryByText(/Not printed/)).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request === 'GET /api/printers/queue')).toHaveLength(1);
  });

  it.each([
    ['offline', 'the printer cannot be reached'],
    ['reset', 'the printer cannot be reached'],
    ['timeout', 'the printer cannot be reached'],
    ['refused_address', 'the printer cannot be reached'],
    ['paper_out', 'the printer is out of paper'],
    ['cover_open', 'the printer’s cover is open'],
    ['in_flight', 'waiting to print'],
    [null, 'waiting to print'],
  ] as const)('reads a last try that ended %s as “%s”', async (lastError, why) => {
    serve(() => [job({ lastError })]);
    renderBeside(
      <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} stations={[bep, bar]} />,
    );
    const round2 = await ticketNamed(/^Round 2 · Table 5/);
    expect((await round2.findByText('Not printed')).closest('span')).toHaveAttribute('title', why);
  });

  it('asks the queue again when the screen is opened again', async () => {
    let waiting = [job({})];
    const api = serve(() => waiting);
    // The kitchen screen left for another and come back to, on the same device.
    function Reopenable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            {open ? 'Leave' : 'Back'}
          </button>
          {open && (
            <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} stations={[bep, bar]} />
          )}
        </>
      );
    }
    renderBeside(<Reopenable />);
    expect(await (await ticketNamed(/^Round 2 · Table 5/)).findByText('Not printed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));

    // Printed while no screen listened for the event.
    waiting = [];
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const round2 = await ticketNamed(/^Round 2 · Table 5/);
    await expect.poll(() => round2.queryByText('Not printed')).toBeNull();
    expect(api.requests.filter((request) => request === 'GET /api/printers/queue')).toHaveLength(2);
  });

  it('says it in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    serve(() => [job({})]);
    renderCards();
    expect(await (await ticketNamed(/^#42/)).findByText('Phiếu chưa in: Bếp lượt 2')).toBeInTheDocument();
    await activateLanguage('en', 'staff');
  });
});
