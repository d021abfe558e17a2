import type { CreatePrinterBody, Printer, UpdatePrinterBody } from '@quan/contract/printers';
import type { Database, Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { stationExists } from '../stations/service';
import { toPrinter } from './printer-view';
import * as repo from './repository';

export const missingPrinter = () =>
  notFound('That printer does not exist (it may have been deleted)').because('PRINTER_NOT_FOUND');
const nameTaken = (name: string) =>
  conflict(`A printer named "${name}" already exists in this branch`).because('PRINTER_NAME_TAKEN', { name });

/** The branch's printers: what each prints, where its jobs go when it is off. */
export function createPrinterSettings(db: Database, transact: Transact) {
  async function checkStations(executor: Executor, stationIds: readonly string[]) {
    for (const [index, stationId] of stationIds.entries()) {
      if (!(await stationExists(executor, stationId))) {
        throw badRequest('That station does not exist (it may have been deleted)', [
          { path: `stationIds.${index}`, message: 'Unknown station' },
        ]).because('STATION_VANISHED');
      }
    }
  }

  /** A fallback is another printer of the branch, and following fallbacks never comes back to this one. */
  async function checkFallback(executor: Executor, branchId: string, printerId: string, fallbackId: string | null) {
    const seen = new Set([printerId]);
    for (let next = fallbackId; next !== null;) {
      if (seen.has(next)) {
        throw badRequest('A printer cannot fall back on itself, even through another printer', [
          { path: 'fallbackPrinterId', message: 'Choose another printer' },
        ]).because('PRINTER_FALLBACK_LOOP');
      }
      seen.add(next);
      const fallback = await repo.findPrinter(executor, branchId, next);
      if (!fallback) {
        throw badRequest('The fallback printer does not exist in this branch', [
          { path: 'fallbackPrinterId', message: 'Unknown printer' },
        ]).because('PRINTER_NOT_FOUND');
      }
      next = fallback.fallbackPrinterId;
    }
  }

  async function checkBridge(executor: Executor, branchId: string, bridgeId: string | null) {
    if (bridgeId === null) return;
    const bridge = await repo.findBridge(executor, branchId, bridgeId);
    if (!bridge || bridge.revokedAt) {
      throw badRequest('That print bridge does not exist in this branch or was revoked', [
        { path: 'bridgeId', message: 'Choose a bridge of this branch' },
      ]).because('PRINT_BRIDGE_NOT_FOUND');
    }
  }

  function checkMode(mode: string, codepage: string | null) {
    if (mode === 'text' && codepage === null) {
      throw badRequest('Text printing needs the printer’s code page', [
        { path: 'codepage', message: 'Choose TCVN-3, VISCII or Windows-1258' },
      ]).because('PRINTER_CODEPAGE_MISSING');
    }
  }

  async function view(executor: Executor, branchId: string, id: string): Promise<Printer> {
    const row = await repo.findPrinter(executor, branchId, id);
    if (!row) throw missingPrinter();
    return toPrinter(row, (await repo.countQueued(executor, branchId)).get(id) ?? 0);
  }

  return {
    async list(branchId: string): Promise<Printer[]> {
      const [rows, queued] = await Promise.all([repo.listPrinters(db, branchId), repo.countQueued(db, branchId)]);
      return rows.map((row) => toPrinter(row, queued.get(row.id) ?? 0));
    },

    get: (branchId: string, id: string) => view(db, branchId, id),

    async create(branchId: string, { stationIds, ...fields }: CreatePrinterBody): Promise<Printer> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          checkMode(fields.mode, fields.codepage);
          await checkStations(tx, stationIds);
          await checkFallback(tx, branchId, id, fields.fallbackPrinterId);
          await checkBridge(tx, branchId, fields.bridgeId);
          await repo.insertPrinter(tx, { id, branchId, ...fields });
          await repo.setPrinterStations(tx, id, stationIds);
          record({ type: 'printers.changed', branchId });
          return view(tx, branchId, id);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'printers_branch_name_unique')) throw nameTaken(fields.name);
        throw error;
      }
    },

    async update(branchId: string, id: string, { stationIds, ...fields }: UpdatePrinterBody): Promise<Printer> {
      try {
        return await transact(async (tx, record) => {
          const current = await repo.findPrinter(tx, branchId, id);
          if (!current) throw missingPrinter();
          checkMode(fields.mode ?? current.mode, fields.codepage === undefined ? current.codepage : fields.codepage);
          if (stationIds) await checkStations(tx, stationIds);
          if (fields.fallbackPrinterId !== undefined) {
            await checkFallback(tx, branchId, id, fields.fallbackPrinterId);
          }
          if (fields.bridgeId !== undefined) await checkBridge(tx, branchId, fields.bridgeId);
          await repo.updatePrinter(tx, branchId, id, fields);
          if (stationIds) await repo.setPrinterStations(tx, id, stationIds);
          record({ type: 'printers.changed', branchId });
          return view(tx, branchId, id);
        });
      } catch (error) {
        if (fields.name && isUniqueViolation(error, 'printers_branch_name_unique')) throw nameTaken(fields.name);
        throw error;
      }
    },

    /** Its own waiting jobs go with it; those that fell back on it go back to the printer they were meant for. */
    async remove(branchId: string, id: string): Promise<void> {
      await transact(async (tx, record) => {
        if (!(await repo.findPrinter(tx, branchId, id))) throw missingPrinter();
        await repo.returnRedirectedJobs(tx, id);
        await repo.deletePrinter(tx, branchId, id);
        record({ type: 'printers.changed', branchId });
      });
    },
  };
}

export type PrinterSettings = ReturnType<typeof createPrinterSettings>;
