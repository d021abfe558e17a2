import { z } from 'zod';
import { lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { orderItemSchema, orderLineInputSchema } from './order';
import { phoneSchema } from './user';

/*
 * Reservations: a table (or several) held for a party at a time, with dishes ordered ahead that reach the
 * kitchen only when the guests arrive or at a time the staff chose ("fire at 18:45"). Times are instants
 * (ISO 8601 with offset); the day's book is the restaurant's day in its time zone.
 */

/**
 * booked → arrived (the party is seated, its pre-order goes to the kitchen) → done (they left); or booked →
 * cancelled (nothing reached the kitchen) or no_show (the tables are released, the customer's no-shows
 * counted). A guest's booking from the public page starts as requested, with the table the server chose
 * (held against other guests only), until the staff accept it (booked) or decline it, or nobody answers in
 * time (expired); the guest may cancel it with their link.
 */
export const reservationStatuses = [
  'requested',
  'booked',
  'arrived',
  'done',
  'cancelled',
  'no_show',
  'declined',
  'expired',
] as const;
export const reservationStatusSchema = z.enum(reservationStatuses);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

/** The moves a reservation may make; anything else is a 409. */
export const allowedReservationMoves: Record<ReservationStatus, readonly ReservationStatus[]> = {
  requested: ['booked', 'declined', 'cancelled', 'expired'],
  booked: ['arrived', 'cancelled', 'no_show'],
  arrived: ['done'],
  done: [],
  cancelled: [],
  no_show: [],
  declined: [],
  expired: [],
};

/** The statuses in which a reservation holds its tables: no other booking may overlap it there. */
export const tableHoldingStatuses = ['booked', 'arrived'] as const satisfies ReservationStatus[];
/**
 * A guest's request holds its table against other guests' requests online (two guests are never promised one
 * table), never against the staff: a stranger's requests cannot fill an evening the staff are booking.
 */
export const onlineHoldingStatuses = ['requested', ...tableHoldingStatuses] as const satisfies ReservationStatus[];
/**
 * A request nobody answered expires this long after it was asked (or at its time, if sooner), and holds
 * nothing from then: the guest's page says so.
 */
export const BOOKING_REQUEST_ANSWER_HOURS = 12;

/** How a booking was taken. */
export const reservationSources = ['phone', 'walk_in', 'public'] as const;
export const reservationSourceSchema = z.enum(reservationSources);

/** From this long before a booking, the day's book highlights it and the tables screen holds its tables. */
export const RESERVATION_HOLD_MINUTES = 30;
/** A booking this long past its time without the guests is late: it can be marked a no-show. */
export const RESERVATION_LATE_MINUTES = 15;
/** Online, a guest books at least this long ahead (the staff need time to accept), */
export const PUBLIC_BOOKING_LEAD_MINUTES = 60;
/** and at most this many days ahead. */
export const PUBLIC_BOOKING_DAYS_AHEAD = 60;
/** Online bookings start on this grid of minutes from the opening of each span ("17:00, 17:15, …"). */
export const PUBLIC_BOOKING_STEP_MINUTES = 15;
/**
 * A phone number may have this many online bookings ahead, booked or waiting from the same connection; more are
 * a call to the restaurant. Requests from other connections do not count: a stranger typing someone's number
 * cannot use up their allowance.
 */
export const PUBLIC_BOOKINGS_PER_PHONE = 3;

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

/** `booked` accepts a guest's request, `declined` turns it down. */
export const reservationStatusBodySchema = z.strictObject({
  status: z.enum(['booked', 'arrived', 'done', 'cancelled', 'no_show', 'declined']),
  expectedVersion: z.int32('The version must be a whole number').min(1).optional(),
});
export type ReservationStatusBody = z.infer<typeof reservationStatusBodySchema>;

/**
 * POST /api/reservations/{id}/decline-alike: declines this guest's request and every other one still
 * waiting that was asked with the same phone number or from the same connection, in one go.
 */
export const declinedRequestsSchema = z.object({ declined: z.int32() });
export type DeclinedRequests = z.infer<typeof declinedRequestsSchema>;

/** The day's book: the reservations of one restaurant day (YYYY-MM-DD), by time. */
export const listReservationsQuerySchema = z.strictObject({
  date: z.iso.date('Give the day as YYYY-MM-DD'),
});
export type ListReservationsQuery = z.infer<typeof listReservationsQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// The restaurant's hours and booking settings

/** A time of day on the restaurant's clock, "HH:MM"; "24:00" closes at midnight. */
const clockTimeSchema = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Give a time as HH:MM, for example 17:30');

/** One span the restaurant is open, "10:00"–"14:00". */
export const openingSpanSchema = z
  .strictObject({ from: clockTimeSchema, to: clockTimeSchema })
  .refine((span) => span.from < span.to, { message: 'A span must close after it opens', path: ['to'] });
export type OpeningSpan = z.infer<typeof openingSpanSchema>;

/** One day's spans, earliest first and apart ("10:00–14:00 and 17:00–22:00"); none: closed that day. */
const openingDaySchema = z
  .array(openingSpanSchema)
  .max(3, 'A day has at most 3 opening spans')
  .refine(
    (spans) => spans.every((span, i) => i === 0 || spans[i - 1]!.to < span.from),
    'The spans of a day must be in order and must not touch or overlap',
  );

/** The week's opening hours: seven days, Monday first. */
export const openingHoursSchema = z.array(openingDaySchema).length(7, 'Give the hours of all 7 days, Monday first');
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** The day of the week of a calendar day ('YYYY-MM-DD') as an index into the opening hours: Monday 0. */
export const weekdayIndex = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Reservations in the restaurant's settings. */
export const reservationSettingsSchema = z.strictObject({
  /** Guests may ask for a table from the public pages (the staff accept each request). Off by default. */
  publicBooking: z.boolean(),
  /** How long a booking holds its tables unless it says otherwise. */
  defaultMinutes: z
    .int32('The length must be a whole number of minutes')
    .min(15, 'A booking lasts at least 15 minutes')
    .max(480, 'A booking lasts at most 8 hours'),
  /** Seating walk-ins at a table booked within this many minutes warns the staff; 0 never warns. */
  warnMinutes: z
    .int32('The warning must be a whole number of minutes')
    .min(0, 'The warning cannot be negative')
    .max(240, 'Warn at most 4 hours ahead'),
  /** When guests may book online: a booking starts and ends within one span. */
  openingHours: openingHoursSchema,
});
export type ReservationSettings = z.infer<typeof reservationSettingsSchema>;

const lunchAndDinner: OpeningSpan[] = [
  { from: '10:00', to: '14:00' },
  { from: '17:00', to: '22:00' },
];
export const defaultReservationSettings: ReservationSettings = {
  publicBooking: false,
  defaultMinutes: 90,
  warnMinutes: 60,
  openingHours: Array.from({ length: 7 }, () => lunchAndDinner),
};

// ---------------------------------------------------------------------------------------------------------
// Booking from the public pages

/** What a guest's link shows of their booking: never its tables, pre-order, customer record or author. */
export const publicReservationSchema = z.object({
  status: reservationStatusSchema,
  name: z.string(),
  partySize: z.int32(),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  note: z.string(),
  /** Whether the guest may still cancel it themselves (waiting or booked, and its time not come). */
  canCancel: z.boolean(),
  restaurant: z.object({
    name: z.string(),
    timezone: z.string(),
    /**
     * The slug of the branch it was asked of, when that is not the first (its booking page is /b/<slug>/book);
     * null for the first branch's (/book). Absent in a copy kept before there were branches.
     */
    branchSlug: z.string().nullable().optional(),
  }),
});
export type PublicReservation = z.infer<typeof publicReservationSchema>;

/** The free times of one day for a party. */
export const publicBookingQuerySchema = z.strictObject({
  date: z.iso.date('Give the day as YYYY-MM-DD'),
  partySize: z.coerce
    .number('Guests must be a whole number')
    .pipe(z.int32('Guests must be a whole number').min(1, 'At least 1 guest').max(50, 'At most 50 guests')),
});
export type PublicBookingQuery = z.infer<typeof publicBookingQuerySchema>;

export const publicBookingDaySchema = z.object({
  date: z.iso.date(),
  timezone: z.string(),
  /** That day's opening spans; empty when closed. */
  hours: z.array(openingSpanSchema),
  durationMinutes: z.int32(),
  /** The most guests one table seats: a larger party is asked to call. */
  largestParty: z.int32(),
  /** The times a booking could start, each with whether a table seats the party then. */
  slots: z.array(z.object({ time: clockTimeSchema, startsAt: isoDateTimeSchema, free: z.boolean() })),
});
export type PublicBookingDay = z.infer<typeof publicBookingDaySchema>;

export const publicBookingBodySchema = z.strictObject({
  name: reservationFields.name,
  /** Required online: the restaurant calls back on it. */
  phone: phoneSchema,
  partySize: reservationFields.partySize,
  startsAt: isoDateTimeSchema,
  note: reservationFields.note.optional(),
});
export type PublicBookingBody = z.infer<typeof publicBookingBodySchema>;

/** The guest's secret link to their booking: 32 random bytes, base64url. Only its hash is stored. */
export const bookingKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This booking link is not valid');
export const publicBookingParamsSchema = z.strictObject({ key: bookingKeySchema });

export const publicBookingResultSchema = z.object({
  /** Shown once: the guest's page is /booking/<key>. */
  key: bookingKeySchema,
  reservation: publicReservationSchema,
});
export type PublicBookingResult = z.infer<typeof publicBookingResultSchema>;
