import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpinPrize, SpinRecord, SpinResult } from '@quan/contract/spin-wheel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { formatDateTime } from '../../../lib/date-format';
import { activateLanguage } from '../../../lib/i18n';
import { installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeCustomer } from '../../../test/data/customers';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeCoupon } from '../../../test/data/coupons';
import { SPIN_DURATION_MS } from '../components/use-wheel-spin';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const yen = makeCustomer(1, { name: 'Đỗ Hải Yến', phone: '0903111222', membershipLevel: 'gold' });
const binh = makeCustomer(2, { name: 'Trần Văn Bình', phone: '0912345678' });

const tenOff = makeCoupon(1, { code: 'WHEEL10', discountValue: 10, spinWeight: 2 });
const drink = makeCoupon(2, { code: 'FREEDRINK', description: 'Free iced tea', spinWeight: 1 });
const fiftyK = makeCoupon(3, { code: 'WHEEL50K', discountType: 'fixed', discountValue: 50_000, spinWeight: 1 });

// Slices: 10% off 0–90°, Free iced tea 90–135°, 50.000 ₫ off 135–180°, no prize 180–360°.
const prizes: SpinPrize[] = [
  { couponId: tenOff._id, label: '10% off', weight: 2 },
  { couponId: drink._id, label: 'Free iced tea', weight: 1 },
  { couponId: fiftyK._id, label: '50.000 ₫ off', weight: 1 },
  { couponId: null, label: 'Better luck next time', weight: 4 },
];

const issued = makeCoupon(7, {
  code: 'SPIN-7KQ2M9XA',
  description: 'Spin-wheel prize for Đỗ Hải Yến: Free iced tea',
  discountType: 'fixed',
  discountValue: 25_000,
  minOrderValue: 100_000,
  startDate: '2026-03-02',
  endDate: '2026-03-31',
  usageLimit: 1,
  customerId: yen._id,
});
const winsIcedTea: SpinResult = {
  segmentIndex: 1,
  prize: { couponId: drink._id, label: 'Free iced tea' },
  coupon: issued,
};
const noPrize: SpinResult = { segmentIndex: 3, prize: null, coupon: null };

const earlierSpin: SpinRecord = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-5e0000000001',
  customer: { _id: binh._id, name: binh.name },
  label: '10% off',
  couponCode: 'SPIN-ABCDEFGH',
  spunBy: { _id: 'u2', name: 'Lê Minh Châu' },
  createdAt: '2026-03-02T12:30:00.000Z',
};

/** A little spin-wheel server; each POST /spin takes the next answer. */
function serveSpinWheel(answers: (SpinResult | FakeResponse)[]) {
  let spins: SpinRecord[] = [earlierSpin];
  const spinBodies: unknown[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/spin-wheel/prizes') return ok(prizes);
    if (method === 'GET' && url === '/api/spin-wheel/spins') return ok(spins);
    if (method === 'GET' && url === '/api/customers') {
      const search = String((config.params as { search?: string }).search).toLowerCase();
      const data = [yen, binh].filter(
        (customer) =>
          customer.phone.includes(search) ||
          customer.name.normalize('NFD').replace(/\p{M}/gu, '').replace('Đ', 'D').toLowerCase().includes(search),
      );
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 8 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    if (method === 'POST' && url === '/api/spin-wheel/spin') {
      const body = JSON.parse(config.data as string) as { customerId: string };
      spinBodies.push(body);
      const answer = answers.shift();
      if (!answer || 'status' in answer) return answer ?? { status: 500, body: { success: false, message: 'No' } };
      const customer = [yen, binh].find((c) => c._id === body.customerId)!;
      spins = [
        {
          _id: `0190a1b2-c3d4-7e5f-8a9b-5e000000010${spins.length}`,
          customer: { _id: customer._id, name: customer.name },
          label: answer.prize?.label ?? 'Better luck next time',
          couponCode: answer.coupon?.code ?? null,
          spunBy: { _id: 'u1', name: 'Nguyễn Văn An' },
          createdAt: '2026-03-02T14:05:00.000Z',
        },
        ...spins,
      ];
      return ok(answer);
    }
    return { status: 404, body: { success: false, message: 'Not found' } };
  });
  return { fakeApi, spinBodies };
}

/** jsdom has no matchMedia; the page asks it whether the person prefers reduced motion. */
function preferReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

function signIn() {
  storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
}

async function chooseCustomer(user: ReturnType<typeof userEvent.setup>, search: string, name: string) {
  await user.type(await screen.findByRole('searchbox', { name: 'Customer' }), search);
  const matches = await screen.findByRole('list', { name: 'Matching customers' });
  await user.click(within(matches).getByRole('button', { name: new RegExp(name) }));
}

const spinRequests = (server: ReturnType<typeof serveSpinWheel>) =>
  server.fakeApi.requests.filter((request) => request === 'GET /api/spin-wheel/spins').length;

/** The element the wheel turns with; its transform says where it stops. */
const wheelRotor = () => screen.getByRole('img', { name: /^Prize wheel/ }).parentElement!;

