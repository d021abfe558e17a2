import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { phoneSchema } from './user';

export const orderStatuses = ['pending', 'in_progress', 'ready', 'served', 'completed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The status moves an order may make; the server answers any other with a 409. */
export const allowedOrderMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['ready', 'cancelled'],
  ready: ['served', 'completed'],
  served: ['completed'],
  completed: [],
  cancelled: [],
};
export const openOrderStatuses = [
  'pending',
  'in_progress',
  'ready',
  'served',
] as const satisfies readonly OrderStatus[];
export const isOpenOrderStatus = (status: OrderStatus) =>
  (openOrderStatuses as readonly OrderStatus[]).includes(status);

export const paymentMethods = ['cash', 'card', 'transfer', 'ewallet'] as const;
export const paymentMethodSchema = z.enum(paymentMethods, 'Payment method must be cash, card, transfer or ewallet');
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderItemSchema = z.object({
  itemId: idSchema.nullable(),
  name: z.string(),
  price: z.int32(),
  quantity: z.int32(),
  note: z.string(),
  total: z.int32(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const billsSchema = z.object({
  subtotal: z.int32(),
  discount: z.int32(),
  /** Percent applied at order time. */
  taxRate: z.number(),
  tax: z.int32(),
  total: z.int32(),
});
export type Bills = z.infer<typeof billsSchema>;

export const orderSchema = z.object({
  _id: idSchema,
  orderNo: z.int32(),
  status: orderStatusSchema,
  source: z.enum(['pos', 'table']),
  customerDetails: z.object({ name: z.string(), phone: z.string(), guests: z.int32() }),
  customerId: idSchema.nullable(),
  table: z.object({ _id: idSchema, tableNo: z.int32() }).nullable(),
  items: z.array(orderItemSchema),
  bills: billsSchema,
  coupon: z.object({ code: z.string(), discount: z.int32() }).nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  paymentStatus: z.enum(['unpaid', 'paid']),
  isPreorder: z.boolean(),
  note: z.string(),
  createdBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderLineInputSchema = z.strictObject({
  itemId: idSchema,
  quantity: z
    .int32('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(99, 'Quantity can be at most 99'),
  note: z.string().trim().max(200, 'A note can be at most 200 characters').optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const customerDetailsInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the guest name').max(80, 'Name can be at most 80 characters'),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  guests: z.int32('Guests must be a whole number').min(1, 'At least 1 guest').max(50, 'At most 50 guests'),
});

/** A staff order from the POS. Prices are never sent: the server prices every line from the menu. */
export const createOrderBodySchema = z.strictObject({
  customerDetails: customerDetailsInputSchema,
  tableId: idSchema.optional(),
  items: z.array(orderLineInputSchema).min(1, 'Add at least one dish').max(50, 'An order has at most 50 lines'),
  couponCode: z.string().trim().toUpperCase().min(1).max(32).optional(),
  /** The loyalty customer the order is for; points are credited when it is completed. */
  customerId: idSchema.optional(),
  isPreorder: z.boolean().optional(),
  paymentMethod: paymentMethodSchema.optional(),
  note: z.string().trim().max(500, 'A note can be at most 500 characters').optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const updateOrderBodySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  note: z.string().trim().max(500, 'A note can be at most 500 characters').optional(),
  /** Attach a loyalty customer to an open order, or detach with null. */
  customerId: idSchema.nullable().optional(),
});
export type UpdateOrderBody = z.infer<typeof updateOrderBodySchema>;

export const listOrdersQuerySchema = z
  .object({
    startDate: isoDateTimeSchema.optional(),
    endDate: isoDateTimeSchema.optional(),
    /** One status or several separated by commas ("pending,in_progress"). */
    status: z
      .string()
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(orderStatusSchema).min(1))
      .optional(),
    tableId: idSchema.optional(),
    /** (ext) A loyalty customer's orders. */
    customerId: idSchema.optional(),
    /** (ext) `oldest` first is the kitchen's order: the longest wait on top. Newest first by default. */
    sort: z.enum(['newest', 'oldest'], 'Sort must be newest or oldest').default('newest'),
    page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
    limit: z.coerce.number().pipe(z.int32().min(1).max(200, 'Limit can be at most 200')).default(50),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  });
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;
export type ListOrdersFilter = z.output<typeof listOrdersQuerySchema>;

/** Header that makes order creation safe to retry: the web sends its in-progress orderId. */
export const idempotencyKeySchema = z.string().trim().min(1).max(100, 'Idempotency-Key can be at most 100 characters');
