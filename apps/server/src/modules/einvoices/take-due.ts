import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';

export type EinvoiceRow = typeof einvoices.$inferSelect;

/** Who holds a row while trying it, and for how long: another worker takes it over only once that has passed. */
export interface Lease {
  holder: string;
  seconds: number;
}

/**
 * What the queue has to do: a sale to issue (`waiting`) or to cancel (`cancelling`), and an adjustment to issue
 * once the sale it reduces is issued (a refund made before that waits for it).
 */
const due = sql`e.status in ('waiting', 'cancelling')
  and (e.kind = 'sale' or exists (
    select 1 from einvoices original where original.id = e.original_id and original.status = 'issued'))`;

/**
 * The invoice most overdue that no worker holds, now held by `lease`: one statement (UPDATE … RETURNING,
 * the row chosen with SKIP LOCKED), so two instances never take the same row, on PostgreSQL as on PGlite. A row
 * whose holder stopped without storing an outcome comes back once its lease has lapsed.
 */
export async function takeDueInvoice(db: Executor, lease: Lease): Promise<EinvoiceRow | undefined> {
  const result = (await db.execute(sql`
    update ${einvoices}
    set lease_holder = ${lease.holder}, lease_until = now() + make_interval(secs => ${lease.seconds})
    where id = (
      select e.id from ${einvoices} e
      where ${due}
        and e.next_attempt_at <= now()
        and (e.lease_until is null or e.lease_until < now())
      order by e.next_attempt_at, e.created_at
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(einvoices).where(eq(einvoices.id, id));
  return row;
}

/**
 * When the next invoice to issue or cancel comes due (now, for one already due), or null when none waits: how long
 * the worker may sleep before it looks again.
 */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const result = (await db.execute(sql`
    select min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) as "dueAt"
    from ${einvoices} e
    where ${due}`)) as unknown as { rows: { dueAt: string | Date | null }[] };
  const dueAt = result.rows[0]?.dueAt;
  return dueAt ? new Date(dueAt) : null;
}