/** Where the fixed pointer at the top is on the wheel, in degrees clockwise, once turned by the rotor's transform. */
function pointerAngleOnWheel(): number {
  const degrees = Number(/rotate\(([-\d.]+)deg\)/.exec(wheelRotor().style.transform)?.[1]);
  return ((-degrees % 360) + 360) % 360;
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('SpinWheelPage', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveSpinWheel> | undefined;
  afterEach(() => {
    server?.fakeApi.restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('draws one segment per prize, lists them with their chances, and shows the recent spins', async () => {
    signIn();
    server = serveSpinWheel([]);
    renderRoutes(routes, { path: '/spin-wheel' });

    const wheel = await screen.findByRole('img', { name: 'Prize wheel with 4 segments' });
    expect(wheel.querySelectorAll('.wheel-segment')).toHaveLength(prizes.length);
    const segments = within(screen.getByRole('list', { name: 'Wheel segments' })).getAllByRole('listitem');
    expect(segments.map((item) => spaced(item.textContent ?? ''))).toEqual([
      '10% off25%',
      'Free iced tea12.5%',
      '50.000 ₫ off12.5%',
      'Better luck next time50%',
    ]);
    expect(screen.getByRole('button', { name: 'Spin the wheel' })).toBeDisabled();

    const recent = within(screen.getByRole('region', { name: 'Recent spins' }));
    const cells = (await recent.findAllByRole('row')).slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      [formatDateTime(earlierSpin.createdAt), 'Trần Văn Bình', '10% off', 'SPIN-ABCDEFGH', 'Lê Minh Châu'],
    ]);
    // 12:30 UTC is 19:30 in Hồ Chí Minh City, on the 24-hour clock.
    expect(cells[0]?.[0]).toMatch(/19:30$/);
  });

  it('spins for the chosen customer, lands mid-segment, then shows the code to copy and print', async () => {
    const user = userEvent.setup();
    preferReducedMotion(true);
    signIn();
    server = serveSpinWheel([winsIcedTea]);
    renderRoutes(routes, { path: '/spin-wheel' });

    await chooseCustomer(user, 'hai yen', 'Đỗ Hải Yến');
    expect(screen.getByText('Đỗ Hải Yến')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));

    const announcement = await screen.findByText(/^Đỗ Hải Yến won Free iced tea!/);
    expect(announcement).toHaveTextContent(
      'Đỗ Hải Yến won Free iced tea! Coupon code SPIN-7KQ2M9XA, valid until 31/03/2026.',
    );
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(server.spinBodies).toEqual([{ customerId: yen._id }]);
    // "Free iced tea" spans 90°–135°: the pointer stops on its middle, with no animation for reduced motion.
    expect(pointerAngleOnWheel()).toBeCloseTo(112.5, 6);
    expect(wheelRotor().style.transition).toBe('none');

    const card = within(screen.getByRole('group', { name: 'Prize coupon SPIN-7KQ2M9XA' }));
    expect(card.getByText('25.000 ₫ off', { normalizer: spaced })).toBeInTheDocument();
    expect(card.getByText('On orders from 100.000 ₫', { normalizer: spaced })).toBeInTheDocument();
    expect(card.getByText('SPIN-7KQ2M9XA')).toBeInTheDocument();
    expect(card.getByText('Đỗ Hải Yến')).toBeInTheDocument();
    expect(card.getByText('31/03/2026')).toBeInTheDocument();

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy code SPIN-7KQ2M9XA' }));
    expect(writeText).toHaveBeenCalledWith('SPIN-7KQ2M9XA');
    expect(await screen.findByText('Copied SPIN-7KQ2M9XA.')).toBeInTheDocument();

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print coupon' }));
    expect(print).toHaveBeenCalledOnce();

    const recent = within(screen.getByRole('region', { name: 'Recent spins' }));
    expect(await recent.findByRole('cell', { name: 'SPIN-7KQ2M9XA' })).toBeInTheDocument();
    expect(recent.getAllByRole('row')[1]).toHaveTextContent('Đỗ Hải YếnFree iced teaSPIN-7KQ2M9XANguyễn Văn An');
  });

  it('keeps the result back until the wheel has stopped turning', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    preferReducedMotion(false);
    signIn();
    server = serveSpinWheel([winsIcedTea]);
    renderRoutes(routes, { path: '/spin-wheel' });

    await chooseCustomer(user, '0903', 'Đỗ Hải Yến');
    await screen.findByRole('row', { name: /SPIN-ABCDEFGH/ });
    const spinListsBefore = spinRequests(server);
    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));

    expect(await screen.findByText('The wheel is spinning…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
    expect(wheelRotor().style.transition).toMatch(new RegExp(`^transform ${SPIN_DURATION_MS}ms cubic-bezier`));
    expect(pointerAngleOnWheel()).toBeCloseTo(112.5, 6);
    expect(screen.queryByText(/SPIN-7KQ2M9XA/)).not.toBeInTheDocument();
    expect(spinRequests(server)).toBe(spinListsBefore);

    await act(() => vi.advanceTimersByTimeAsync(SPIN_DURATION_MS));
    expect(await screen.findByText(/^Đỗ Hải Yến won Free iced tea!/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code SPIN-7KQ2M9XA' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'SPIN-7KQ2M9XA' })).toBeInTheDocument();
    expect(spinRequests(server)).toBe(spinListsBefore + 1);
  });

  it("says better luck next time, then shows the server's refusal of a second spin today", async () => {
    const user = userEvent.setup();
    preferReducedMotion(true);
    signIn();
    const refusal = 'Đỗ Hải Yến has already spun the wheel today; come back tomorrow';
    server = serveSpinWheel([noPrize, { status: 409, body: { success: false, message: refusal } }]);
    renderRoutes(routes, { path: '/spin-wheel' });

    await chooseCustomer(user, 'yen', 'Đỗ Hải Yến');
    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(await screen.findByText('Better luck next time, Đỗ Hải Yến.')).toBeInTheDocument();
    expect(pointerAngleOnWheel()).toBeCloseTo(270, 6);
    expect(screen.queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByText('Better luck next time, Đỗ Hải Yến.')).not.toBeInTheDocument();
    expect(server.spinBodies).toEqual([{ customerId: yen._id }, { customerId: yen._id }]);
  });

  it('speaks Vietnamese: the wheel, its segments, the recent spins, the picker and a prize', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    preferReducedMotion(true);
    signIn();
    server = serveSpinWheel([winsIcedTea]);
    renderRoutes(routes, { path: '/spin-wheel' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vòng quay may mắn' })).toBeInTheDocument();
    // The title follows in an effect, after the heading is on the screen.
    await waitFor(() => expect(document.title).toBe('Vòng quay may mắn · Quán'));
    expect(await screen.findByRole('img', { name: 'Vòng quay có 4 ô giải thưởng' })).toBeInTheDocument();
    const segments = within(screen.getByRole('list', { name: 'Các ô của vòng quay' })).getAllByRole('listitem');
    // The server's own labels for a discount and for no prize are said in Vietnamese; a description stays as typed.
    expect(segments.map((item) => spaced(item.textContent ?? ''))).toEqual([
      'Giảm 10%25%',
      'Free iced tea12,5%',
      'Giảm 50.000 ₫12,5%',
      'Chúc may mắn lần sau50%',
    ]);
    expect(screen.getByRole('button', { name: 'Bắt đầu quay' })).toBeDisabled();
    const recent = within(screen.getByRole('region', { name: 'Lượt quay gần đây' }));
    expect(await recent.findByRole('columnheader', { name: 'Người quay' })).toBeInTheDocument();
    expect(recent.getByRole('cell', { name: 'Giảm 10%' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Khách hàng' }), 'hai yen');
    const matches = await screen.findByRole('list', { name: 'Khách hàng phù hợp' });
    await user.click(within(matches).getByRole('button', { name: /Đỗ Hải Yến/ }));
    expect(screen.getByText('0903111222 · Vàng')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bắt đầu quay' }));

    expect(
      await screen.findByText(
        'Đỗ Hải Yến trúng Free iced tea! Mã giảm giá SPIN-7KQ2M9XA, dùng được đến hết ngày 31/03/2026.',
      ),
    ).toBeInTheDocument();
    const card = within(screen.getByRole('group', { name: 'Mã giảm giá trúng thưởng SPIN-7KQ2M9XA' }));
    expect(card.getByText('Giảm 25.000 ₫', { normalizer: spaced })).toBeInTheDocument();
    expect(card.getByText('Cho đơn từ 100.000 ₫', { normalizer: spaced })).toBeInTheDocument();
    expect(card.getByText('Giải thưởng vòng quay')).toBeInTheDocument();
    expect(card.getByText('Đỗ Hải Yến').parentElement).toHaveTextContent(
      'Dành cho Đỗ Hải Yến · dùng được đến hết ngày 31/03/2026',
    );

    vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Sao chép mã SPIN-7KQ2M9XA' }));
    expect(await screen.findByText('Đã sao chép SPIN-7KQ2M9XA.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In mã giảm giá' })).toBeInTheDocument();
  });

  it('wishes better luck next time in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    preferReducedMotion(true);
    signIn();
    server = serveSpinWheel([noPrize]);
    renderRoutes(routes, { path: '/spin-wheel' });

    await user.type(await screen.findByRole('searchbox', { name: 'Khách hàng' }), 'yen');
    const matches = await screen.findByRole('list', { name: 'Khách hàng phù hợp' });
    await user.click(within(matches).getByRole('button', { name: /Đỗ Hải Yến/ }));
    await user.click(screen.getByRole('button', { name: 'Bắt đầu quay' }));
    expect(await screen.findByText('Chúc Đỗ Hải Yến may mắn lần sau.')).toBeInTheDocument();
    const recent = within(screen.getByRole('region', { name: 'Lượt quay gần đây' }));
    expect(await recent.findByRole('cell', { name: 'Chúc may mắn lần sau' })).toBeInTheDocument();
  });
});
