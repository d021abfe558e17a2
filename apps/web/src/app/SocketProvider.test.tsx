import { act, render, waitFor } from '@testing-library/react';
import { Provider as ReduxProvider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSocket, type AppSocket } from '../lib/socket';
import { makeUser, storeSession, tokenExpiringIn } from '../test/data/session';
import { createAppStore } from '../store/store';
import { setUser } from '../store/user-slice';
import { SocketProvider } from './SocketProvider';

vi.mock('../lib/socket', () => ({ createSocket: vi.fn(), createDinerSocket: vi.fn() }));

interface FakeSocket {
  connected: boolean;
  on: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
}

function fakeSocket(): FakeSocket {
  return { connected: false, on: vi.fn(), connect: vi.fn(), disconnect: vi.fn() };
}

describe('SocketProvider', () => {
  afterEach(() => vi.mocked(createSocket).mockReset());

  it('opens a new socket when the session moves to another branch, so it joins that branch’s room', async () => {
    const sockets = [fakeSocket(), fakeSocket()];
    let created = 0;
    vi.mocked(createSocket).mockImplementation(() => Promise.resolve(sockets[created++] as unknown as AppSocket));
    const user = makeUser({ role: 'staff' });
    storeSession(user, tokenExpiringIn(3600));
    const store = createAppStore();
    act(() => void store.dispatch(setUser({ ...user, branchId: 'branch-1' })));
    render(
      <ReduxProvider store={store}>
        <SocketProvider>
          <p>page</p>
        </SocketProvider>
      </ReduxProvider>,
    );
    await waitFor(() => expect(sockets[0]!.connect).toHaveBeenCalledOnce());

    // The same person in the same branch (a profile saved): the socket stays.
    act(() => void store.dispatch(setUser({ ...user, name: 'Phạm Thu Hà', branchId: 'branch-1' })));
    expect(createSocket).toHaveBeenCalledOnce();

    act(() => void store.dispatch(setUser({ ...user, role: 'manager', branchId: 'branch-3' })));

    await waitFor(() => expect(sockets[1]!.connect).toHaveBeenCalledOnce());
    expect(sockets[0]!.disconnect).toHaveBeenCalledOnce();
    expect(sockets[1]!.disconnect).not.toHaveBeenCalled();
  });
});
