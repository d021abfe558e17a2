import { createContext, useContext } from 'react';
import type { AppSocket } from './socket';

export interface SocketState {
  socket: AppSocket | null;
  isConnected: boolean;
}

export const SocketContext = createContext<SocketState>({ socket: null, isConnected: false });

export function useSocket(): SocketState {
  return useContext(SocketContext);
}
