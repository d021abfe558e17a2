import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PrintJobError } from '@quan/contract/printers';
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

/** Queues jobs and counts them; one whose cause is queued already (a retried request) is skipped. */
export async function insertJobs(db: Executor, jobs: (typeof printJobs.$inferInsert)[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const inserted = await db
    .insert(printJobs)
    .values(jobs)
    .onConflictDoNothing({ target: printJobs.causeKey })
    .returning({ id: printJobs.id });
  return inserted.length;
}

/** Whether a round's ticket for a station was queued by itself when the round reached the kitchen. */
export async function hasRoundTicket(
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
        eq(printJobs.roundNo, ticket.roundNo),
        eq(printJobs.stationId, ticket.stationId),
        eq(printJobs.kind, 'kitchen_ticket'),
        sql`${printJobs.causeKey} like 'round:%'`,
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
 * Takes one printer whose oldest queued job is due and that no one is sending, for `leaseSeconds`, in the name of
 * `holder` (an instance's worker for the printers it reaches itself, or a print bridge for its own): the holder
 * of a printer's lease is the only one sending its jobs, in order.
 */
export async function leaseDuePrinter(
  db: Executor,
  lease: { holder: string; seconds: number; bridgeId: string | null },
): Promise<PrinterRow | undefined> {
  const reachedBy = lease.bridgeId === null ? sql`p.bridge_id is null` : sql`p.bridge_id = ${lease.bridgeId}`;
  const result = (await db.execute(sql`
    update ${printers}
    set lease_holder = ${lease.holder}, lease_until = now() + make_interval(secs => ${lease.seconds})
    where id = (
      select p.id from ${printers} p
      where ${reachedBy}
        and (p.lease_until is null or p.lease_until < now())
        and (
          select j.next_attempt_at from ${printJobs} j
          where j.printer_id = p.id and j.status = 'queued'
          order by j.seq
          limit 1
        ) <= now()
      order by p.lease_until nulls first
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  return id ? findPrinterById(db, id) : undefined;
}

/**
 * Extends a lease its holder still has, before each job: a holder whose lease lapsed and was taken (it was slower
 * than the lease) gets nothing back and stops, so no job goes out twice. Answers the printer as it stands now.
 */
export async function renewLease(
  db: Executor,
  printerId: string,
  lease: { holder: string; seconds: number },
): Promise<PrinterRow | undefined> {
  const [row] = await db
    .update(printers)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${lease.seconds})` })
    .where(and(eq(printers.id, printerId), eq(printers.leaseHolder, lease.holder)))
    .returning();
  return row;
}

export async function releasePrinter(db: Executor, printerId: string, holder: string): Promise<void> {
  await db
    .update(printers)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(printers.id, printerId), eq(printers.leaseHolder, holder)));
}

/** Whether any job waits anywhere: the workers then look for due ones often. */
export async function anyQueued(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: printJobs.id }).from(printJobs).where(eq(printJobs.status, 'queued')).limit(1);
  return row !== undefined;
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

/** Tries that end like this may have put part of the job on paper: ESC/POS says nothing back. */
const cutOff = sql`('in_flight', 'timeout', 'reset')`;

/**
 * Marks a job as on its way before its bytes leave, and answers its attempt number. From here a crash may have
 * printed part of it; a try before that was cut off makes this one a reprint.
 */
export async function markSending(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(printJobs)
    .set({
      attempts: sql`${printJobs.attempts} + 1`,
      mayHavePrinted: sql`${printJobs.mayHavePrinted} or coalesce(${printJobs.lastError} in ${cutOff}, false)`,
      lastError: 'in_flight',
    })
    .where(eq(printJobs.id, id))
    .returning({ attempts: printJobs.attempts });
  return row?.attempts ?? 0;
}

/** Back to how it was before `markSending`: its sender never sent it (a bridge that hung up meanwhile). */
export async function unmarkSending(db: Executor, job: PrintJobRow): Promise<void> {
  await db
    .update(printJobs)
    .set({ attempts: job.attempts, mayHavePrinted: job.mayHavePrinted, lastError: job.lastError })
    .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts + 1)));
}

/** Printed, if `attempt` is still the job's latest try (a late answer about an earlier try changes nothing). */
export async function markPrinted(db: Executor, id: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ status: 'printed', printedAt: sql`now()`, lastError: null })
    .where(and(eq(printJobs.id, id), eq(printJobs.status, 'queued'), eq(printJobs.attempts, attempt)))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/**
 * Not printed: its next try is pushed back. `attempt` is the try that failed, or null when the printer said
 * it was not ready and nothing was sent (that counts as a try for the back-off).
 */
export async function markFailed(
  db: Executor,
  id: string,
  failure: { error: PrintJobError; attempt: number | null; retryInMs: number },
): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({
      lastError: failure.error,
      mayHavePrinted: sql`${printJobs.mayHavePrinted} or ${failure.error} in ${cutOff}`,
      attempts: failure.attempt === null ? sql`${printJobs.attempts} + 1` : printJobs.attempts,
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
    })
    .where(
      and(
        eq(printJobs.id, id),
        eq(printJobs.status, 'queued'),
        failure.attempt === null ? undefined : eq(printJobs.attempts, failure.attempt),
      ),
    )
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/** Whether the printer prints: it failing since when (kept from its first failure), or cleared. */
export async function markPrinting(db: Executor, printerId: string, printing: boolean): Promise<void> {
  await db
    .update(printers)
    .set(
      printing
        ? { failingSince: null, status: 'online', statusAt: sql`now()` }
        : { failingSince: sql`coalesce(${printers.failingSince}, now())` },
    )
    .where(eq(printers.id, printerId));
}

/**
 * Once a printer has failed for its fallback time, its queued jobs go to its fallback, except a test page (meant
 * for this printer) and a drawer's pulse (meant for this counter's drawer).
 */
export async function redirectToFallback(db: Executor, printerId: string): Promise<void> {
  await db.execute(sql`
    update ${printJobs} j
    set printer_id = p.fallback_printer_id, redirected_from_id = p.id, next_attempt_at = now()
    from ${printers} p
    where p.id = ${printerId}
      and j.printer_id = p.id
      and j.status = 'queued'
      and j.kind not in ('test_page', 'drawer')
      and p.fallback_printer_id is not null
      and p.failing_since < now() - make_interval(secs => p.fallback_after_seconds)`);
}

/** Jobs that fell back on a printer go back to the printer they were meant for (before it is deleted). */
export async function returnRedirectedJobs(db: Executor, printerId: string): Promise<void> {
  await db
    .update(printJobs)
    .set({ printerId: sql`${printJobs.redirectedFromId}`, redirectedFromId: null })
    .where(
      and(
        eq(printJobs.printerId, printerId),
        eq(printJobs.status, 'queued'),
        sql`${printJobs.redirectedFromId} is not null`,
      ),
    );
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

/** Its printers no longer go through it. */
export async function detachBridge(db: Executor, bridgeId: string): Promise<void> {
  await db.update(printers).set({ bridgeId: null }).where(eq(printers.bridgeId, bridgeId));
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
