import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation } from '@quan/contract/reservations';
import { defaultSettings } from '@quan/contract/settings';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { stamp, table4, posApi, orderPanel, setCustomer, journeyTimeout, posScene } from './pos-test-kit';

describe('PosPage', () => {
  const scene = posScene();

  it.each([
    { warnMinutes: 60, warns: true },
    { warnMinutes: 30, warns: false },
  ])(
    'warns about seating walk-ins at a table booked in 45 minutes when the warning is $warnMinutes minutes',
    async ({ warnMinutes, warns }) => {
      const user = userEvent.setup();
      const startsAt = new Date(Date.now() + 45 * 60_000).toISOString();
      const booking: Reservation = {
        _id: 'reservation-1',
        status: 'booked',
        source: 'phone',
        name: 'Anh Tùng',
        phone: '',
        customerId: null,
        partySize: 4,
        startsAt,
        durationMinutes: 90,
        endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
        tables: [{ _id: table4._id, tableNo: 4, seats: 4 }],
        note: '',
        preorder: [],
        preorderTotal: 0,
        fireAt: null,
        orderId: null,
        version: 1,
        createdBy: null,
        ...stamp,
      };
      scene.fakeApi = installFakeApi(
        posApi(
          () => fail(500, 'unused'),
          ({ method, url }) => {
            if (method === 'GET' && url === '/api/reservations') return ok([booking]);
            if (method === 'GET' && url === '/api/settings') {
              return ok({ ...defaultSettings, reservations: { ...defaultSettings.reservations, warnMinutes } });
            }
            return null;
          },
        ),
      );
      renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      await setCustomer(user, 'Khách vãng lai', '2');
      // The settings and the day's book both arrive before the table is chosen, as they do at the counter.
      await waitFor(() => expect(scene.fakeApi.requests).toContain('GET /api/reservations'));
      await waitFor(() => expect(scene.fakeApi.requests).toContain('GET /api/settings'));
      const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
      await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));

      const warning = /^Table 4 is booked at .+ for Anh Tùng \(4\)/;
      if (warns) expect(await orderPanel().findByText(warning)).toBeInTheDocument();
      else await waitFor(() => expect(orderPanel().queryByText(warning)).not.toBeInTheDocument());
    },
    journeyTimeout,
  );
});
