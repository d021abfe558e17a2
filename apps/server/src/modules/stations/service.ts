import type { CreateStationBody, Station, UpdateStationBody } from '@quan/contract/stations';
import type { Database, Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';

const toStation = (row: repo.StationRow): Station => ({
  _id: row.id,
  name: row.name,
  targetMinutes: row.targetMinutes,
  sortOrder: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const missingStation = () =>
  notFound('That station does not exist (it may have been deleted)').because('STATION_VANISHED');
const nameTaken = (name: string) =>
  conflict(`A station named "${name}" already exists`).because('STATION_NAME_TAKEN', { name });
// The kitchen screens and the menu forms list the stations: they refresh with the menu.
const menuChanged = { type: 'menu.changed' } as const;

/** The stations inside a caller's transaction, first first (the first takes the unrouted dishes). */
export async function kitchenStations(executor: Executor) {
  const rows = await repo.listStations(executor);
  return rows.map((row) => ({ _id: row.id, name: row.name, sortOrder: row.sortOrder }));
}

export function createStationService(db: Database, transact: Transact) {
  return {
    list: async (): Promise<Station[]> => (await repo.listStations(db)).map(toStation),

    async create(body: CreateStationBody): Promise<Station> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          await repo.insertStation(tx, { id, ...body });
          record(menuChanged);
          return toStation((await repo.findStation(tx, id))!);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'stations_name_unique')) throw nameTaken(body.name);
        throw error;
      }
    },

    async update(id: string, body: UpdateStationBody): Promise<Station> {
      try {
        return await transact(async (tx, record) => {
          if (!(await repo.updateStation(tx, id, body))) throw missingStation();
          record(menuChanged);
          return toStation((await repo.findStation(tx, id))!);
        });
      } catch (error) {
        if (body.name && isUniqueViolation(error, 'stations_name_unique')) throw nameTaken(body.name);
        throw error;
      }
    },

    /**
     * Its categories and dishes fall back to the first station, and so do the lines sent to it that are
     * still being made (a line routed to no station belongs to the first one).
     */
    async remove(id: string): Promise<void> {
      await transact(async (tx, record) => {
        if (!(await repo.deleteStation(tx, id))) throw missingStation();
        record(menuChanged);
      });
    },
  };
}

export type StationService = ReturnType<typeof createStationService>;
