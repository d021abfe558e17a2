import { and, asc, count, eq, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { printBridges, printerStations, printers, printJobs } from '../../db/schema/printing';

export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;
export type PrinterWithStations = PrinterRow & { stationIds: string[] };
export type PrintBridgeRow = typeof printBridges.$inferSelect;

async function withStations(db: Executor, rows: PrinterRow[]): Promise<PrinterWithStations[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(printerStations)
    .where(
      inArray(
        printerStations.printerId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    stationIds: links.filter((link) => link.printerId === row.id).map((link) => link.stationId),
  }));
}

export async function listPrinters(db: Executor, branchId: string): Promise<PrinterWithStations[]> {
  const rows = await db
    .select()
    .from(printers)
    .where(eq(printers.branchId, branchId))
    .orderBy(asc(sql`lower(${printers.name})`));
  return withStations(db, rows);
}

export async function findPrinter(
  db: Executor,
  branchId: string,
  id: string,
): Promise<PrinterWithStations | undefined> {
  const rows = await db
    .select()
    .from(printers)
    .where(and(eq(printers.branchId, branchId), eq(printers.id, id)));
  return (await withStations(db, rows))[0];
}

/** Jobs waiting for each printer of the branch. */
export async function countQueued(db: Executor, branchId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ printerId: printJobs.printerId, queued: count() })
    .from(printJobs)
    .where(and(eq(printJobs.branchId, branchId), eq(printJobs.status, 'queued')))
    .groupBy(printJobs.printerId);
  return new Map(rows.map((row) => [row.printerId, row.queued]));
}

export async function insertPrinter(db: Executor, values: typeof printers.$inferInsert): Promise<void> {
  await db.insert(printers).values(values);
}

export async function updatePrinter(
  db: Executor,
  branchId: string,
  id: string,
  changes: Partial<typeof printers.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(printers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(printers.branchId, branchId), eq(printers.id, id)))
    .returning({ id: printers.id });
  return rows.length > 0;
}

export async function setPrinterStations(db: Executor, printerId: string, stationIds: readonly string[]) {
  await db.delete(printerStations).where(eq(printerStations.printerId, printerId));
  if (stationIds.length > 0) {
    await db.insert(printerStations).values(stationIds.map((stationId) => ({ printerId, stationId })));
  }
}

export async function deletePrinter(db: Executor, branchId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(printers)
    .where(and(eq(printers.branchId, branchId), eq(printers.id, id)))
    .returning({ id: printers.id });
  return rows.length > 0;
}

export async function recordStatus(db: Executor, id: string, status: PrinterRow['status']): Promise<void> {
  await db
    .update(printers)
    .set({ status, statusAt: sql`now()` })
    .where(eq(printers.id, id));
}

