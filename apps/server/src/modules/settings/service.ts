import { defaultSettings, type Settings, type UpdateSettingsBody } from '@quan/contract/settings';
import type { Database } from '../../db/client';
import * as repo from './repository';

export function createSettingsService(db: Database) {
  const listeners: (() => void)[] = [];
  return {
    async get(): Promise<Settings> {
      return (await repo.findSettings(db)) ?? defaultSettings;
    },
    async update(changes: UpdateSettingsBody): Promise<Settings> {
      const saved = await repo.upsertSettings(db, changes);
      for (const listener of listeners) listener();
      return saved;
    },
    /** Runs after the settings changed (the public menu shows the restaurant's name). */
    onChange(listener: () => void): void {
      listeners.push(listener);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
