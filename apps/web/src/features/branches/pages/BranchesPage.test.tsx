import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Branch } from '@quan/contract/branch';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

const district1: Branch = {
  _id: 'branch-1',
  name: 'Quận 1',
  slug: 'quan-1',
  address: '12 Lê Lợi, Quận 1',
  phone: '028 3822 1234',
  taxCode: '0312345678',
  receiptHeader: 'Quán Phở Bắc',
  isFirst: true,
  createdAt: '2026-01-15T03:00:00.000Z',
  updatedAt: '2026-01-15T03:00:00.000Z',
};

const slugTaken: FakeResponse = {
  status: 409,
  body: {
    success: false,
    message: 'Another branch already uses the link name quan-1',
    code: 'BRANCH_SLUG_TAKEN',
    params: { slug: 'quan-1' },
  },
};

describe('BranchesPage', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());
  beforeAll(() => preloadRoutes(routes, '/branches'));

  it('lists the branches and adds one, suggesting its link name from its name', async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    let branches = [district1];
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (method === 'GET' && url === '/api/branches') return ok(branches);
      if (method === 'POST' && url === '/api/branches') {
        const added = { ...district1, ...JSON.parse(config.data as string), _id: 'branch-3', isFirst: false };
        branches = [...branches, added];
        return { status: 201, body: { success: true, data: added } };
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/branches' });

    const first = await screen.findByRole('article', { name: 'Quận 1' });
    expect(within(first).getByText('/b/quan-1')).toBeInTheDocument();
    expect(within(first).getByText('First branch')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a branch' });
    await userEvent.type(within(dialog).getByLabelText('Branch name'), 'Quận 3 – Võ Văn Tần');
    await userEvent.tab();
    expect(within(dialog).getByLabelText('Link name')).toHaveValue('quan-3-vo-van-tan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add branch' }));

    expect(await screen.findByRole('article', { name: 'Quận 3 – Võ Văn Tần' })).toBeInTheDocument();
    const post = fakeApi.configs.find((request) => request.method === 'post');
    expect(JSON.parse(post?.data as string)).toMatchObject({ name: 'Quận 3 – Võ Văn Tần', slug: 'quan-3-vo-van-tan' });
  });

  it('shows a link name another branch has next to the field, in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'admin', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/branches') return ok([district1]);
      if (method === 'POST' && url === '/api/branches') return slugTaken;
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/branches' });

    await userEvent.click(await screen.findByRole('button', { name: 'Thêm chi nhánh' }));
    const dialog = screen.getByRole('dialog', { name: 'Thêm chi nhánh' });
    await userEvent.type(within(dialog).getByLabelText('Tên chi nhánh'), 'Quận 1 mới');
    const slug = within(dialog).getByLabelText('Tên đường dẫn');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'quan-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm chi nhánh' }));

    expect(await within(dialog).findByText('Một chi nhánh khác đã dùng tên đường dẫn quan-1')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Thêm chi nhánh' })).toBeInTheDocument();
  });

  it('checks the fields before asking the server', async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url === '/api/branches' ? ok([district1]) : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/branches' });

    await userEvent.click(await screen.findByRole('button', { name: 'Add branch' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a branch' });
    await userEvent.type(within(dialog).getByLabelText('Link name'), 'Quận 3');
    await userEvent.type(within(dialog).getByLabelText('Tax code'), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add branch' }));

    expect(await within(dialog).findByText('Branch name cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Use lower-case letters, digits and hyphens, such as quan-3')).toBeInTheDocument();
    expect(within(dialog).getByText('A tax code has 10 digits, or 10 digits, a hyphen and 3 more')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('tells a manager the branches are the owner’s, without asking the server', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Admins only'));
    renderRoutes(routes, { path: '/branches' });

    expect(await screen.findByText('Only admins can manage the branches.')).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });
});
