import type { DomainEvent } from '@quan/contract/events';
import type { Database, Executor } from '../db/client';
import type { EventBus } from './bus';

/** Records an event of the transaction under way; it is delivered only if that transaction commits. */
export type RecordEvent = (event: DomainEvent) => void;

/** Runs `work` in one database transaction and publishes the events it recorded once it has committed. */
export type Transact = <T>(work: (tx: Executor, record: RecordEvent) => Promise<T>) => Promise<T>;

export function createTransact(db: Database, bus: Pick<EventBus, 'publish'>): Transact {
  return async (work) => {
    const recorded: DomainEvent[] = [];
    const record: RecordEvent = (event) => {
      // An event that carries nothing but its type says it once per transaction ("the menu changed").
      const bare = Object.keys(event).length === 1;
      if (!bare || !recorded.some((earlier) => earlier.type === event.type)) recorded.push(event);
    };
    const result = await db.transaction((tx) => work(tx, record));
    bus.publish(recorded);
    return result;
  };
}
