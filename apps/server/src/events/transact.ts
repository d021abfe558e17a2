import type { DomainEvent } from '@quan/contract/events';
import type { Database, Executor } from '../db/client';
import { pgErrorCode } from '../lib/pg-error';
import type { EventBus } from './bus';

/** Records an event of the transaction under way; it is delivered only if that transaction commits. */
export type RecordEvent = (event: DomainEvent) => void;

/** Runs `work` in one database transaction and publishes the events it recorded once it has committed. */
export type Transact = <T>(work: (tx: Executor, record: RecordEvent) => Promise<T>) => Promise<T>;

/** How many times a transaction that PostgreSQL chose as a deadlock victim is run again. */
const DEADLOCK_RETRIES = 2;
/** PostgreSQL's deadlock_detected: the transaction was rolled back and may simply be run again. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Ingredient rows are locked in id order within one stock move, but a transaction that moves the stock of
 * several rounds (accepting two, voiding across rounds) takes them in several sets; two such transactions
 * can deadlock. PostgreSQL then rolls one back, and it runs again from the start, its events recorded anew.
 */
export function createTransact(db: Database, bus: Pick<EventBus, 'publish'>): Transact {
  return async (work) => {
    for (let attempt = 0; ; attempt++) {
      const recorded: DomainEvent[] = [];
      const record: RecordEvent = (event) => {
        // An event that carries nothing but its type says it once per transaction ("the menu changed").
        const bare = Object.keys(event).length === 1;
        if (!bare || !recorded.some((earlier) => earlier.type === event.type)) recorded.push(event);
      };
      try {
        const result = await db.transaction((tx) => work(tx, record));
        bus.publish(recorded);
        return result;
      } catch (error) {
        if (attempt >= DEADLOCK_RETRIES || pgErrorCode(error) !== DEADLOCK_DETECTED) throw error;
      }
    }
  };
}
