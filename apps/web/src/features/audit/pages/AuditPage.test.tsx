import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { entries, listed, manager, refusedApproval, serveAudit, staff, auditScene } from './audit-test-kit';

describe('AuditPage', { timeout: 20_000 }, () => {
  const scene = auditScene();

  it('lists the entries newest first: time, kind, what changed, who made and who approved it', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    scene.fakeApi = serveAudit();
    renderRoutes(routes, { path: '/audit' });

    const first = within(await screen.findByRole('article', { name: /^Void, / }));
    expect(listed()).toHaveLength(3);
    // The restaurant's wall clock, written as everywhere else in the app: the 24-hour clock, no "CH" here.
    const time = first.getByText(/15\/01\/2026/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveTextContent('19:42');
    expect(time).not.toHaveTextContent(/SA|CH/);
    expect(first.getByText('Voided 1 × Phở bò on order 42 (wrong dish): 65.000 ₫')).toBeInTheDocument();
    expect(first.getByText('Order #42')).toBeInTheDocument();
    expect(first.getByText('Lê Minh Châu')).toBeInTheDocument();
    expect(first.getByText('Approved by')).toBeInTheDocument();
    expect(first.getByText('Trần Thị Bình')).toBeInTheDocument();
    const split = within(screen.getByRole('article', { name: /^Split, / }));
    expect(split.queryByText('Approved by')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 3 changes')).toBeInTheDocument();
    expect(scene.fakeApi.configs[0]?.params).toEqual({ page: 1, limit: 20 });
  });

  it('speaks Vietnamese: the entries, the filters and the pages', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(manager, tokenExpiringIn(3600));
    scene.fakeApi = serveAudit();
    renderRoutes(routes, { path: '/audit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nhật ký thao tác' })).toBeInTheDocument();
    const first = within(await screen.findByRole('article', { name: /^Hủy món, / }));
    expect(first.getByText('Hủy 1 × Phở bò của đơn 42 (nhầm món): 65.000 ₫')).toBeInTheDocument();
    expect(first.getByText('Đơn #42')).toBeInTheDocument();
    expect(first.getByText('Người duyệt')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Mục nhật ký, mới nhất trước' })).getAllByRole('article'),
    ).toHaveLength(3);
    expect(screen.getByText('Trang 1/1 · 3 thay đổi')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loại' }), 'Chuyển món');
    expect(await screen.findByText('Không có thay đổi nào khớp với bộ lọc.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Xóa bộ lọc' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('filters by kind and by person, and keeps the filters in the address', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    scene.fakeApi = serveAudit();
    const { router } = renderRoutes(routes, { path: '/audit' });
    await screen.findByRole('article', { name: /^Void, / });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Voids');
    await waitFor(() => expect(listed()).toEqual([expect.stringMatching(/^Void, /)]));
    expect(scene.fakeApi.configs.at(-1)?.params).toEqual({ kind: 'void', page: 1, limit: 20 });
    expect(router.state.location.search).toBe('?kind=void');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'All changes');
    await waitFor(() => expect(listed()).toHaveLength(3));
    const people = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(people).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(people, 'Trần Thị Bình');
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(scene.fakeApi.configs.at(-1)?.params).toEqual({ userId: manager._id, page: 1, limit: 20 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Moves');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it.each([
    ['en', 'Approval refused', 'Refused approvals'],
    ['vi', 'Từ chối duyệt', 'Lần duyệt bị từ chối'],
  ] as const)('names a refused approval in %s, and filters the refusals apart', async (language, kind, filter) => {
    await activateLanguage(language, 'staff');
    storeSession(manager, tokenExpiringIn(3600));
    scene.fakeApi = serveAudit([...entries, refusedApproval]);
    renderRoutes(routes, { path: '/audit' });

    const refused = await screen.findByRole('article', { name: new RegExp(`^${kind}, `) });
    expect(within(refused).getByText(staff.name)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: language === 'en' ? 'Kind' : 'Loại' }), filter);
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
        expect.stringMatching(new RegExp(`^${kind}, `)),
      ]),
    );
    expect(scene.fakeApi.configs.at(-1)?.params).toEqual({ kind: 'approval-refused', page: 1, limit: 20 });
  });

  it('shows the server’s reason and a retry when the trail cannot be loaded', async () => {
    storeSession(manager, tokenExpiringIn(3600));
    scene.fakeApi = installFakeApi(({ url }) =>
      url === '/api/audit' ? fail(400, 'startDate must be before endDate') : ok([]),
    );
    renderRoutes(routes, { path: '/audit' });

    expect(await screen.findByRole('alert')).toHaveTextContent('startDate must be before endDate');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells staff it is for managers, without asking the server', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    scene.fakeApi = serveAudit();
    renderRoutes(routes, { path: '/audit' });

    expect(await screen.findByText('Managers only')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).not.toBeInTheDocument();
    expect(scene.fakeApi.requests.filter((request) => request.startsWith('GET /api/audit'))).toEqual([]);
    expect(scene.fakeApi.requests.filter((request) => request.startsWith('GET /api/user/users'))).toEqual([]);
  });
});
