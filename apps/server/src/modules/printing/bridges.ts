import { createHash, randomBytes } from 'node:crypto';
import type { CreatedPrintBridge, CreatePrintBridgeBody, PrintBridge } from '@quan/contract/printers';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';

/** A key is 32 random bytes; the database keeps only its SHA-256. */
export const hashBridgeKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toBridge = (row: repo.PrintBridgeRow): PrintBridge => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The branch's print bridges: made with a key shown once, revoked for good. */
export function createBridgeSettings(db: Database, transact: Transact) {
  return {
    list: async (branchId: string): Promise<PrintBridge[]> => (await repo.listBridges(db, branchId)).map(toBridge),

    async create(branchId: string, body: CreatePrintBridgeBody): Promise<CreatedPrintBridge> {
      const id = newId();
      const key = `qpb_${randomBytes(32).toString('base64url')}`;
      return transact(async (tx, record) => {
        await repo.insertBridge(tx, { id, branchId, name: body.name, keyHash: hashBridgeKey(key) });
        record({ type: 'printers.changed', branchId });
        return { ...toBridge((await repo.findBridge(tx, branchId, id))!), key };
      });
    },

    /**
     * Its key stops working at once. Its printers are this server's to reach again (on the restaurant's network
     * they print; elsewhere their jobs wait, shown as not printed) until another bridge is chosen for them.
     */
    async revoke(branchId: string, id: string): Promise<PrintBridge> {
      return transact(async (tx, record) => {
        if (!(await repo.revokeBridge(tx, branchId, id))) {
          throw notFound('That print bridge does not exist').because('PRINT_BRIDGE_NOT_FOUND');
        }
        await repo.detachBridge(tx, id);
        record({ type: 'printers.changed', branchId });
        return toBridge((await repo.findBridge(tx, branchId, id))!);
      });
    },
  };
}
