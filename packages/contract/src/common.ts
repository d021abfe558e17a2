import { z } from 'zod';

/** Every entity id is a UUID v7 string. */
export const idSchema = z.uuid({ message: 'Must be a valid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
  limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(10),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const paginationSchema = z.object({
  currentPage: z.int32(),
  totalPages: z.int32(),
  totalItems: z.int32(),
  itemsPerPage: z.int32(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The success envelope of every call: `{ success: true, message?, data, pagination? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
    pagination: paginationSchema.optional(),
  });
}
export type Envelope<T> = {
  success: true;
  message?: string;
  data: T;
  pagination?: Pagination;
};

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The values an error code's sentence is filled with ("ORDER_TABLE_BOOKED" with `{ tableNo: 5 }`). */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/**
 * The error envelope of every failed call: a sentence a person can act on (in English), a stable machine
 * `code` that a screen translates with its `params`, and field errors for 400s. A code without a
 * translation of its own shows the sentence.
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  params: errorParamsSchema.optional(),
  errors: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const emptyDataSchema = z.null();
