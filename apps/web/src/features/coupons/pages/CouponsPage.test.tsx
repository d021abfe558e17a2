import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Branch } from '@quan/contract/branch';
import type { Coupon, CreateCouponBody, UpdateCouponBody } from '@quan/contract/coupon';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeCoupon } from '../../../test/data/coupons';
import { makeBranch } from '../../../test/data/branches';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const welcome = makeCoupon(1, {
  code: 'WELCOME10',
  description: 'Khách mới',
  discountType: 'percent',
  discountValue: 10,
  minOrderValue: 100_000,
  maxDiscount: 50_000,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  usageLimit: 100,
  usedCount: 3,
  spinWeight: 5,
});
const tet = makeCoupon(2, {
  code: 'TET50K',
  discountType: 'fixed',
  discountValue: 50_000,
  usedCount: 12,
  isActive: false,
});

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A little coupon server; `refuse` may answer a write before it is applied. `branches` are those the person
 * works in, `coupons` those it starts with.
 */
function serveCoupons(
  refuse?: (write: Write) => FakeResponse | null,
  { branches = [], coupons: initial = [welcome, tet] }: { branches?: Branch[]; coupons?: Coupon[] } = {},
) {
  let coupons: Coupon[] = initial;
  const writes: Write[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/coupons') return ok(coupons);
    if (method === 'GET' && url === '/api/branches') return ok(branches);
    const write = { method, url, body: config.data ? JSON.parse(config.data as string) : undefined };
    writes.push(write);
    const refusal = refuse?.(write);
    if (refusal) return refusal;
    const id = /^\/api\/coupons\/([^/]+)$/.exec(url)?.[1];
    if (method === 'POST' && url === '/api/coupons') {
      const created = makeCoupon(9, write.body as CreateCouponBody);
      coupons = [created, ...coupons];
      return { status: 201, body: { success: true, data: created } };
    }
    if (method === 'PUT' && id) {
      coupons = coupons.map((coupon) =>
        coupon._id === id ? { ...coupon, ...(write.body as UpdateCouponBody) } : coupon,
      );
      return ok(coupons.find((coupon) => coupon._id === id));
    }
    if (method === 'DELETE' && id) {
      coupons = coupons.filter((coupon) => coupon._id !== id);
      return ok(null);
    }
    return { status: 404, body: { success: false, message: 'Not found' } };
  });
  return { fakeApi, writes };
}

function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

