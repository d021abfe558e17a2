import { defaultSettings } from '@quan/contract/settings';
import type { Shift } from '@quan/contract/shifts';
import type { User } from '@quan/contract/user';
import { afterEach, beforeEach, vi } from 'vitest';
import { deviceIdStorageKey } from '../../../lib/device-id';
import { formatMoney } from '../../../lib/format';
import { fail, installFakeApi, ok, type FakeHandler, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { summaryOf } from '../../../test/data/shifts';
import { installedEachTest } from '../../../test/installed-each-test';

// What the shifts page's tests share: this device, a manager and a staff member, and a fake shifts server.

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
export const spaced = (text: string) => text.replace(/\s/g, ' ');
export const money = (amount: number) => spaced(formatMoney(amount));

export const deviceId = 'device-test-0001';
export const manager = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000a', name: 'Bình', role: 'manager' });
export const staff = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b', name: 'Lan', role: 'staff' });

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The shifts API as the page uses it: this device's current shift, the settings, the past shifts; `answer`
 * decides the writes. Every write is kept with its body. As on the server, a shift a write answers with
 * becomes this device's current one while it is open (none once it is closed), so the refetch that follows
 * a write sees what the write did.
 */
export function serveShifts({
  current = null,
  shifts = [],
  answer = () => fail(404, 'Not found'),
}: {
  current?: Shift | null;
  shifts?: Shift[];
  answer?: (write: Write) => FakeResponse;
}) {
  const writes: Write[] = [];
  const handler: FakeHandler = ({ method, url, config }) => {
    if (method === 'GET' && url === '/api/settings') return ok(defaultSettings);
    if (method === 'GET' && url === '/api/shifts/current') return ok(current);
    if (method === 'GET' && url === '/api/shifts') {
      const data = shifts.map(summaryOf);
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 10 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    const one = shifts.find((shift) => url === `/api/shifts/${shift._id}`);
    if (method === 'GET' && one) return ok(one);
    if (method === 'POST') {
      const write = { method, url, body: JSON.parse(String(config.data)) as unknown };
      writes.push(write);
      const response = answer(write);
      const shift = (response.body as { data?: Shift }).data;
      if (response.status < 300 && shift?.deviceId === deviceId) current = shift.status === 'open' ? shift : null;
      return response;
    }
    return fail(404, 'Not found');
  };
  return { writes, fakeApi: installFakeApi(handler) };
}

export function signIn(user: User) {
  storeSession(user, tokenExpiringIn(3600));
}

/**
 * What every shifts page test file sets up around its tests: this device's id in storage, and the fake server a
 * test installs (`scene.fakeApi = …`) taken down after it.
 */
export function shiftsScene() {
  beforeEach(() => localStorage.setItem(deviceIdStorageKey, deviceId));
  afterEach(() => vi.restoreAllMocks());
  return installedEachTest('fakeApi', (fakeApi: ReturnType<typeof installFakeApi>) => fakeApi.restore());
}
