import { z } from 'zod';
import { orderStatusSchema } from './order';
import { idSchema, isoDateTimeSchema } from './common';

export const tableStatuses = ['available', 'booked'] as const;
export const tableStatusSchema = z.enum(tableStatuses);
export type TableStatus = z.infer<typeof tableStatusSchema>;

const tableNoSchema = z.int32('Table number must be a whole number').min(1, 'Table number must be 1 or more').max(9999);
const seatsSchema = z
  .int32('Seats must be a whole number')
  .min(1, 'A table has at least 1 seat')
  .max(50, 'A table has at most 50 seats');

export const tableSchema = z.object({
  _id: idSchema,
  tableNo: z.int32(),
  seats: z.int32(),
  status: tableStatusSchema,
  /** The open order seated here, if any. */
  currentOrder: z
    .object({ _id: idSchema, orderNo: z.int32(), customerName: z.string(), status: orderStatusSchema })
    .nullable(),
  /** The secret the table's QR code carries; only signed-in staff see it. */
  qrKey: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Table = z.infer<typeof tableSchema>;

export const createTableBodySchema = z.strictObject({ tableNo: tableNoSchema, seats: seatsSchema });
export type CreateTableBody = z.infer<typeof createTableBodySchema>;

/**
 * Staff may change `status` (seat or free a table) and `orderId` (move an open order here, or null to
 * clear); `tableNo`, `seats` and `rotateQrKey` are for managers.
 */
export const updateTableBodySchema = z.strictObject({
  tableNo: tableNoSchema.optional(),
  seats: seatsSchema.optional(),
  status: tableStatusSchema.optional(),
  orderId: idSchema.nullable().optional(),
  rotateQrKey: z.literal(true, 'Send true to issue a new QR key').optional(),
});
export type UpdateTableBody = z.infer<typeof updateTableBodySchema>;

export const tableParamsSchema = z.strictObject({ tableId: idSchema });
