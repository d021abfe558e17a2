import { useEffect, useState, type ReactNode } from 'react';
import { createSocket, type AppSocket } from '../lib/socket';
import { SocketContext, type SocketState } from '../lib/socket-context';
import { useAppSelector } from '../store/hooks';
import { selectUser } from '../store/user-slice';

const disconnected: SocketState = { socket: null, isConnected: false };

/**
 * Keeps one staff socket open while someone is signed in, and closes it when they sign out. A switch of branch
 * opens a new one: it joins the new branch's room from its first event (the server moves the old one too, but a
 * fresh connection is sure not to hear a word of the branch left).
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { isAuth, _id: userId, branchId } = useAppSelector(selectUser);
  const [state, setState] = useState<SocketState>(disconnected);

  useEffect(() => {
    if (!isAuth) return;
    let socket: AppSocket | null = null;
    let stopped = false;

    createSocket()
      .then((created) => {
        if (stopped) return;
        socket = created;
        const report = () => setState({ socket: created, isConnected: created.connected });
        created.on('connect', report);
        created.on('disconnect', report);
        setState({ socket: created, isConnected: false });
        created.connect();
      })
      .catch((error: unknown) => console.warn('Live updates are unavailable', error));

    return () => {
      stopped = true;
      socket?.disconnect();
      setState(disconnected);
    };
  }, [isAuth, userId, branchId]);

  return <SocketContext value={state}>{children}</SocketContext>;
}
