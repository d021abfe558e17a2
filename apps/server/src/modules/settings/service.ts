import type { Language } from '@quan/contract/language';
import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import { BanksObject } from 'vietnam-qr-pay';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Transact } from '../../events/transact';
import * as repo from './repository';

/** A bank account only helps when the guests' banking apps know the bank: its BIN must take VietQR. */
function checkBank(bank: UpdateSettingsBody['bank']): void {
  if (bank && !Object.values(BanksObject).some((known) => known.bin === bank.bin && known.vietQRStatus === 1)) {
    throw badRequest('Choose a bank from the list', [
      { path: 'bank.bin', message: 'This bank does not take VietQR transfers' },
    ]);
  }
}

/** `initialLanguage`: the language of a restaurant that has not saved its settings yet (RESTAURANT_LANGUAGE). */
export function createSettingsService(db: Database, transact: Transact, initialLanguage: Language = 'vi') {
  const initial: Settings = { ...defaultSettings, language: initialLanguage };
  return {
    async get(): Promise<Settings> {
      return (await repo.findSettings(db)) ?? initial;
    },
    update: (changes: UpdateSettingsBody): Promise<Settings> =>
      transact(async (tx, record) => {
        checkBank(changes.bank);
        const saved = await repo.upsertSettings(tx, changes, initialLanguage);
        record({ type: 'settings.changed' });
        return saved;
      }),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
