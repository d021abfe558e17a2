import { screen, within } from '@testing-library/react';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { makeTable } from './table-fixtures';
import { TableManagement } from './TableManagement';

function renderFor(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
  return renderRoutes([{ path: '/dashboard', element: <TableManagement /> }], { path: '/dashboard' });
}

describe('TableManagement', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('lists the tables with their management actions for a manager', async () => {
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/table' ? ok([makeTable(1), makeTable(2, { status: 'booked', seats: 1 })]) : fail(404, 'Not found'),
    );
    renderFor('manager');

    const section = within(await screen.findByRole('region', { name: 'Tables' }));
    expect(await section.findByText('1 seat · Booked')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Add table' })).toBeInTheDocument();
    for (const action of ['QR code for table', 'Edit table', 'Delete table']) {
      expect(section.getByRole('button', { name: `${action} 2` })).toBeInTheDocument();
    }
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/table' ? ok([makeTable(1), makeTable(2, { status: 'booked', seats: 1 })]) : fail(404, 'Not found'),
    );
    renderFor('manager');

    const section = within(await screen.findByRole('region', { name: 'Bàn' }));
    expect(await section.findByText('1 chỗ · Có khách')).toBeInTheDocument();
    expect(section.getByText('4 chỗ · Còn trống')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Thêm bàn' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Mã QR của bàn 2' })).toBeInTheDocument();
  });

  it('shows nothing to staff and asks the server nothing', () => {
    fakeApi = installFakeApi(() => ok([makeTable(1)]));
    const { container } = renderFor('staff');

    expect(container).toBeEmptyDOMElement();
    expect(fakeApi.requests).toEqual([]);
  });
});
