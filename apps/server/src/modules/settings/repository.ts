import type { Language } from '@quan/contract/language';
import type { Settings, UpdateSettingsBody } from '@quan/contract/settings';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { einvoiceSettings } from '../../db/schema/einvoices';
import { restaurantSettings } from '../../db/schema/settings';

/** The settings of the whole chain, on its single row. */
export const chainKeys = [
  'restaurantName',
  'taxRate',
  'serviceVatRate',
  'currency',
  'loyalty',
  'pricesIncludeTax',
  'cashRounding',
  'publicAddress',
] as const;
/** The settings each branch decides for itself, on its row of `branches`. */
export const branchKeys = ['timezone', 'bank', 'serviceCharge', 'language', 'reservations'] as const;

type ChainSettings = Pick<Settings, (typeof chainKeys)[number]>;
type BranchSettings = Pick<Settings, (typeof branchKeys)[number] | 'einvoicing'>;

const chainColumns = {
  restaurantName: restaurantSettings.restaurantName,
  taxRate: restaurantSettings.taxRate,
  serviceVatRate: restaurantSettings.serviceVatRate,
  currency: restaurantSettings.currency,
  loyalty: restaurantSettings.loyalty,
  pricesIncludeTax: restaurantSettings.pricesIncludeTax,
  cashRounding: restaurantSettings.cashRounding,
  publicAddress: restaurantSettings.publicAddress,
};

const branchColumns = {
  timezone: branches.timezone,
  bank: branches.bank,
  serviceCharge: branches.serviceCharge,
  language: branches.language,
  reservations: branches.reservations,
  // Saved on the e-invoice screen, which says `settings.changed`; read here so that every screen knows.
  einvoicing: sql<boolean>`coalesce((select ${einvoiceSettings.enabled} from ${einvoiceSettings} where ${einvoiceSettings.branchId} = ${branches.id}), false)`,
};

/** Another branch whose guests transfer to this account number, if one does. */
export async function branchWithAccount(
  db: Executor,
  accountNumber: string,
  exceptBranchId: string,
): Promise<{ name: string } | undefined> {
  const [row] = await db
    .select({ name: branches.name })
    .from(branches)
    .where(and(sql`${branches.bank} ->> 'accountNumber' = ${accountNumber}`, ne(branches.id, exceptBranchId)));
  return row;
}

/** The chain's row; undefined until the restaurant first saves its settings. */
export async function findChainSettings(db: Executor): Promise<ChainSettings | undefined> {
  const [row] = await db.select(chainColumns).from(restaurantSettings).where(eq(restaurantSettings.id, 1));
  return row;
}

export async function findBranchSettings(db: Executor, branchId: string): Promise<BranchSettings | undefined> {
  const [row] = await db.select(branchColumns).from(branches).where(eq(branches.id, branchId));
  return row;
}

function pick<K extends keyof UpdateSettingsBody>(changes: UpdateSettingsBody, keys: readonly K[]) {
  return Object.fromEntries(keys.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]])) as Pick<
    UpdateSettingsBody,
    K
  >;
}

/**
 * Saves the chain's part of the changes on its row (created with the column defaults when missing) and
 * the branch's part on the branch. A restaurant saving for the first time keeps the language it was
 * showing (`initialLanguage`) unless the changes name one.
 */
export async function saveSettings(
  db: Executor,
  branchId: string,
  changes: UpdateSettingsBody,
  initialLanguage: Language,
): Promise<void> {
  const chain = pick(changes, chainKeys);
  const [created] = await db
    .insert(restaurantSettings)
    .values({ id: 1, ...chain })
    .onConflictDoNothing()
    .returning({ id: restaurantSettings.id });
  if (!created && Object.keys(chain).length > 0) {
    await db
      .update(restaurantSettings)
      .set({ ...chain, updatedAt: sql`now()` })
      .where(eq(restaurantSettings.id, 1));
  }
  // Every branch kept showing that language until now; the column's default would otherwise take over.
  if (created) await db.update(branches).set({ language: initialLanguage });
  const branch = pick(changes, branchKeys);
  if (Object.keys(branch).length > 0) {
    await db
      .update(branches)
      .set({ ...branch, updatedAt: sql`now()` })
      .where(eq(branches.id, branchId));
  }
}
