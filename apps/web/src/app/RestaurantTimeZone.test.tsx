import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as ReduxProvider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '@quan/contract/settings';
import { settingsQueryKey } from '../features/more/api/get-settings';
import { formatClock } from '../lib/date-format';
import { createQueryClient } from '../lib/query-client';
import { restaurantTimeZone, setRestaurantTimeZone } from '../lib/restaurant-day';
import { createAppStore } from '../store/store';
import { setUser } from '../store/user-slice';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { RestaurantTimeZone } from './RestaurantTimeZone';

// 23:30 UTC: 06:30 the next morning in Hồ Chí Minh City and Bangkok (UTC+7), 23:30 in Abidjan (UTC+0).
const lateEvening = '2026-01-31T23:30:00.000Z';

/** A screen that writes a clock; `mounts` counts how often it was drawn anew (its state lost). */
let mounts = 0;
function Clock() {
  useState(() => ++mounts);
  return <p>{formatClock(lateEvening)}</p>;
}

function renderSignedIn(signedIn: boolean) {
  const store = createAppStore();
  if (signedIn) {
    store.dispatch(
      setUser({ _id: 'u1', name: 'Nguyễn Văn An', email: 'an@quan.test', phone: '0901234567', role: 'staff' }),
    );
  }
  const queryClient = createQueryClient();
  render(
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <RestaurantTimeZone>
          <Clock />
        </RestaurantTimeZone>
      </QueryClientProvider>
    </ReduxProvider>,
  );
  return { queryClient };
}

describe("the staff screens in the restaurant's time zone", () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    mounts = 0;
    fakeApi?.restore();
    setRestaurantTimeZone(undefined);
    localStorage.clear();
  });

  it('reads the zone from the settings once someone is signed in, and draws the screens again in it', async () => {
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/settings' ? ok({ ...defaultSettings, timezone: 'Africa/Abidjan' }) : fail(404, 'Not found'),
    );
    const { queryClient } = renderSignedIn(true);

    expect(screen.getByText('06:30')).toBeInTheDocument();
    expect(await screen.findByText('23:30')).toBeInTheDocument();
    expect(restaurantTimeZone()).toBe('Africa/Abidjan');
    expect(fakeApi.requests).toEqual(['GET /api/settings']);
    expect(mounts).toBe(2);

    // An admin picks another zone: the saved settings replace the cached ones, and the clock follows.
    act(() => queryClient.setQueryData(settingsQueryKey, { ...defaultSettings, timezone: 'Asia/Bangkok' }));
    expect(await screen.findByText('06:30')).toBeInTheDocument();
    expect(restaurantTimeZone()).toBe('Asia/Bangkok');
  });

  it('keeps the default zone, and asks nothing, while no one is signed in', () => {
    fakeApi = installFakeApi(() => fail(401, 'Sign in first'));
    renderSignedIn(false);

    expect(screen.getByText('06:30')).toBeInTheDocument();
    expect(restaurantTimeZone()).toBe('Asia/Ho_Chi_Minh');
    expect(fakeApi.requests).toEqual([]);
  });

  it('leaves the screens as they are when the settings name the zone they were drawn in', async () => {
    fakeApi = installFakeApi(() => ok(defaultSettings));
    const { queryClient } = renderSignedIn(true);

    await waitFor(() => expect(queryClient.getQueryData(settingsQueryKey)).toEqual(defaultSettings));
    expect(screen.getByText('06:30')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