/** Queues jobs; one whose cause is queued already (a retried request, an event heard twice) is skipped. */
export async function insertJobs(db: Executor, jobs: (typeof printJobs.$inferInsert)[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.insert(printJobs).values(jobs).onConflictDoNothing({ target: printJobs.causeKey });
}

/**
 * Whether a station's ticket of a round was queued by itself when the round reached the kitchen (its first
 * copy, whose cause is `round:<order>:<n>:<station>@<printer>`), rather than asked for again by hand.
 */
export async function hasFirstKitchenTicket(
  db: Executor,
  ticket: { branchId: string; orderId: string; roundNo: number; stationId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(
      and(
        eq(printJobs.branchId, ticket.branchId),
        eq(printJobs.orderId, ticket.orderId),
        like(printJobs.causeKey, `round:${ticket.orderId}:${ticket.roundNo}:${ticket.stationId}@%`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listQueuedJobs(db: Executor, branchId: string): Promise<PrintJobRow[]> {
  return db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.branchId, branchId), eq(printJobs.status, 'queued')))
    .orderBy(asc(printJobs.seq));
}

/**
 * Takes one printer whose jobs are due and no one is sending, for `leaseSeconds`: whoever holds a printer's lease
 * (an instance's worker for the printers it reaches itself, a print bridge for its own) is the only one sending
 * its jobs, in order.
 */
export async function leaseDuePrinter(
  db: Executor,
  leaseSeconds: number,
  sender: { bridgeId: string | null },
): Promise<PrinterRow | undefined> {
  const reachedBy = sender.bridgeId === null ? sql`p.bridge_id is null` : sql`p.bridge_id = ${sender.bridgeId}`;
  const result = (await db.execute(sql`
    update ${printers} set lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select p.id from ${printers} p
      where ${reachedBy}
        and (p.lease_until is null or p.lease_until < now())
        and exists (
          select 1 from ${printJobs} j
          where j.printer_id = p.id and j.status = 'queued' and j.next_attempt_at <= now()
        )
      order by p.lease_until nulls first
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  return row;
}

export async function releasePrinter(db: Executor, id: string): Promise<void> {
  await db.update(printers).set({ leaseUntil: null }).where(eq(printers.id, id));
}

/** The job a printer prints next: the oldest it has queued. */
export async function headOfQueue(db: Executor, printerId: string): Promise<PrintJobRow | undefined> {
  const [row] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), eq(printJobs.status, 'queued')))
    .orderBy(asc(printJobs.seq))
    .limit(1);
  return row;
}

export async function findJob(db: Executor, id: string): Promise<PrintJobRow | undefined> {
  const [row] = await db.select().from(printJobs).where(eq(printJobs.id, id));
  return row;
}

export async function findPrinterById(db: Executor, id: string): Promise<PrinterRow | undefined> {
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  return row;
}

/** Marks a job as on its way before its bytes leave: a crash from here on may have printed part of it. */
export async function markSending(db: Executor, id: string): Promise<void> {
  await db
    .update(printJobs)
    .set({ attempts: sql`${printJobs.attempts} + 1`, lastError: 'in_flight' })
    .where(eq(printJobs.id, id));
}

export async function markPrinted(db: Executor, id: string): Promise<void> {
  await db
    .update(printJobs)
    .set({ status: 'printed', printedAt: sql`now()`, lastError: null })
    .where(eq(printJobs.id, id));
}

export async function markFailed(db: Executor, id: string, error: string, retryInMs: number): Promise<void> {
  await db
    .update(printJobs)
    .set({ lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` })
    .where(eq(printJobs.id, id));
}

/** Sends the jobs that waited `afterSeconds` for a printer to its fallback. */
export async function redirectOldJobs(db: Executor, printer: PrinterRow, fallbackId: string): Promise<number> {
  const rows = await db
    .update(printJobs)
    .set({ printerId: fallbackId, redirectedFromId: printer.id, nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(printJobs.printerId, printer.id),
        eq(printJobs.status, 'queued'),
        lt(printJobs.createdAt, sql`now() - make_interval(secs => ${printer.fallbackAfterSeconds})`),
      ),
    )
    .returning({ id: printJobs.id });
  return rows.length;
}

export async function listBridges(db: Executor, branchId: string): Promise<PrintBridgeRow[]> {
  return db.select().from(printBridges).where(eq(printBridges.branchId, branchId)).orderBy(asc(printBridges.createdAt));
}

export async function findBridge(db: Executor, branchId: string, id: string): Promise<PrintBridgeRow | undefined> {
  const [row] = await db
    .select()
    .from(printBridges)
    .where(and(eq(printBridges.branchId, branchId), eq(printBridges.id, id)));
  return row;
}

export async function insertBridge(db: Executor, values: typeof printBridges.$inferInsert): Promise<void> {
  await db.insert(printBridges).values(values);
}

export async function revokeBridge(db: Executor, branchId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(printBridges)
    .set({ revokedAt: sql`coalesce(${printBridges.revokedAt}, now())` })
    .where(and(eq(printBridges.branchId, branchId), eq(printBridges.id, id)))
    .returning({ id: printBridges.id });
  return rows.length > 0;
}

/** The bridge a key opens, unless it was revoked; its last sighting moves to now. */
export async function bridgeOfKey(db: Executor, keyHash: string): Promise<PrintBridgeRow | undefined> {
  const [row] = await db
    .update(printBridges)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(printBridges.keyHash, keyHash), isNull(printBridges.revokedAt)))
    .returning();
  return row;
}
