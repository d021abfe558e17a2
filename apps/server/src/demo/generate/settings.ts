import type { BankAccount } from '@quan/contract/settings';
import type { Database } from '../../db/client';
import { restaurantSettings } from '../../db/schema/settings';

/**
 * A bank account for the demo's VietQR codes: Vietcombank's NAPAS BIN with a placeholder number, its holder
 * saying it is a demo, so a code scanned while trying the app never sends money to anyone.
 */
export const demoBankAccount: BankAccount = {
  bin: '970436',
  accountNumber: '1234567890',
  accountName: 'QUAN DEMO - KHONG CHUYEN TIEN',
};

/**
 * The settings the demo restaurant starts from: a new restaurant's (menu prices with VAT inside, cash rounded to
 * 1.000 ₫), the staff screens' language, and the demo's bank account so the bills show their VietQR code.
 */
export async function writeDemoSettings(db: Database, language: 'vi' | 'en'): Promise<void> {
  const demo = { pricesIncludeTax: true, cashRounding: 1000 as const, bank: demoBankAccount };
  await db
    .insert(restaurantSettings)
    .values({ id: 1, language, ...demo })
    .onConflictDoUpdate({ target: restaurantSettings.id, set: demo });
}
