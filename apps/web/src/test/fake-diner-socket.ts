import { act } from '@testing-library/react';
import type { ServerToClientEvents } from '@quan/contract/realtime';
import type { AppSocket } from '../lib/socket';

type Listener = (...args: unknown[]) => void;

/**
 * Just enough of a socket.io client for the diner pages: records what the page emits, answers
 * `track-order` with `trackAnswer`, and lets the test play server events and reconnections.
 */
export function createFakeDinerSocket(trackAnswer: { ok: boolean; message?: string } = { ok: true }) {
  const listeners = new Map<string, Set<Listener>>();
  const managerListeners = new Map<string, Set<Listener>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const add = (map: Map<string, Set<Listener>>, event: string, listener: Listener) => {
    if (!map.has(event)) map.set(event, new Set());
    map.get(event)!.add(listener);
  };
  const fire = (map: Map<string, Set<Listener>>, event: string, payload?: unknown) =>
    map.get(event)?.forEach((listener) => listener(payload));

  const socket = {
    connected: false,
    on(event: string, listener: Listener) {
      add(listeners, event, listener);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
      emitted.push({ event, payload });
      if (event === 'track-order') ack?.(trackAnswer);
      return socket;
    },
    connect() {
      socket.connected = true;
      fire(listeners, 'connect');
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    io: {
      on(event: string, listener: Listener) {
        add(managerListeners, event, listener);
      },
      off(event: string, listener: Listener) {
        managerListeners.get(event)?.delete(listener);
      },
    },
  };

  return {
    socket: socket as unknown as AppSocket,
    emitted,
    /** The server sends an event to this client. */
    serverEmit: <E extends keyof ServerToClientEvents>(event: E, ...payload: Parameters<ServerToClientEvents[E]>) =>
      act(() => fire(listeners, event, payload[0])),
    /** The connection drops and comes back, as socket.io reports it. */
    reconnect: () =>
      act(() => {
        fire(managerListeners, 'reconnect');
        fire(listeners, 'connect');
      }),
    /** Whether the page listens to this event yet (it opens the socket once the browser is idle). */
    isListening: (event: keyof ServerToClientEvents) => (listeners.get(event)?.size ?? 0) > 0,
  };
}
