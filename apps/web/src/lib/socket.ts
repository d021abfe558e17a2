import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import { getStoredToken } from './session-storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Creates the staff socket without connecting it. socket.io-client is imported on demand so the
 * public pages (landing, menu, table ordering) never download it.
 */
export async function createSocket(): Promise<AppSocket> {
  const { io } = await import('socket.io-client');
  const options = {
    path: '/socket.io',
    autoConnect: false,
    withCredentials: true,
    // A function, so that every reconnection sends the token stored at that moment.
    auth: (send: (data: { token?: string }) => void) => {
      const token = getStoredToken();
      send(token ? { token } : {});
    },
  };
  const apiUrl = import.meta.env.VITE_API_URL;
  return apiUrl ? io(apiUrl, options) : io(options);
}

/**
 * A diner's socket: no token (it hears `menu:updated` and the orders it tracks), created without connecting.
 * WebSocket first, so a phone keeps no long-polling request open; polling remains the fallback.
 */
export async function createDinerSocket(): Promise<AppSocket> {
  const { io } = await import('socket.io-client');
  const options = {
    path: '/socket.io',
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const apiUrl = import.meta.env.VITE_API_URL;
  return apiUrl ? io(apiUrl, options) : io(options);
}
