import type { Executor } from '../../db/client';
import { printers, printerStations } from '../../db/schema/printing';
import { newId } from '../../lib/ids';
import type { DemoPrinterAddress } from './options';

/**
 * The first branch's two 80 mm printers, drawing in raster as a new printer does: "Bếp" for the kitchen stations,
 * and "Quầy" at the counter for the bar, the bills, the receipts, the Z reports and the cash drawer.
 */
export async function writeDemoPrinters(
  db: Executor,
  {
    branchId,
    kitchenStationIds,
    barStationId,
    addresses,
    createdAt,
  }: {
    branchId: string;
    kitchenStationIds: string[];
    barStationId: string;
    addresses: { kitchen: DemoPrinterAddress; counter: DemoPrinterAddress };
    createdAt: Date;
  },
): Promise<void> {
  const printer = { branchId, paperWidth: 80 as const, mode: 'raster' as const, createdAt, updatedAt: createdAt };
  const kitchen = { ...printer, id: newId(), name: 'Bếp', host: addresses.kitchen.host, port: addresses.kitchen.port };
  const counter = {
    ...printer,
    id: newId(),
    name: 'Quầy',
    host: addresses.counter.host,
    port: addresses.counter.port,
    printsBills: true,
    printsReceipts: true,
    printsZReports: true,
    hasDrawer: true,
  };
  await db.insert(printers).values([kitchen, counter]);
  await db
    .insert(printerStations)
    .values([
      ...kitchenStationIds.map((stationId) => ({ printerId: kitchen.id, stationId })),
      { printerId: counter.id, stationId: barStationId },
    ]);
}
