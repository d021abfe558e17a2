import type { BankAccount } from '@quan/contract/settings';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { branches } from '../../db/schema/branches';
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
 * The chain's settings the demo starts from: a new restaurant's (menu prices with VAT inside, cash rounded to
 * 1.000 ₫).
 */
export async function writeDemoSettings(db: Database): Promise<void> {
  const demo = { pricesIncludeTax: true, cashRounding: 1000 as const };
  await db
    .insert(restaurantSettings)
    .values({ id: 1, ...demo })
    .onConflictDoUpdate({ target: restaurantSettings.id, set: demo });
}

/** A branch's own: the staff screens' language, and the demo's bank account so its bills show their VietQR code. */
export async function writeDemoBranchSettings(db: Executor, branchId: string, language: 'vi' | 'en'): Promise<void> {
  await db.update(branches).set({ language, bank: demoBankAccount }).where(eq(branches.id, branchId));
}
