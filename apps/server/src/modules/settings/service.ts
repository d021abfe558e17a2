import type { Language } from '@quan/contract/language';
import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import { BanksObject } from 'vietnam-qr-pay';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import * as repo from './repository';

/** A bank account only helps when the guests' banking apps know the bank: its BIN must take VietQR. */
function checkBank(bank: UpdateSettingsBody['bank']): void {
  if (bank && !Object.values(BanksObject).some((known) => known.bin === bank.bin && known.vietQRStatus === 1)) {
    throw badRequest('Choose a bank from the list', [
      { path: 'bank.bin', message: 'This bank does not take VietQR transfers' },
    ]).because('BANK_NOT_VIETQR');
  }
}

/** `initialLanguage`: the language of a restaurant that has not saved its settings yet (RESTAURANT_LANGUAGE). */
export function createSettingsService(
  db: Database,
  transact: Transact,
  bus: Pick<EventBus, 'on'>,
  initialLanguage: Language = 'vi',
) {
  // Nearly every order and report reads them, and they change a few times a year: kept in memory per
  // branch until `settings.changed`. Shared by every caller, so never changed in place.
  const cached = createEventCache({
    bus,
    load: async (branchId: string): Promise<Settings> => {
      const [chain, branch] = await Promise.all([repo.findChainSettings(db), repo.findBranchSettings(db, branchId)]);
      if (!branch) throw notFound('That branch does not exist').because('BRANCH_GONE');
      // Until the restaurant first saves its settings, its screens speak the language it was started with.
      return chain ? { ...chain, ...branch } : { ...defaultSettings, ...branch, language: initialLanguage };
    },
    staleOn: { 'settings.changed': 'all' },
    maxEntries: 1000,
  });
  return {
    /** The settings a branch works with: the chain's, and its own time zone, bank, service charge, language and reservations. */
    get: (branchId: string): Promise<Settings> => cached.get(branchId),
    /** Saves the chain's settings and this branch's own; answers the branch's settings as they now stand. */
    update: async (branchId: string, changes: UpdateSettingsBody): Promise<Settings> => {
      checkBank(changes.bank);
      await transact(async (tx, record) => {
        // A bank notification finds its branch by the account it reached, and each branch numbers its
        // orders from 1001: two branches on one account could pay one's order with the other's transfer.
        const other = changes.bank && (await repo.branchWithAccount(tx, changes.bank.accountNumber, branchId));
        if (other) {
          throw conflict(`${other.name} already receives transfers on this account; each branch needs its own`).because(
            'BANK_ACCOUNT_OF_OTHER_BRANCH',
            { branch: other.name },
          );
        }
        await repo.saveSettings(tx, branchId, changes, initialLanguage);
        record({ type: 'settings.changed' });
      });
      return cached.get(branchId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
