import type { Order } from '@quan/contract/order';
import { trackOrderSchema, type OrderStatusUpdate } from '@quan/contract/public';
import {
  orderRoom,
  staffRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@quan/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { EventBus } from '../events/bus';
import type { AuthUser } from './auth';
import { ACCESS_COOKIE } from './auth';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Emits to the signed-in staff connected to this instance. */
  emitToStaff<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Emits to every connection of this instance, signed in or not (the public menu follows `menu:updated`). */
  emitToAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Tells the diners following an order (`track-order`) on this instance its new status. */
  emitToOrderFollowers(update: OrderStatusUpdate): void;
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
 * connect without one (the diner pages follow their order that way). The sockets hear the committed
 * domain events of the event bus, which brings every instance's events to every instance: each one
 * emits to its own connections only.
 */
export function createRealtime(
  app: FastifyInstance,
  bus: Pick<EventBus, 'on'>,
  authenticate: (token: string) => Promise<AuthUser>,
): Realtime {
  const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false });
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

  // Stopping (plugins/lifecycle.ts): close every connection's transport, which also keeps app.close() from
  // waiting on them. Not `disconnectSockets`: a client told "io server disconnect" stays disconnected, while
  // one whose transport closed reconnects by itself (socket.io-client's default, which the web app keeps),
  // through the balancer to an instance that is still serving.
  app.addHook('preClose', async () => {
    io.engine.close();
  });

  const realtime: Realtime = {
    io,
    emitToStaff(event, ...args) {
      io.local.to(staffRoom).emit(event, ...args);
    },
    emitToAll(event, ...args) {
      io.local.emit(event, ...args);
    },
    emitToOrderFollowers(update) {
      io.local.to(orderRoom(update._id)).emit('order:updated', update);
    },
    setOrderFollowCheck(check) {
      mayFollow = check;
    },
  };

  // What each committed event means for the screens connected here. The phones following an order hear
  // its status and rounds, never the staff's view of it.
  const tellFollowers = (order: Order) =>
    realtime.emitToOrderFollowers({
      _id: order._id,
      orderNo: order.orderNo,
      status: order.status,
      rounds: order.rounds.map(({ sentBy: _sentBy, ...round }) => round),
    });
  bus.on('order.placed', ({ order }) => realtime.emitToStaff('order:created', order));
  bus.on('order.round-added', ({ order, roundNo }) => {
    realtime.emitToStaff('order:round-added', { order, roundNo });
    tellFollowers(order);
  });
  bus.on('order.updated', ({ order }) => {
    realtime.emitToStaff('order:updated', order);
    tellFollowers(order);
  });
  bus.on('order.status-changed', ({ order }) => {
    realtime.emitToStaff('order:updated', order);
    tellFollowers(order);
  });
  bus.on('table.changed', ({ table }) => realtime.emitToStaff('table:updated', table));
  bus.on('reservation.changed', ({ reservation }) => realtime.emitToStaff('reservation:updated', reservation));
  bus.on('stock.low', ({ ingredient }) => realtime.emitToStaff('ingredient:low-stock', ingredient));
  bus.on('menu.changed', () => realtime.emitToAll('menu:updated', {}));
  bus.on('sessions.ended', (ended) => {
    const room = 'userId' in ended ? userRoom(ended.userId) : sessionRoom(ended.sessionId);
    io.local.in(room).disconnectSockets(true);
  });

  return realtime;
}
