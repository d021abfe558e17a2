import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stations } from '../../db/schema/menu';

export type StationRow = typeof stations.$inferSelect;

/** In the order every screen shows them: the first takes the dishes routed nowhere. */
export function listStations(db: Executor): Promise<StationRow[]> {
  return db
    .select()
    .from(stations)
    .orderBy(asc(stations.sortOrder), asc(sql`lower(${stations.name})`));
}

export async function findStation(db: Executor, id: string): Promise<StationRow | undefined> {
  const [row] = await db.select().from(stations).where(eq(stations.id, id));
  return row;
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
