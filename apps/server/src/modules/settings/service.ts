import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import type { Database } from '../../db/client';
import * as repo from './repository';

export function createSettingsService(db: Database) {
  return {
    async get(): Promise<Settings> {
      return (await repo.findSettings(db)) ?? defaultSettings;
    },
    update(changes: UpdateSettingsBody): Promise<Settings> {
      return repo.upsertSettings(db, changes);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