const cellsOf = (code: string) =>
  within(screen.getByRole('row', { name: code }))
    .getAllByRole('cell')
    .map((cell) => spaced(cell.textContent ?? ''));

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('CouponsPage', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveCoupons> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('lists each coupon with its type, value in percent or VND, limits, dd/MM/yyyy dates, uses and weight', async () => {
    signIn('manager');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await screen.findByRole('row', { name: 'WELCOME10' });
    expect(screen.getByText('2 coupons · 1 active.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'WELCOME10' })).getByRole('rowheader')).toHaveTextContent(
      'WELCOME10Khách mới',
    );
    expect(cellsOf('WELCOME10').slice(0, 7)).toEqual([
      'Percent',
      '10%',
      'Min order 100.000 ₫Max discount 50.000 ₫',
      '01/03/2026 – 31/03/2026',
      '3/100',
      'On',
      '5',
    ]);
    expect(cellsOf('TET50K').slice(0, 7)).toEqual(['Fixed amount', '50.000 ₫', '—', 'Any day', '12/∞', 'Off', '0']);
    expect(screen.getByRole('switch', { name: 'Active: WELCOME10' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: TET50K' })).not.toBeChecked();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search coupons' }), 'khach moi');
    expect(screen.queryByRole('row', { name: 'TET50K' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'WELCOME10' })).toBeInTheDocument();
  });

  it('shows staff the table read-only: no add, edit, delete or switch', async () => {
    signIn('staff');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await screen.findByRole('row', { name: 'WELCOME10' });
    expect(cellsOf('TET50K')).toEqual(['Fixed amount', '50.000 ₫', '—', 'Any day', '12/∞', 'Inactive', '0']);
    expect(within(screen.getByRole('row', { name: 'WELCOME10' })).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Add coupon|Edit|Delete)/ })).not.toBeInTheDocument();
    expect(server.writes).toEqual([]);
  });

  it('explains a percent over 100 and an end before the start inline, then adds the coupon', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await user.click(await screen.findByRole('button', { name: 'Add coupon' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a coupon' }));
    await user.type(dialog.getByLabelText('Code'), 'summer-26');
    await user.type(dialog.getByLabelText('Discount (%)'), '150');
    // Days are typed as the screen writes them (dd/mm/yyyy), whatever the browser's own format.
    await user.type(dialog.getByLabelText('Start date'), '30/06/2026');
    await user.type(dialog.getByLabelText('End date'), '01/06/2026');
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));

    expect(await dialog.findByText('A percent discount is at most 100')).toBeInTheDocument();
    expect(dialog.getByLabelText('Discount (%)')).toHaveAccessibleDescription('A percent discount is at most 100');
    expect(dialog.getByLabelText('End date')).toHaveAccessibleDescription(/End date cannot be before the start date/);
    expect(server.writes).toEqual([]);

    await user.clear(dialog.getByLabelText('Discount (%)'));
    await user.type(dialog.getByLabelText('Discount (%)'), '15');
    // A day that does not exist is not sent: the field says how to write one.
    await user.clear(dialog.getByLabelText('End date'));
    await user.type(dialog.getByLabelText('End date'), '31/02/2026');
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));
    expect(await dialog.findByText('Write the date as dd/mm/yyyy, or choose it on the calendar.')).toBeInTheDocument();
    expect(server.writes).toEqual([]);

    await user.clear(dialog.getByLabelText('End date'));
    await user.type(dialog.getByLabelText('End date'), '31/08/2026');
    expect(dialog.queryByText(/^Write the date as/)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Maximum discount (VND)'), '80000');
    await user.type(dialog.getByLabelText('Usage limit'), '200');
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByText('Coupon SUMMER-26 is added.')).toBeInTheDocument();
    expect(server.writes).toEqual([
      {
        method: 'POST',
        url: '/api/coupons',
        body: {
          code: 'SUMMER-26',
          description: '',
          discountType: 'percent',
          discountValue: 15,
          minOrderValue: 0,
          maxDiscount: 80_000,
          startDate: '2026-06-30',
          endDate: '2026-08-31',
          usageLimit: 200,
          isActive: true,
          spinWeight: 0,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'SUMMER-26' })).toHaveTextContent('30/06/2026 – 31/08/2026');
  });

  it("puts the server's refusals next to the fields they name", async () => {
    const user = userEvent.setup();
    signIn('admin');
    server = serveCoupons(({ method, body }) => {
      if (method === 'POST')
        return { status: 409, body: { success: false, message: 'Coupon WELCOME10 already exists' } };
      if (method === 'PUT' && (body as UpdateCouponBody).usageLimit === 2) {
        return {
          status: 400,
          body: {
            success: false,
            message: 'The coupon breaks a rule',
            errors: [{ path: 'usageLimit', message: 'It has been used 3 times already' }],
          },
        };
      }
      return null;
    });
    renderRoutes(routes, { path: '/coupon-management' });

    await user.click(await screen.findByRole('button', { name: 'Add coupon' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Add a coupon' }));
    await user.type(dialog.getByLabelText('Code'), 'welcome10');
    await user.selectOptions(dialog.getByLabelText('Discount type'), 'fixed');
    await user.type(dialog.getByLabelText('Discount (VND)'), '20000');
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));
    expect(await dialog.findByText('Coupon WELCOME10 already exists')).toBeInTheDocument();
    expect(dialog.getByLabelText('Code')).toHaveAccessibleDescription(/Coupon WELCOME10 already exists/);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit WELCOME10' }));
    dialog = within(screen.getByRole('dialog', { name: 'Edit coupon WELCOME10' }));
    expect(dialog.getByLabelText('Maximum discount (VND)')).toHaveValue(50_000);
    await user.clear(dialog.getByLabelText('Usage limit'));
    await user.type(dialog.getByLabelText('Usage limit'), '2');
    await user.click(dialog.getByRole('button', { name: 'Save coupon' }));
    expect(await dialog.findByText('It has been used 3 times already')).toBeInTheDocument();
    expect(dialog.getByLabelText('Usage limit')).toHaveAccessibleDescription(/It has been used 3 times already/);

    await user.clear(dialog.getByLabelText('Usage limit'));
    await user.click(dialog.getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon WELCOME10 is saved.')).toBeInTheDocument();
    expect(server.writes.at(-1)?.body).toMatchObject({ code: 'WELCOME10', usageLimit: null, maxDiscount: 50_000 });
    await waitFor(() => expect(cellsOf('WELCOME10')[4]).toBe('3/∞'));
  });

  it('switches a coupon off and on with PUT {isActive}', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await user.click(await screen.findByRole('switch', { name: 'Active: WELCOME10' }));
    expect(await screen.findByText('Coupon WELCOME10 is switched off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active: WELCOME10' })).not.toBeChecked());

    await user.click(screen.getByRole('switch', { name: 'Active: TET50K' }));
    expect(await screen.findByText('Coupon TET50K is active.')).toBeInTheDocument();
    expect(server.writes).toEqual([
      { method: 'PUT', url: `/api/coupons/${welcome._id}`, body: { isActive: false } },
      { method: 'PUT', url: `/api/coupons/${tet._id}`, body: { isActive: true } },
    ]);
    await waitFor(() => expect(screen.getByText('2 coupons · 1 active.')).toBeInTheDocument());
  });

  it('speaks Vietnamese: the table, the switch, the form with its rules, and the delete', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mã giảm giá' })).toBeInTheDocument();
    await screen.findByRole('row', { name: 'WELCOME10' });
    await waitFor(() => expect(document.title).toBe('Mã giảm giá · Quán'));
    expect(screen.getByText('2 mã giảm giá · 1 mã đang áp dụng.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Trọng số vòng quay' })).toBeInTheDocument();
    expect(cellsOf('WELCOME10').slice(0, 7)).toEqual([
      'Phần trăm',
      '10%',
      'Đơn tối thiểu 100.000 ₫Giảm tối đa 50.000 ₫',
      '01/03/2026 – 31/03/2026',
      '3/100',
      'Bật',
      '5',
    ]);
    expect(cellsOf('TET50K').slice(0, 7)).toEqual(['Số tiền cố định', '50.000 ₫', '—', 'Mọi ngày', '12/∞', 'Tắt', '0']);

    await user.click(screen.getByRole('switch', { name: 'Áp dụng: TET50K' }));
    expect(await screen.findByText('Đã bật mã giảm giá TET50K.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Tìm mã giảm giá' }), 'zzz');
    expect(screen.getByText('Không có mã giảm giá nào khớp với “zzz”.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Tìm mã giảm giá' }));

    await user.click(screen.getByRole('button', { name: 'Thêm mã giảm giá' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Thêm mã giảm giá' }));
    await user.type(dialog.getByLabelText('Mã'), 'he-26');
    await user.type(dialog.getByLabelText('Mức giảm (%)'), '150');
    await user.type(dialog.getByLabelText('Ngày bắt đầu'), '2026-06-30');
    await user.type(dialog.getByLabelText('Ngày kết thúc'), '2026-06-01');
    await user.click(dialog.getByRole('button', { name: 'Thêm mã giảm giá' }));
    expect(await dialog.findByText('Mức giảm theo phần trăm tối đa là 100')).toBeInTheDocument();
    expect(dialog.getByLabelText('Ngày kết thúc')).toHaveAccessibleDescription(
      /Ngày kết thúc không được trước ngày bắt đầu/,
    );
    await user.selectOptions(dialog.getByLabelText('Loại giảm giá'), 'Giảm số tiền cố định (VND)');
    expect(dialog.getByLabelText('Mức giảm (VND)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

    await user.click(screen.getByRole('button', { name: 'Xóa WELCOME10' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Xóa mã giảm giá WELCOME10?' }));
    expect(confirm.getByText(/sẽ ngừng hiệu lực ngay và bị gỡ khỏi vòng quay/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Xóa mã giảm giá' }));
    expect(await screen.findByText('Đã xóa mã giảm giá WELCOME10.')).toBeInTheDocument();
  });

  it('tells staff in Vietnamese that the coupons are read-only', async () => {
    await activateLanguage('vi', 'staff');
    signIn('staff');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await screen.findByRole('row', { name: 'WELCOME10' });
    expect(within(screen.getByRole('row', { name: 'WELCOME10' })).getByText('Đang áp dụng')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'TET50K' })).getByText('Ngừng áp dụng')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Thêm|Sửa|Xóa)/ })).not.toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons();
    renderRoutes(routes, { path: '/coupon-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete TET50K' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Delete coupon TET50K?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete TET50K' }));
    dialog = within(screen.getByRole('dialog', { name: 'Delete coupon TET50K?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete coupon' }));

    expect(await screen.findByText('Coupon TET50K is deleted.')).toBeInTheDocument();
    expect(server.writes).toEqual([{ method: 'DELETE', url: `/api/coupons/${tet._id}`, body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: 'TET50K' })).not.toBeInTheDocument());
  });
});

const district1 = makeBranch({ _id: '0190a1b2-c3d4-7e5f-8a9b-5b0000000001', name: 'Quận 1', slug: 'quan-1' });
const district3 = makeBranch({ _id: '0190a1b2-c3d4-7e5f-8a9b-5b0000000003', name: 'Quận 3', slug: 'quan-3' });
const district7 = makeBranch({ _id: '0190a1b2-c3d4-7e5f-8a9b-5b0000000007', name: 'Quận 7', slug: 'quan-7' });
// Works only in District 3 and District 7 (a branch this manager does not work in counts, unnamed).
const district3Only = makeCoupon(3, { code: 'Q3VUI', branchIds: [district3._id] });
const district7AndElsewhere = makeCoupon(4, { code: 'XA7', branchIds: [district7._id, district1._id] });

const couponWrites = (writes: readonly Write[]) => writes.filter((write) => write.url.startsWith('/api/coupons'));

describe('CouponsPage in a chain of branches', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveCoupons> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('shows where each coupon works and limits a new one to the branches chosen', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons(undefined, {
      branches: [district1, district3],
      coupons: [welcome, district3Only, district7AndElsewhere],
    });
    renderRoutes(routes, { path: '/coupon-management' });

    expect(await screen.findByRole('columnheader', { name: 'Works in' })).toBeInTheDocument();
    const worksIn = (code: string) => cellsOf(code)[4];
    expect(worksIn('WELCOME10')).toBe('Every branch');
    expect(worksIn('Q3VUI')).toBe('Quận 3');
    expect(worksIn('XA7')).toBe('Quận 1, 1 other branch');

    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a coupon' }));
    await user.type(dialog.getByLabelText('Code'), 'quan3-10');
    await user.type(dialog.getByLabelText('Discount (%)'), '10');
    const picker = within(dialog.getByRole('group', { name: 'Works in' }));
    expect(picker.getByRole('radio', { name: 'Every branch' })).toBeChecked();

    // "Only the branches chosen" with none chosen would be every branch: it is said, and nothing is sent.
    await user.click(picker.getByRole('radio', { name: 'Only the branches chosen' }));
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));
    expect(
      await picker.findByText('Choose at least one branch, or let the code work in every branch'),
    ).toBeInTheDocument();
    expect(couponWrites(server.writes)).toEqual([]);

    await user.click(picker.getByRole('checkbox', { name: 'Quận 3' }));
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByText('Coupon QUAN3-10 is added.')).toBeInTheDocument();
    expect(couponWrites(server.writes)).toEqual([
      {
        method: 'POST',
        url: '/api/coupons',
        body: expect.objectContaining({ code: 'QUAN3-10', discountValue: 10, branchIds: [district3._id] }) as unknown,
      },
    ]);
  });

  it('opens an edit where the coupon works, keeps a branch the manager cannot name, and frees it for every branch', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons(undefined, { branches: [district1, district3], coupons: [district7AndElsewhere] });
    renderRoutes(routes, { path: '/coupon-management' });

    await user.click(await screen.findByRole('button', { name: 'Edit XA7' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Edit coupon XA7' }));
    let picker = within(dialog.getByRole('group', { name: 'Works in' }));
    expect(picker.getByRole('radio', { name: 'Only the branches chosen' })).toBeChecked();
    expect(picker.getByRole('checkbox', { name: 'Quận 1' })).toBeChecked();
    expect(picker.getByRole('checkbox', { name: 'Quận 3' })).not.toBeChecked();
    await user.click(picker.getByRole('checkbox', { name: 'Quận 3' }));
    await user.click(dialog.getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon XA7 is saved.')).toBeInTheDocument();
    expect(couponWrites(server.writes).at(-1)?.body).toMatchObject({
      branchIds: [district7._id, district1._id, district3._id],
    });

    await user.click(screen.getByRole('button', { name: 'Edit XA7' }));
    dialog = within(screen.getByRole('dialog', { name: 'Edit coupon XA7' }));
    picker = within(dialog.getByRole('group', { name: 'Works in' }));
    await user.click(picker.getByRole('radio', { name: 'Every branch' }));
    await user.click(dialog.getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(couponWrites(server!.writes)).toHaveLength(2));
    expect(couponWrites(server.writes).at(-1)?.body).toMatchObject({ branchIds: [] });
    await waitFor(() => expect(cellsOf('XA7')[4]).toBe('Every branch'));
  });

  it('hides the picker and the column with one branch, and sends no branches', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCoupons(undefined, { branches: [district1] });
    const { queryClient } = renderRoutes(routes, { path: '/coupon-management' });

    await screen.findByRole('row', { name: 'WELCOME10' });
    await waitFor(() => expect(queryClient.getQueryData(['branches'])).toMatchObject({ data: [district1] }));
    expect(screen.queryByRole('columnheader', { name: 'Works in' })).not.toBeInTheDocument();
    expect(cellsOf('TET50K').slice(0, 7)).toEqual(['Fixed amount', '50.000 ₫', '—', 'Any day', '12/∞', 'Off', '0']);

    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a coupon' }));
    expect(dialog.queryByRole('group', { name: 'Works in' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('radio', { name: 'Every branch' })).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Code'), 'mot-quan');
    await user.type(dialog.getByLabelText('Discount (%)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByText('Coupon MOT-QUAN is added.')).toBeInTheDocument();
    expect(couponWrites(server.writes)).toHaveLength(1);
    expect(couponWrites(server.writes)[0]?.body).not.toHaveProperty('branchIds');
  });
});
