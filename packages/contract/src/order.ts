import { z } from 'zod';
import { lineText, multiLineText, oneLineCheck } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { MAX_OPTIONS_PER_LINE, soldOptionSchema } from './options';
import { roundStatuses } from './rounds';
import { paymentMethodSchema, paymentSchema } from './payments';
import { phoneSchema } from './user';
import { taxPartSchema, vatRateSchema } from './vat';
import { companyInvoiceBuyerSchema, orderInvoiceSchema } from './einvoice';

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

// The methods live with the payments; orders name them everywhere, so they are exported here too.
export { paymentMethods, paymentMethodSchema, type PaymentMethod } from './payments';

export const roundStatusSchema = z.enum(roundStatuses);

export const orderRoundSchema = z.object({
  /** 1 for the first dishes, 2 for the second round ("gọi thêm món"), … */
  no: z.int32(),
  status: roundStatusSchema,
  source: z.enum(['pos', 'table']),
  sentAt: isoDateTimeSchema,
  sentBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
});
export type OrderRound = z.infer<typeof orderRoundSchema>;

export const orderItemSchema = z.object({
  itemId: idSchema.nullable(),
  name: z.string(),
  /** One portion with its options: the dish's price and every option's change. */
  price: z.int32(),
  quantity: z.int32(),
  note: z.string(),
  /** The options chosen, as they were sold ("Lớn +10.000 ₫", "không hành"). */
  options: z.array(soldOptionSchema),
  /** The line's VAT rate, fixed when it was ordered. */
  vatRate: vatRateSchema,
  /** The kitchen station the line was sent to (null: the first station). */
  stationId: idSchema.nullable(),
  /** When its station started it (or marked it done); null until then. */
  startedAt: isoDateTimeSchema.nullable(),
  /** When its station marked it done; null while it is being made. */
  readyAt: isoDateTimeSchema.nullable(),
  /** What the line still costs: price × (quantity − voidedQuantity). */
  total: z.int32(),
  /** The line's number in its order, for voids and moves. */
  position: z.int32(),
  /** The round the line was sent in. */
  roundNo: z.int32(),
  /** How many of `quantity` were voided (taken off the bill). */
  voidedQuantity: z.int32(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const billsSchema = z.object({
  subtotal: z.int32(),
  discount: z.int32(),
  /** The service-charge percent of the order's source at order time (0: none). */
  serviceRate: z.number(),
  /** The service charge: a bill line of its own, on the subtotal after the discount, taxed. */
  serviceCharge: z.int32(),
  /** The VAT by rate, each rate's rounded once; their taxes add up to `tax`. */
  taxes: z.array(taxPartSchema),
  /** The service charge's VAT rate at order time. */
  serviceVatRate: vatRateSchema,
  /** Whether the prices held the VAT when the order was placed: `tax` is then contained in the total, not added. */
  pricesIncludeTax: z.boolean(),
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
  /** The rounds of the order, first to last; its lines say which round they belong to. */
  rounds: z.array(orderRoundSchema),
  /** Grows with every change: a client that sends an older `expectedVersion` gets a 409. */
  version: z.int32(),
  /**
   * The parts of a split bill, each paid on its own; they add up exactly to `bills`. Empty when the
   * bill is not split. The order completes when its last part is paid.
   */
  billParts: z.array(
    z.object({
      no: z.int32(),
      /** The lines of a split by lines (`position` and how many of it); empty for an even split. */
      lines: z.array(z.object({ position: z.int32(), quantity: z.int32() })),
      subtotal: z.int32(),
      discount: z.int32(),
      serviceCharge: z.int32(),
      tax: z.int32(),
      total: z.int32(),
      /** What its payments cover, net of refunds, and what is still due on it. */
      paid: z.int32(),
      due: z.int32(),
      /** The method that paid most of the part, once it is paid in full. */
      paymentMethod: paymentMethodSchema.nullable(),
      paidAt: isoDateTimeSchema.nullable(),
    }),
  ),
  /** Every payment taken for the order, oldest first, with its refunds. */
  payments: z.array(paymentSchema),
  /** What the payments cover, net of refunds (tips and cash change not included). */
  paid: z.int32(),
  /** What is still to pay: the total less `paid`. */
  due: z.int32(),
  /** The method that paid most of the bill, once it is paid in full. */
  paymentMethod: paymentMethodSchema.nullable(),
  paymentStatus: z.enum(['unpaid', 'paid']),
  isPreorder: z.boolean(),
  note: z.string(),
  /** The company the guest asked the invoice for; null: a walk-in buyer. */
  invoiceBuyer: companyInvoiceBuyerSchema.nullable().optional(),
  /** Its sale e-invoice; null while the branch issues none or the order is not completed. */
  invoice: orderInvoiceSchema.nullable().optional(),
  /** The order this one was merged into (it is then cancelled and empty): the screens say so in their language. */
  mergedIntoOrderNo: z.int32().nullable().optional(),
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
  note: multiLineText().max(200, 'A note can be at most 200 characters').optional(),
  /** The ids of the options chosen for the dish; the server checks them against its groups and prices them. */
  options: z
    .array(idSchema)
    .max(MAX_OPTIONS_PER_LINE, `A dish takes at most ${MAX_OPTIONS_PER_LINE} options`)
    .optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const customerDetailsInputSchema = z.strictObject({
  name: lineText().min(1, 'Enter the guest name').max(80, 'Name can be at most 80 characters'),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  guests: z.int32('Guests must be a whole number').min(1, 'At least 1 guest').max(50, 'At most 50 guests'),
});

/**
 * A staff order from the POS. Prices are never sent: the server prices every line from the menu. A table order
 * may leave out the guest (the table names it, for one guest); a takeaway needs a name to call out.
 */
export const createOrderBodySchema = z
  .strictObject({
    customerDetails: customerDetailsInputSchema.optional(),
    tableId: idSchema.optional(),
    items: z.array(orderLineInputSchema).min(1, 'Add at least one dish').max(50, 'An order has at most 50 lines'),
    couponCode: lineText().toUpperCase().min(1).max(32).optional(),
    /** The loyalty customer the order is for; points are credited when it is completed. */
    customerId: idSchema.optional(),
    isPreorder: z.boolean().optional(),
    paymentMethod: paymentMethodSchema.optional(),
    note: multiLineText().max(500, 'A note can be at most 500 characters').optional(),
  })
  .refine((body) => body.tableId !== undefined || body.customerDetails !== undefined, {
    message: 'Enter the guest name',
    path: ['customerDetails', 'name'],
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** The version the client last saw: a change made since then is refused with a 409. */
const expectedVersionSchema = z.int32('The version must be a whole number').min(1).optional();

export const updateOrderBodySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  expectedVersion: expectedVersionSchema,
  paymentMethod: paymentMethodSchema.optional(),
  note: multiLineText().max(500, 'A note can be at most 500 characters').optional(),
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
    /** A loyalty customer's orders. */
    customerId: idSchema.optional(),
    /** `oldest` first is the kitchen's order: the longest wait on top. Newest first by default. */
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
export const idempotencyKeySchema = lineText().min(1).max(100, 'Idempotency-Key can be at most 100 characters');

/** POST /api/order/{id}/rounds: more dishes for an open order, priced from the menu when sent. */
export const addRoundBodySchema = z.strictObject({
  items: z.array(orderLineInputSchema).min(1, 'Add at least one dish').max(50, 'A round has at most 50 lines'),
  expectedVersion: expectedVersionSchema,
});
export type AddRoundBody = z.infer<typeof addRoundBodySchema>;

export const roundParamsSchema = z.strictObject({
  id: idSchema,
  roundNo: z.coerce.number().pipe(z.int32('The round must be a whole number').min(1).max(999)),
});

/** PATCH /api/order/{id}/rounds/{roundNo}: accept, reject, bump or serve one round. */
export const updateRoundBodySchema = z.strictObject({
  status: roundStatusSchema,
  expectedVersion: expectedVersionSchema,
});
export type UpdateRoundBody = z.infer<typeof updateRoundBodySchema>;

export const stationRoundParamsSchema = roundParamsSchema.extend({ stationId: idSchema });

/**
 * PATCH /api/order/{id}/rounds/{roundNo}/stations/{stationId}: one station marks its lines of a started
 * round done (or takes that back while the round is not ready). When every station is done the round is ready.
 */
export const updateStationWorkBodySchema = z.strictObject({
  ready: z.boolean('Say whether the station is done'),
  expectedVersion: expectedVersionSchema,
});
export type UpdateStationWorkBody = z.infer<typeof updateStationWorkBodySchema>;

/**
 * POST /api/order/{id}/rounds/{roundNo}/start: the kitchen starts cooking a round it has accepted, a station its
 * own lines of it (without `stationId`, every line). From then voiding them needs a manager.
 */
export const startRoundBodySchema = z.strictObject({
  stationId: idSchema.nullable().optional(),
  expectedVersion: expectedVersionSchema,
});
export type StartRoundBody = z.infer<typeof startRoundBodySchema>;

/**
 * POST /api/order/{id}/rounds/{roundNo}/tickets: a station's ticket of a round is printed; the answer
 * says which copy this is, so the second and later ones are marked REPRINT. Without `stationId`, the whole round.
 */
export const printTicketBodySchema = z.strictObject({ stationId: idSchema.nullable().optional() });
export const printTicketResultSchema = z.object({
  copy: z.int32(),
  /** The printer the ticket was sent to (the station has one in the branch); null: the browser prints it. */
  sentTo: z.string().nullable(),
});
export type PrintTicketResult = z.infer<typeof printTicketResultSchema>;

/** The guest's papers of an order: the provisional bill while something is due, the receipt once paid. */
export const billPrintKinds = ['bill', 'receipt'] as const;
export type BillPrintKind = (typeof billPrintKinds)[number];

/** An order prints its receipt once it is paid (or completed); until then, its provisional bill. */
export function billPrintKindOf(order: Pick<Order, 'status' | 'paymentStatus'>): BillPrintKind {
  return order.paymentStatus === 'paid' || order.status === 'completed' ? 'receipt' : 'bill';
}

/**
 * POST /api/order/{id}/prints: counts a print of the order's bill or receipt and answers which copy it is;
 * copy 2 and later print as reprints.
 */
export const printBillBodySchema = z.strictObject({
  kind: z.enum(billPrintKinds, 'Kind must be bill or receipt'),
});
export const printBillResultSchema = z.object({
  kind: z.enum(billPrintKinds),
  copies: z.int32(),
  /** The branch's bill printer it was sent to; null when there is none and the browser prints it. */
  sentTo: z.string().nullable(),
});
export type PrintBillResult = z.infer<typeof printBillResultSchema>;

/** Why a line was voided. */
export const voidReasons = ['wrong_dish', 'changed_mind', 'quality', 'other'] as const;
export const voidReasonSchema = z.enum(voidReasons, 'Reason must be wrong_dish, changed_mind, quality or other');
export type VoidReason = z.infer<typeof voidReasonSchema>;

/**
 * POST /api/order/{id}/voids: takes lines (or part of their quantity) off the bill. Staff void what
 * the kitchen has not started; a line of a round in preparation or later needs a manager, signed in or
 * approving on the same device with their email and password.
 */
export const voidLinesBodySchema = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          position: z.int32('The line must be a whole number').min(0),
          quantity: z.int32('Quantity must be a whole number').min(1, 'Void at least 1').max(99),
        }),
      )
      .min(1, 'Choose at least one line to void')
      .max(50),
    reason: voidReasonSchema,
    note: multiLineText().max(200, 'A note can be at most 200 characters').optional(),
    /** The dishes were cooked and are thrown away: their stock stays used, recorded as waste. */
    wasted: z.boolean().optional(),
    approval: z
      .strictObject({ email: lineText().toLowerCase().max(254), password: z.string().check(oneLineCheck()).max(200) })
      .optional(),
    expectedVersion: expectedVersionSchema,
  })
  .refine((body) => body.reason !== 'other' || !!body.note, {
    message: 'Say why in the note when the reason is other',
    path: ['note'],
  });
export type VoidLinesBody = z.infer<typeof voidLinesBodySchema>;

const linePortionsSchema = z
  .array(
    z.strictObject({
      position: z.int32('The line must be a whole number').min(0),
      quantity: z.int32('Quantity must be a whole number').min(1, 'At least 1').max(99),
    }),
  )
  .min(1, 'Choose at least one line')
  .max(50);

/**
 * POST /api/order/{id}/split: by lines (`parts` lists the dishes of each part; what no part names makes
 * one more part) or evenly between guests. Parts with money on them stay as they are: only what the unpaid
 * parts held (or, on a bill never split, what is still due) is divided, into parts numbered after them.
 */
export const splitBillBodySchema = z.discriminatedUnion(
  'by',
  [
    z.strictObject({
      by: z.literal('lines'),
      parts: z.array(linePortionsSchema).min(1, 'Choose the lines of at least one part').max(19),
      expectedVersion: expectedVersionSchema,
    }),
    z.strictObject({
      by: z.literal('guests'),
      guests: z
        .int32('Guests must be a whole number')
        .min(2, 'Split between at least 2 guests')
        .max(20, 'Split between at most 20 guests'),
      expectedVersion: expectedVersionSchema,
    }),
  ],
  'Split by lines or by guests',
);
export type SplitBillBody = z.infer<typeof splitBillBodySchema>;

/** The highest number a part of a split bill can have. */
export const MAX_PART_NO = 20;

export const billPartParamsSchema = z.strictObject({
  id: idSchema,
  partNo: z.coerce.number().pipe(z.int32('The part must be a whole number').min(1).max(MAX_PART_NO)),
});

/** POST /api/order/{id}/parts/{partNo}/pay: one part of a split bill paid. */
export const payBillPartBodySchema = z.strictObject({
  paymentMethod: paymentMethodSchema,
  /** The bill a screen shows: a split made again since then is refused instead of paying another amount. */
  expectedVersion: expectedVersionSchema,
});

/** POST /api/order/{id}/merge: the open order of another table joins this one, whose table stays. */
export const mergeOrderBodySchema = z.strictObject({
  fromOrderId: idSchema,
  expectedVersion: expectedVersionSchema,
});

/** POST /api/order/{id}/move-lines: chosen lines (or part of them) go to another table's open order. */
export const moveLinesBodySchema = z.strictObject({
  lines: linePortionsSchema,
  toTableId: idSchema,
  expectedVersion: expectedVersionSchema,
});
export type MoveLinesBody = z.infer<typeof moveLinesBodySchema>;
