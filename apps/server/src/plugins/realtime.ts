import { trackOrderSchema, type OrderStatusUpdate } from '@quan/contract/public';
import {
  orderRoom,
  staffRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@quan/contract/realtime';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import type { AuthUser } from './auth';
import { ACCESS_COOKIE } from './auth';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Emits to signed-in staff on every instance. */
  emitToStaff<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Emits to every connection, signed in or not (the public menu follows `menu:updated`). */
  emitToAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Tells the diners following an order (`track-order`) its new status. */
  emitToOrderFollowers(update: OrderStatusUpdate): void;
  /** Drops the live connections of a signed-out session or of a suspended or deleted user. */
  disconnect(target: { userId: string } | { sessionId: string }): void;
  /** Installs the check of `track-order`: whether this token may follow this order. */
  setOrderFollowCheck(check: (orderId: string, token: string) => Promise<boolean>): void;
}

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The token the client sent in `auth`, or else the one in the `accessToken` cookie. */
function handshakeToken(socket: RealtimeSocket): { token: string; fromCookie: boolean } | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return { token: fromAuth, fromCookie: false };
  const cookie = socket.handshake.headers.cookie ?? '';
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${ACCESS_COOKIE}=`));
  return match ? { token: decodeURIComponent(match.slice(ACCESS_COOKIE.length + 1)), fromCookie: true } : null;
}

/**
 * socket.io on Fastify's own HTTP server. Staff connect with their token and join `staff`; anyone may
 * connect without one (the diner pages follow their order that way). With Redis the rooms span every instance.
 */
export async function createRealtime(
  app: FastifyInstance,
  config: Pick<Config, 'redis'>,
  authenticate: (token: string) => Promise<AuthUser>,
): Promise<Realtime> {
  const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false });

  if (config.redis) {
    const pub = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${config.redis.keyPrefix}socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.all([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket, next) => {
    socket.data.userId = null;
    const sent = handshakeToken(socket);
    if (!sent) return next();
    try {
      const user = await authenticate(sent.token);
      socket.data.userId = user.id;
      await socket.join([staffRoom, userRoom(user.id), sessionRoom(user.sessionId)]);
      next();
    } catch (error) {
      // A stale staff cookie on a phone must not lock the diner pages out: the browser sends it on its own,
      // so it only decides whether this is a staff socket. A token the client chose to send is refused.
      if (sent.fromCookie) return next();
      next(error instanceof Error ? error : new Error('Unauthorized'));
    }
  });

  let mayFollow: (orderId: string, token: string) => Promise<boolean> = async () => false;
  io.on('connection', (socket) => {
    socket.on('track-order', async (payload, ack) => {
      const parsed = trackOrderSchema.safeParse(payload);
      const allowed = parsed.success && (await mayFollow(parsed.data.orderId, parsed.data.token).catch(() => false));
      if (allowed) await socket.join(orderRoom(parsed.data.orderId));
      if (typeof ack === 'function') {
        ack(allowed ? { ok: true } : { ok: false, message: 'This order cannot be followed with that token' });
      }
    });
  });

  // Connected clients would otherwise keep app.close() waiting.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  return {
    io,
    emitToStaff(event, ...args) {
      io.to(staffRoom).emit(event, ...args);
    },
    emitToAll(event, ...args) {
      io.emit(event, ...args);
    },
    emitToOrderFollowers(update) {
      io.to(orderRoom(update._id)).emit('order:updated', update);
    },
    setOrderFollowCheck(check) {
      mayFollow = check;
    },
    disconnect(target) {
      const room = 'userId' in target ? userRoom(target.userId) : sessionRoom(target.sessionId);
      io.in(room).disconnectSockets(true);
    },
  };
}
