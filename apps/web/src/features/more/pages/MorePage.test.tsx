import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';

describe('MorePage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('links a manager to the audit trail', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Audit trail/ })).toHaveAttribute('href', '/audit');
  });

  it('does not show staff the audit trail', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Customers/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Audit trail/ })).not.toBeInTheDocument();
  });
});
