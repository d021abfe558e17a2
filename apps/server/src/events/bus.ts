import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventOf, DomainEventType } from '@quan/contract/events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Listener<T extends DomainEventType> = (event: DomainEventOf<T>) => void | Promise<void>;

/**
 * The one path of committed events. `publish` hands them to this instance's listeners at once and, with
 * Redis, to every other instance's listeners through one pub/sub channel; each instance's listeners act on
 * what is local to it (its sockets, its cache). A listener that throws is logged: the write it reports has
 * committed already, so nothing may turn it into an error.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): void;
  on<T extends DomainEventType>(type: T, listener: Listener<T>): void;
  /**
   * Wraps the delivery of each batch of events (one transaction's, here or from another instance): `around`
   * gets the delivery to run, synchronously, and may do something just before and after it (the sockets
   * write a transaction's events in one go). The batch is delivered once whatever `around` does.
   */
  aroundDelivery(around: (deliver: () => void) => void): void;
  close(): Promise<void>;
}

/** What goes over Redis: the events of one transaction and the instance that committed it. */
interface Envelope {
  origin: string;
  events: DomainEvent[];
}

export async function createEventBus(options: {
  redis?: { url: string; keyPrefix: string };
  log: FastifyBaseLogger;
}): Promise<EventBus> {
  const { log } = options;
  const listeners = new Map<DomainEventType, Listener<DomainEventType>[]>();
  const instanceId = randomUUID();

  function deliver(event: DomainEvent): void {
    for (const listener of listeners.get(event.type) ?? []) {
      try {
        const result = listener(event as never);
        if (result)
          result.catch((error: unknown) => log.error({ err: error, event: event.type }, 'event listener failed'));
      } catch (error) {
        log.error({ err: error, event: event.type }, 'event listener failed');
      }
    }
  }

  const arounds: ((deliver: () => void) => void)[] = [];
  function deliverBatch(events: readonly DomainEvent[]): void {
    const wrapped = arounds.reduce<() => void>(
      (inner, around) => {
        // Delivered once, even by a wrapper that calls it twice, or throws or returns without calling it.
        let ran = false;
        const once = () => {
          if (ran) return;
          ran = true;
          inner();
        };
        return () => {
          try {
            around(once);
          } catch (error) {
            log.error({ err: error }, 'an event delivery wrapper failed');
          }
          once();
        };
      },
      () => events.forEach(deliver),
    );
    wrapped();
  }

  let send: (events: readonly DomainEvent[]) => void = () => {};
  let close = async () => {};
  if (options.redis) {
    const channel = `${options.redis.keyPrefix}events`;
    const publisher = new Redis(options.redis.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const subscriber = publisher.duplicate();
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
    // How this instance's own envelopes begin (`send` writes `origin` first): they come back through the
    // channel too, and are dropped without parsing orders and tables it has delivered already.
    const ownEnvelope = `{"origin":${JSON.stringify(instanceId)},`;
    subscriber.on('message', (_channel: string, message: string) => {
      if (message.startsWith(ownEnvelope)) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(message) as Envelope;
      } catch (error) {
        return log.error({ err: error }, 'an event message from Redis is not JSON');
      }
      // This instance delivered its own events when it published them.
      if (envelope.origin !== instanceId) deliverBatch(envelope.events);
    });
    send = (events) => {
      const envelope: Envelope = { origin: instanceId, events: [...events] };
      publisher
        .publish(channel, JSON.stringify(envelope))
        .catch((error: unknown) => log.error({ err: error }, 'events could not reach the other instances'));
    };
    close = async () => {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    };
  }

  return {
    publish(events) {
      if (events.length === 0) return;
      deliverBatch(events);
      try {
        send(events);
      } catch (error) {
        log.error({ err: error }, 'events could not reach the other instances');
      }
    },
    on(type, listener) {
      const list = listeners.get(type) ?? [];
      list.push(listener as Listener<DomainEventType>);
      listeners.set(type, list);
    },
    aroundDelivery(around) {
      arounds.push(around);
    },
    close: () => close(),
  };
}
