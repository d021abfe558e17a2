import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoiceSettings } from '../../db/schema/einvoices';

export type EinvoiceSettingsRow = typeof einvoiceSettings.$inferSelect;

/** The branch's account at its e-invoice provider, password included, or null before the first save. */
export async function loadEinvoiceSettings(executor: Executor, branchId: string): Promise<EinvoiceSettingsRow | null> {
  const [row] = await executor.select().from(einvoiceSettings).where(eq(einvoiceSettings.branchId, branchId));
  return row ?? null;
}

/** Locks the branch's row for a save that keeps part of it (the password left out). */
export async function lockEinvoiceSettings(executor: Executor, branchId: string): Promise<EinvoiceSettingsRow | null> {
  const [row] = await executor
    .select()
    .from(einvoiceSettings)
    .where(eq(einvoiceSettings.branchId, branchId))
    .for('update');
  return row ?? null;
}

/** One row per branch: the first save inserts it, every later one replaces it whole. */
export async function saveEinvoiceSettingsRow(
  executor: Executor,
  row: Omit<EinvoiceSettingsRow, 'updatedAt'>,
): Promise<EinvoiceSettingsRow> {
  const { branchId: _key, ...fields } = row;
  const [saved] = await executor
    .insert(einvoiceSettings)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: einvoiceSettings.branchId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return saved!;
}
