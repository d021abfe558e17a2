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
  /** Emits to the signed-in staff of one branch connected to this instance. */
  emitToStaff<E extends keyof ServerToClientEvents>(
    branchId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
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
 * socket.io on Fastify's own HTTP server. Staff connect with their token and join their branch's staff room
 * (so a kitchen of one branch never hears another's orders); anyone may
 * connect without one (the diner pages follow their order that way). The sockets hear the committed
 * domain events of the event bus, which brings every instance's events to every instance: each one
 * emits to its own connections only.
 */
export function createRealtime(
  app: FastifyInstance,
  bus: Pick<EventBus, 'on' | 'aroundDelivery'>,
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
      await socket.join([staffRoom(user.branchId), userRoom(user.id), sessionRoom(user.sessionId)]);
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

  // One transaction's events reach each socket in one write. engine.io lets a WebSocket have one write in
  // flight: after a packet it holds the next ones until the write's callback, which Node runs on the next
  // tick, and a tick only comes once the microtasks queued meanwhile have all run. The events are emitted
  // from the commit's continuation, a microtask, and on a busy instance (PGlite runs its statements in this
  // thread, one transaction's continuation after another's) that queue can take tens of milliseconds: an
  // order recorded after its table's change waited for all of it. So while a batch is delivered, the
  // WebSocket transports it writes to are held (not writable, so engine.io buffers their packets), then
  // released at once (`ready`, the transport's own signal to flush), which sends each socket's packets
  // together, in order. A transport with a write in flight, or still on long-polling, is left as it is.
  type Transport = RealtimeSocket['conn']['transport'];
  let held: Transport[] | null = null;
  bus.aroundDelivery((deliver) => {
    const holding: Transport[] = (held = []);
    try {
      deliver();
    } finally {
      held = null;
      for (const transport of holding) {
        transport.writable = true;
        try {
          transport.emit('ready');
        } catch (error) {
          // One connection's failed write is its own (engine.io closes it); the others are still released.
          app.log.warn({ err: error }, 'a socket could not be written to');
        }
      }
    }
  });
  const hold = (sockets: Iterable<string> | undefined) => {
    if (!held || !sockets) return;
    for (const id of sockets) {
      const transport = io.sockets.sockets.get(id)?.conn.transport;
      if (transport?.name === 'websocket' && transport.writable) {
        transport.writable = false;
        held.push(transport);
      }
    }
  };
  const roomOf = (room: string) => io.sockets.adapter.rooms.get(room);

  const realtime: Realtime = {
    io,
    emitToStaff(branchId, event, ...args) {
      hold(roomOf(staffRoom(branchId)));
      io.local.to(staffRoom(branchId)).emit(event, ...args);
    },
    emitToAll(event, ...args) {
      hold(io.sockets.sockets.keys());
      io.local.emit(event, ...args);
    },
    emitToOrderFollowers(update) {
      hold(roomOf(orderRoom(update._id)));
      io.local.to(orderRoom(update._id)).emit('order:updated', update);
    },
    setOrderFollowCheck(check) {
      mayFollow = check;
    },
  };

  // What each committed event means for the screens connected here. The phones following an order hear
  // its status and rounds, never the staff's view of it.
  //
  // Most orders have no follower here (a staff order never has one), and socket.io encodes a broadcast even
  // for an empty room; this runs in the same turn as the staff emit, so that work would hold the event loop
  // the staff sockets are written and read on. The room's membership is this instance's own (`io.local`).
  const tellFollowers = (order: Order) => {
    if (!roomOf(orderRoom(order._id))) return;
    realtime.emitToOrderFollowers({
      _id: order._id,
      orderNo: order.orderNo,
      status: order.status,
      rounds: order.rounds.map(({ sentBy: _sentBy, ...round }) => round),
    });
  };
  bus.on('order.placed', ({ branchId, order }) => realtime.emitToStaff(branchId, 'order:created', order));
  bus.on('order.round-added', ({ branchId, order, roundNo }) => {
    realtime.emitToStaff(branchId, 'order:round-added', { order, roundNo });
    tellFollowers(order);
  });
  bus.on('order.updated', ({ branchId, order }) => {
    realtime.emitToStaff(branchId, 'order:updated', order);
    tellFollowers(order);
  });
  bus.on('order.status-changed', ({ branchId, order }) => {
    realtime.emitToStaff(branchId, 'order:updated', order);
    tellFollowers(order);
  });
  bus.on('table.changed', ({ branchId, table }) => realtime.emitToStaff(branchId, 'table:updated', table));
  bus.on('table.deleted', ({ branchId, tableId, tableNo }) =>
    realtime.emitToStaff(branchId, 'table:deleted', { _id: tableId, tableNo }),
  );
  bus.on('reservation.changed', ({ branchId, reservation }) =>
    realtime.emitToStaff(branchId, 'reservation:updated', reservation),
  );
  bus.on('stock.low', ({ branchId, ingredient }) => realtime.emitToStaff(branchId, 'ingredient:low-stock', ingredient));
  bus.on('menu.changed', () => realtime.emitToAll('menu:updated', {}));
  bus.on('print.queue-changed', ({ branchId }) => realtime.emitToStaff(branchId, 'print:queue-changed', {}));
  bus.on('einvoice.changed', ({ branchId, orderId }) =>
    realtime.emitToStaff(branchId, 'einvoice:changed', { orderId }),
  );
  bus.on('session.branch-switched', ({ sessionId, from, to }) => {
    io.local.in(sessionRoom(sessionId)).socketsLeave(staffRoom(from));
    io.local.in(sessionRoom(sessionId)).socketsJoin(staffRoom(to));
  });
  // A person's branches or role changed: their connections here close their transport and reconnect by
  // themselves, so each joins again the room of the branch it may hear now (or is refused, BRANCH_LEFT).
  bus.on('account.changed', ({ userId }) => {
    for (const id of [...(roomOf(userRoom(userId)) ?? [])]) io.sockets.sockets.get(id)?.conn.close();
  });
  bus.on('sessions.ended', (ended) => {
    const room = 'userId' in ended ? userRoom(ended.userId) : sessionRoom(ended.sessionId);
    io.local.in(room).disconnectSockets(true);
  });

  return realtime;
}
