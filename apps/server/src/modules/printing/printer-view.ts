import type { Printer } from '@quan/contract/printers';
import type { PrinterWithStations } from './repository';

export function toPrinter(row: PrinterWithStations, queued: number): Printer {
  return {
    _id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    paperWidth: row.paperWidth,
    mode: row.mode,
    codepage: row.codepage,
    stationIds: row.stationIds,
    printsBills: row.printsBills,
    printsReceipts: row.printsReceipts,
    printsZReports: row.printsZReports,
    hasDrawer: row.hasDrawer,
    fallbackPrinterId: row.fallbackPrinterId,
    fallbackAfterSeconds: row.fallbackAfterSeconds,
    bridgeId: row.bridgeId,
    status: row.status,
    statusAt: row.statusAt?.toISOString() ?? null,
    queued,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
