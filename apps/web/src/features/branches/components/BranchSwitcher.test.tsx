import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Branch } from '@quan/contract/branch';
import type { CurrentUser, User } from '@quan/contract/user';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { userStateStorageKey } from '../../../lib/session-storage';
import { branchListAnswer } from '../../../test/data/branches';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, sessionStateOf, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

function makeBranch(overrides: Partial<Branch>): Branch {
  return {
    _id: 'branch-1',
    name: 'Quận 1',
    slug: 'quan-1',
    address: '',
    phone: '',
    taxCode: '',
    receiptHeader: '',
    isFirst: true,
    createdAt: '2026-01-15T03:00:00.000Z',
    updatedAt: '2026-01-15T03:00:00.000Z',
    ...overrides,
  };
}

const district1 = makeBranch({});
const district3 = makeBranch({ _id: 'branch-3', name: 'Quận 3', slug: 'quan-3', isFirst: false });
// Staff in District 1, manager in District 3.
const person = makeUser({ _id: 'person-1', name: 'Phạm Thu Hà', role: 'staff' });

/** A session stored the way sign-in leaves it: the person, their token and the branch they work in. */
function storeSessionIn(user: User, branchId: string) {
  storeSession(user, tokenExpiringIn(3600));
  localStorage.setItem(userStateStorageKey, JSON.stringify({ ...sessionStateOf(user), branchId }));
}

async function findSwitcher() {
  const switcher = await screen.findByRole('combobox', { name: 'Branch you work in' });
  expect(screen.getByRole('banner')).toContainElement(switcher);
  return switcher;
}

describe('BranchSwitcher', () => {
  beforeAll(() => preloadRoutes(routes, '/accounts'));
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('shows nothing in a restaurant with one branch', async () => {
    storeSessionIn(person, district1._id);
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url === '/api/branches' ? branchListAnswer([district1]) : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/accounts' });

    expect(await screen.findByText(/Only managers can manage accounts/)).toBeInTheDocument();
    await waitFor(() => expect(fakeApi!.requests).toContain('GET /api/branches'));
    expect(screen.queryByRole('combobox', { name: 'Branch you work in' })).not.toBeInTheDocument();
    expect(screen.queryByText('Quận 1')).not.toBeInTheDocument();
  });

  it('names the branch, with nothing to choose, to someone who works in one branch of a chain', async () => {
    storeSessionIn(person, district3._id);
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url === '/api/branches' ? branchListAnswer([district3], 2) : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/accounts' });

    const banner = await screen.findByRole('banner');
    const name = await within(banner).findByText('Quận 3');
    expect(name.closest('p')).toHaveTextContent('Branch you work in: Quận 3');
    expect(screen.queryByRole('combobox', { name: 'Branch you work in' })).not.toBeInTheDocument();
  });

  it('asks nothing for a session stored before branches, which does not know its branch', async () => {
    storeSession(person, tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/accounts' });

    expect(await screen.findByText(/Only managers can manage accounts/)).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it('shows the current branch to someone with two, and switches: the API, the person, an emptied cache', async () => {
    storeSessionIn(person, district1._id);
    const switched: CurrentUser = {
      ...person,
      role: 'manager',
      branchId: district3._id,
      screenLanguage: 'en',
    };
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/branches') return branchListAnswer([district1, district3]);
      if (method === 'PUT' && url === '/api/branches/current') return ok(switched);
      if (method === 'GET' && url === '/api/user/users') return ok([{ ...person, role: 'manager', branches: [] }]);
      return fail(404, 'Not found');
    });
    const { queryClient, store } = renderRoutes(routes, { path: '/accounts' });
    // Something the screens of District 1 had read.
    queryClient.setQueryData(['tables'], [{ _id: 'table-of-district-1' }]);

    const switcher = await findSwitcher();
    expect(switcher).toHaveDisplayValue('Quận 1');
    expect(screen.getByText(/Only managers can manage accounts/)).toBeInTheDocument();

    await userEvent.selectOptions(switcher, 'Quận 3');

    expect(await screen.findByText('Switched to Quận 3')).toBeInTheDocument();
    expect(fakeApi.requests).toContain('PUT /api/branches/current');
    const put = fakeApi.configs.find((config) => config.method === 'put');
    expect(JSON.parse(put?.data as string)).toEqual({ branchId: district3._id });
    expect(queryClient.getQueryData(['tables'])).toBeUndefined();
    expect(store.getState().user).toMatchObject({ role: 'manager', branchId: district3._id });
    expect(JSON.parse(localStorage.getItem(userStateStorageKey) ?? 'null')).toMatchObject({
      role: 'manager',
      branchId: district3._id,
    });
    // A manager in District 3: the page starts again and reads that branch's accounts.
    expect(await screen.findByRole('article', { name: /Phạm Thu Hà/ })).toBeInTheDocument();
    expect(await findSwitcher()).toHaveDisplayValue('Quận 3');
  });

  it('stays in the branch and says why when the switch is refused', async () => {
    storeSessionIn(person, district1._id);
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/branches') return branchListAnswer([district1, district3]);
      if (method === 'PUT' && url === '/api/branches/current') {
        return { status: 404, body: { success: false, message: 'That branch does not exist', code: 'BRANCH_GONE' } };
      }
      return fail(404, 'Not found');
    });
    const { store } = renderRoutes(routes, { path: '/accounts' });

    await userEvent.selectOptions(await findSwitcher(), 'Quận 3');

    expect(await screen.findByText('That branch does not exist')).toBeInTheDocument();
    expect(store.getState().user).toMatchObject({ role: 'staff', branchId: district1._id });
  });
});
