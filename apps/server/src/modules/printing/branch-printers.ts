import type { Database, Executor } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import * as repo from './repository';

/** At most this many branches' printers are kept in memory. */
const MAX_BRANCHES = 256;

export type BranchPrinters = repo.PrinterWithStations[];

/**
 * Each branch's printers, kept in memory until they change: every round sent to a kitchen asks which printer
 * takes each station's lines, and a restaurant without printers must not pay a query for the answer.
 */
export function createBranchPrinters(db: Database, bus: Pick<EventBus, 'on'>) {
  const cache = createEventCache<string, BranchPrinters>({
    bus,
    staleOn: {
      'printers.changed':
        ({ branchId }) =>
        (key) =>
          key === branchId,
    },
    maxEntries: MAX_BRANCHES,
    load: (branchId) => repo.listPrinters(db, branchId),
  });
  return {
    /**
     * Inside a caller's transaction: from memory, or read through the transaction (PGlite's one connection is
     * that transaction's until it ends) while the cache loads for the next caller once it has.
     */
    async inTransaction(tx: Executor, branchId: string): Promise<BranchPrinters> {
      const known = cache.peek(branchId);
      if (known) return known;
      void cache.get(branchId).catch(() => undefined);
      return repo.listPrinters(tx, branchId);
    },
  };
}

export type BranchPrintersCache = ReturnType<typeof createBranchPrinters>;
