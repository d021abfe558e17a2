import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branchStations } from '../../db/schema/branches';
import { stations } from '../../db/schema/menu';

export type StationRow = typeof stations.$inferSelect & { inUse: boolean };

// A station without a row for the branch is in use there.
const stationColumns = { ...getTableColumns(stations), inUse: sql<boolean>`coalesce(${branchStations.inUse}, true)` };

function stationsAt(db: Executor, branchId: string) {
  return db
    .select(stationColumns)
    .from(stations)
    .leftJoin(branchStations, and(eq(branchStations.stationId, stations.id), eq(branchStations.branchId, branchId)));
}

/** The chain's stations with whether the branch runs each, in the order every screen shows them. */
export function listStations(db: Executor, branchId: string): Promise<StationRow[]> {
  return stationsAt(db, branchId).orderBy(asc(stations.sortOrder), asc(sql`lower(${stations.name})`));
}

export async function findStation(db: Executor, branchId: string, id: string): Promise<StationRow | undefined> {
  const [row] = await stationsAt(db, branchId).where(eq(stations.id, id));
  return row;
}

export async function stationExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: stations.id }).from(stations).where(eq(stations.id, id));
  return rows.length > 0;
}

export async function setStationInUse(db: Executor, branchId: string, stationId: string, inUse: boolean) {
  await db
    .insert(branchStations)
    .values({ branchId, stationId, inUse })
    .onConflictDoUpdate({ target: [branchStations.branchId, branchStations.stationId], set: { inUse } });
}

export async function insertStation(db: Executor, values: typeof stations.$inferInsert): Promise<void> {
  await db.insert(stations).values(values);
}

export async function updateStation(db: Executor, id: string, changes: Partial<typeof stations.$inferInsert>) {
  const rows = await db
    .update(stations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(stations.id, id))
    .returning({ id: stations.id });
  return rows.length > 0;
}

export async function deleteStation(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(stations).where(eq(stations.id, id)).returning({ id: stations.id });
  return rows.length > 0;
}
