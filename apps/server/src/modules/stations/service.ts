import type { CreateStationBody, Station, UpdateStationBody } from '@quan/contract/stations';
import type { Database, Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';

const toStation = (row: repo.StationRow): Station => ({
  _id: row.id,
  name: row.name,
  inUse: row.inUse,
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

/**
 * The stations a branch runs, inside a caller's transaction, first first: the first takes the dishes routed
 * nowhere or to a station the branch does not run.
 */
export async function kitchenStations(executor: Executor, branchId: string) {
  const rows = await repo.listStations(executor, branchId);
  return rows.filter((row) => row.inUse).map((row) => ({ _id: row.id, name: row.name, sortOrder: row.sortOrder }));
}

/** Whether the chain has the station, for the menu's routing (any branch may run it). */
export const stationExists = repo.stationExists;

export function createStationService(db: Database, transact: Transact) {
  return {
    list: async (branchId: string): Promise<Station[]> => (await repo.listStations(db, branchId)).map(toStation),

    async create(branchId: string, body: CreateStationBody): Promise<Station> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          await repo.insertStation(tx, { id, ...body });
          record(menuChanged);
          return toStation((await repo.findStation(tx, branchId, id))!);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'stations_name_unique')) throw nameTaken(body.name);
        throw error;
      }
    },

    /** The name, target and order are the chain's; whether it is in use is the person's current branch's. */
    async update(branchId: string, id: string, { inUse, ...chainFields }: UpdateStationBody): Promise<Station> {
      try {
        return await transact(async (tx, record) => {
          if (!(await repo.updateStation(tx, id, chainFields))) throw missingStation();
          if (inUse !== undefined) await repo.setStationInUse(tx, branchId, id, inUse);
          record(menuChanged);
          return toStation((await repo.findStation(tx, branchId, id))!);
        });
      } catch (error) {
        if (chainFields.name && isUniqueViolation(error, 'stations_name_unique')) throw nameTaken(chainFields.name);
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
