import { useEffect, useState } from 'react';
import { createDinerSocket, type AppSocket } from './socket';
import { whenIdle } from './when-idle';

/**
 * Opens the diner's anonymous socket for as long as the page is shown. socket.io-client is fetched only
 * once the page is up and the browser idle, so it never competes with what the diner sees first. Null until
 * then; events emitted before the connection is up are sent when it is.
 */
export function useDinerSocket(): AppSocket | null {
  const [socket, setSocket] = useState<AppSocket | null>(null);

  useEffect(() => {
    let created: AppSocket | null = null;
    let stopped = false;
    // Late enough not to compete with the menu being laid out, soon enough to catch the next change.
    const cancel = whenIdle(() => {
      createDinerSocket()
        .then((dinerSocket) => {
          if (stopped) return;
          created = dinerSocket;
          dinerSocket.connect();
          setSocket(dinerSocket);
        })
        .catch((error: unknown) => console.warn('Live updates are unavailable', error));
    }, 3000);
    return () => {
      stopped = true;
      cancel();
      created?.disconnect();
      setSocket(null);
    };
  }, []);

  return socket;
}
