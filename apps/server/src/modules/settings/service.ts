import type { Language } from '@quan/contract/language';
import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import { BanksObject } from 'vietnam-qr-pay';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { createEventCachedValue } from '../../events/cache';
import type { Transact } from '../../events/transact';
import { badRequest } from '../../lib/app-error';
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
  const initial: Settings = { ...defaultSettings, language: initialLanguage };
  // Nearly every order and report reads them, and they change a few times a year: kept in memory until
  // `settings.changed`. Shared by every caller, so never changed in place.
  const cached = createEventCachedValue({
    bus,
    load: async (): Promise<Settings> => (await repo.findSettings(db)) ?? initial,
    staleOn: ['settings.changed'],
  });
  return {
    get: (): Promise<Settings> => cached.get(),
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
