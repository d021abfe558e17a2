import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import * as repo from './repository';

export function createSettingsService(db: Database, transact: Transact) {
  return {
    async get(): Promise<Settings> {
      return (await repo.findSettings(db)) ?? defaultSettings;
    },
    update: (changes: UpdateSettingsBody): Promise<Settings> =>
      transact(async (tx, record) => {
        const saved = await repo.upsertSettings(tx, changes);
        record({ type: 'settings.changed' });
        return saved;
      }),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
