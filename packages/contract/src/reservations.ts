import { z } from 'zod';
import { lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { orderItemSchema, orderLineInputSchema } from './order';
import { phoneSchema } from './user';

/*
 * (ext) Reservations: a table (or several) held for a party at a time, with dishes ordered ahead that reach the
 * kitchen only when the guests arrive or at a time the staff chose ("fire at 18:45"). Times are instants
 * (ISO 8601 with offset); the day's book is the restaurant's day in its time zone.
 */

/**
 * booked → arrived (the party is seated, its pre-order goes to the kitchen) → done (they left); or booked →
 * cancelled (nothing reached the kitchen) or no_show (the tables are released, the customer's no-shows
 * counted).
 */
export const reservationStatuses = ['booked', 'arrived', 'done', 'cancelled', 'no_show'] as const;
export const reservationStatusSchema = z.enum(reservationStatuses);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

/** The moves a reservation may make; anything else is a 409. */
export const allowedReservationMoves: Record<ReservationStatus, readonly ReservationStatus[]> = {
  booked: ['arrived', 'cancelled', 'no_show'],
  arrived: ['done'],
  done: [],
  cancelled: [],
  no_show: [],
};

/** How a booking was taken. */
export const reservationSources = ['phone', 'walk_in', 'public'] as const;
export const reservationSourceSchema = z.enum(reservationSources);

/** A booking without a length of its own holds its tables this long. */
export const DEFAULT_RESERVATION_MINUTES = 90;
/** From this long before a booking, the day's book highlights it and the tables screen holds its tables. */
export const RESERVATION_HOLD_MINUTES = 30;
/** A booking this long past its time without the guests is late: it can be marked a no-show. */
export const RESERVATION_LATE_MINUTES = 15;
/** Seating walk-ins at a table booked within this long warns the staff. */
export const RESERVATION_WARN_MINUTES = 60;

/** A dish ordered ahead, priced from the menu when booked: an order line's own fields. */
export const reservationLineSchema = orderItemSchema.pick({
  itemId: true,
  name: true,
  price: true,
  quantity: true,
  note: true,
  options: true,
  total: true,
});
export type ReservationLine = z.infer<typeof reservationLineSchema>;

export const reservationSchema = z.object({
  _id: idSchema,
  status: reservationStatusSchema,
  source: reservationSourceSchema,
  name: z.string(),
  phone: z.string(),
  /** The loyalty customer found or created by the phone number; null without one. */
  customerId: idSchema.nullable(),
  partySize: z.int32(),
  startsAt: isoDateTimeSchema,
  durationMinutes: z.int32(),
  /** startsAt + durationMinutes: the tables are held until then. */
  endsAt: isoDateTimeSchema,
  /** The tables held, possibly none yet (assigned later, at the latest on arrival). */
  tables: z.array(z.object({ _id: idSchema, tableNo: z.int32(), seats: z.int32() })),
  note: z.string(),
  /** Dishes ordered ahead, priced when booked (the order that fires prices them again from the menu). */
  preorder: z.array(reservationLineSchema),
  preorderTotal: z.int32(),
  /** When the pre-order goes to the kitchen if the guests have not arrived by then; null: on arrival only. */
  fireAt: isoDateTimeSchema.nullable(),
  /** The order the reservation became (its pre-order as the first round); null until it fired or arrived. */
  orderId: idSchema.nullable(),
  version: z.int32(),
  createdBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Reservation = z.infer<typeof reservationSchema>;

const reservationFields = {
  name: lineText().min(1, 'Enter the guest name').max(80, 'Name can be at most 80 characters'),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  partySize: z.int32('Guests must be a whole number').min(1, 'At least 1 guest').max(50, 'At most 50 guests'),
  startsAt: isoDateTimeSchema,
  durationMinutes: z
    .int32('The length must be a whole number of minutes')
    .min(15, 'A booking lasts at least 15 minutes')
    .max(480, 'A booking lasts at most 8 hours'),
  tableIds: z.array(idSchema).max(6, 'A booking holds at most 6 tables'),
  note: multiLineText().max(500, 'A note can be at most 500 characters'),
  preorder: z.array(orderLineInputSchema).max(50, 'A pre-order has at most 50 lines'),
  fireAt: isoDateTimeSchema.nullable(),
};

export const createReservationBodySchema = z.strictObject({
  ...reservationFields,
  durationMinutes: reservationFields.durationMinutes.optional(),
  tableIds: reservationFields.tableIds.optional(),
  note: reservationFields.note.optional(),
  preorder: reservationFields.preorder.optional(),
  fireAt: reservationFields.fireAt.optional(),
  source: reservationSourceSchema.optional(),
});
export type CreateReservationBody = z.infer<typeof createReservationBodySchema>;

/** A booked reservation changed: any of its fields; the pre-order, when given, replaces the one before. */
export const updateReservationBodySchema = z
  .strictObject(reservationFields)
  .partial()
  .extend({ expectedVersion: z.int32('The version must be a whole number').min(1).optional() });
export type UpdateReservationBody = z.infer<typeof updateReservationBodySchema>;

export const reservationStatusBodySchema = z.strictObject({
  status: z.enum(['arrived', 'done', 'cancelled', 'no_show']),
  expectedVersion: z.int32('The version must be a whole number').min(1).optional(),
});
export type ReservationStatusBody = z.infer<typeof reservationStatusBodySchema>;

/** The day's book: the reservations of one restaurant day (YYYY-MM-DD), by time. */
export const listReservationsQuerySchema = z.strictObject({
  date: z.iso.date('Give the day as YYYY-MM-DD'),
});
export type ListReservationsQuery = z.infer<typeof listReservationsQuerySchema>;
