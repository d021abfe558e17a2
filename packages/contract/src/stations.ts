import { z } from 'zod';
import { lineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';

/**
 * Kitchen stations (Bếp, Bar, …). A dish goes to its own station if it has one, else to its category's,
 * else to the first station; the line keeps the station it was sent to. Each station's screen shows and
 * bumps only its lines of a round, and the round is ready when every station is done with it.
 *
 * The stations are the chain's, as its menu routes to them; each branch says which it runs. A branch's dishes
 * routed to a station it does not run go to its first station in use.
 */
export const stationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** Whether the signed-in person's branch runs this station: its kitchen screen and printers have it. */
  inUse: z.boolean(),
  /** Minutes a ticket should take here; a dish's own target wins over it. Null: no target. */
  targetMinutes: z.int32().nullable(),
  sortOrder: z.int32(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Station = z.infer<typeof stationSchema>;

const targetMinutesSchema = z
  .int32('Minutes must be a whole number')
  .min(1, 'At least 1 minute')
  .max(240, 'At most 240 minutes');
export const prepTargetMinutesSchema = targetMinutesSchema;

export const createStationBodySchema = z.strictObject({
  name: lineText().min(1, 'Name cannot be empty').max(40, 'Name can be at most 40 characters'),
  targetMinutes: targetMinutesSchema.nullable().optional(),
  sortOrder: z.int32('Sort order must be a whole number').min(0).max(9999).optional(),
});
export type CreateStationBody = z.infer<typeof createStationBodySchema>;
export const updateStationBodySchema = createStationBodySchema.partial().extend({
  /** For the signed-in person's branch only: whether it runs this station. */
  inUse: z.boolean('Say whether this branch uses the station').optional(),
});
export type UpdateStationBody = z.infer<typeof updateStationBodySchema>;

/** Stations as every screen orders them: by sort order, then name. The first takes the unrouted dishes. */
export function sortStations<T extends Pick<Station, 'sortOrder' | 'name'>>(stations: readonly T[]): T[] {
  return [...stations].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'vi'));
}

/**
 * The station a line belongs to now, among the stations its branch runs: the one it was sent to, or the first
 * when it was sent to none, to one deleted since or to one the branch stopped running. Null only when the
 * branch runs no station.
 */
export function stationOfLine(
  line: { stationId: string | null },
  stations: readonly Pick<Station, '_id' | 'sortOrder' | 'name'>[],
): string | null {
  if (line.stationId && stations.some((station) => station._id === line.stationId)) return line.stationId;
  return sortStations(stations)[0]?._id ?? null;
}

/** A ticket turns amber at its target and red past one and a half times it. */
export type TicketUrgency = 'on_time' | 'due' | 'late';
export const LATE_FACTOR = 1.5;
export function ticketUrgency(waitedMs: number, targetMinutes: number | null): TicketUrgency {
  if (targetMinutes === null) return 'on_time';
  const target = targetMinutes * 60_000;
  if (waitedMs > target * LATE_FACTOR) return 'late';
  return waitedMs >= target ? 'due' : 'on_time';
}
