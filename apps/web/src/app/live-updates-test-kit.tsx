import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import type { ServerToClientEvents } from '@quan/contract/realtime';
import { createQueryClient } from '../lib/query-client';
import { queryRoots } from '../lib/query-keys';
import type { AppSocket } from '../lib/socket';
import { SocketContext } from '../lib/socket-context';
import { LiveUpdates } from './LiveUpdates';

// What the tests of the live updates share: a socket the test speaks for, a silent chime, and fetch counters.

type EventName = keyof ServerToClientEvents;

/** Just enough of a socket.io client to emit server events at the component. */
export function createFakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return socket;
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
  };
  return {
    socket: socket as unknown as AppSocket,
    emit: <E extends EventName>(event: E, ...payload: Parameters<ServerToClientEvents[E]>) =>
      act(() => listeners.get(event)?.forEach((listener) => listener(payload[0]))),
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    /** The socket's own events: the connection dropping and coming back. */
    fire: (event: 'connect' | 'disconnect') =>
      act(() => listeners.get(event)?.forEach((listener) => listener(undefined))),
  };
}

/** A screen that shows how often each kind of data has been fetched. */
function FetchCounters({ counts }: { counts: Record<'orders' | 'tables' | 'menu' | 'ingredients', number> }) {
  const key = (name: keyof typeof counts) => [...queryRoots[name], 'test'];
  const fetchOf = (name: keyof typeof counts) => () => ++counts[name];
  const orders = useQuery({ queryKey: key('orders'), queryFn: fetchOf('orders') });
  const tables = useQuery({ queryKey: key('tables'), queryFn: fetchOf('tables') });
  const menu = useQuery({ queryKey: key('menu'), queryFn: fetchOf('menu') });
  const ingredients = useQuery({ queryKey: key('ingredients'), queryFn: fetchOf('ingredients') });
  return (
    <p>{`orders ${orders.data ?? 0} · tables ${tables.data ?? 0} · menu ${menu.data ?? 0} · ingredients ${ingredients.data ?? 0}`}</p>
  );
}

export const oscillatorsStarted: number[] = [];

export class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createGain() {
    return {
      connect: () => undefined,
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
    };
  }
  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { setValueAtTime: (hz: number) => oscillatorsStarted.push(hz) },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
    return oscillator;
  }
  resume() {
    return Promise.resolve();
  }
}

/**
 * LiveUpdates on a fake socket beside `children` (for `ownUserId` signed in), inside the providers the app gives it; returns the socket's
 * controls, the rendered view and the query client.
 */
export function renderBeside(children: ReactNode, ownUserId?: string) {
  const fake = createFakeSocket();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
        <SocketContext value={{ socket: fake.socket, isConnected: true }}>
          <LiveUpdates ownUserId={ownUserId} />
          {children}
        </SocketContext>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...fake, ...view, queryClient };
}

export function renderLiveUpdates(ownUserId?: string) {
  const counts = { orders: 0, tables: 0, menu: 0, ingredients: 0 };
  return renderBeside(<FetchCounters counts={counts} />, ownUserId);
}

/** A silent chime for every test of the describe that calls this: jsdom has no AudioContext. */
export function liveUpdatesScene() {
  beforeAll(() => vi.stubGlobal('AudioContext', FakeAudioContext));
  afterAll(() => vi.unstubAllGlobals());
}
