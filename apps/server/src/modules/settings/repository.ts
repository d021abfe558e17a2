import type { Language } from '@quan/contract/language';
import type { Settings, UpdateSettingsBody } from '@quan/contract/settings';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restaurantSettings } from '../../db/schema/settings';

const columns = {
  restaurantName: restaurantSettings.restaurantName,
  taxRate: restaurantSettings.taxRate,
  timezone: restaurantSettings.timezone,
  currency: restaurantSettings.currency,
  loyalty: restaurantSettings.loyalty,
  bank: restaurantSettings.bank,
  serviceCharge: restaurantSettings.serviceCharge,
  language: restaurantSettings.language,
  reservations: restaurantSettings.reservations,
  pricesIncludeTax: restaurantSettings.pricesIncludeTax,
  cashRounding: restaurantSettings.cashRounding,
  publicAddress: restaurantSettings.publicAddress,
};

export async function findSettings(db: Executor): Promise<Settings | undefined> {
  const [row] = await db.select(columns).from(restaurantSettings).where(eq(restaurantSettings.id, 1));
  return row;
}

/**
 * Creates the single row with the column defaults (and the new restaurant's language) when it is missing,
 * then applies the changes.
 */
export async function upsertSettings(
  db: Executor,
  changes: UpdateSettingsBody,
  initialLanguage: Language,
): Promise<Settings> {
  const [row] = await db
    .insert(restaurantSettings)
    .values({ id: 1, language: initialLanguage, ...changes })
    .onConflictDoUpdate({ target: restaurantSettings.id, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error('upsert of restaurant_settings returned no row');
  return row;
}
