import type { OrderStatus } from '@quan/contract/order';
import type { PaymentMethod } from '@quan/contract/payments';
import type { TaxPart } from '@quan/contract/vat';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { orderPayments, shifts } from '../../db/schema/payments';
import { diningTables } from '../../db/schema/tables';
import { users } from '../../db/schema/users';

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Instants {
  from: Date;
  to: Date;
}

/** Local days [fromDay, toDay] in `timezone` as instants [first midnight, midnight after the last day). */
export async function localDaysAsInstants(
  db: Executor,
  timezone: string,
  days: { fromDay: string; toDay: string },
): Promise<Instants> {
  const zone = sql`${timezone}::text`;
  const [bounds] = await rows<{ from: string; to: string }>(
    db,
    sql`select (${days.fromDay}::date::timestamp at time zone ${zone}) as "from",
               ((${days.toDay}::date + 1)::timestamp at time zone ${zone}) as "to"`,
  );
  return { from: new Date(bounds!.from), to: new Date(bounds!.to) };
}

const within = (column: AnyPgColumn, range: Instants) =>
  sql`${column} >= ${range.from.toISOString()} and ${column} < ${range.to.toISOString()}`;

export interface OrderExportRow {
  order_no: number;
  created_at: string | Date;
  completed_at: string | Date | null;
  status: OrderStatus;
  table_no: number | null;
  customer_name: string;
  guests: number;
  subtotal: number;
  discount: number;
  service_charge: number;
  tax: number;
  /** Its VAT by rate, as its bill rounded it. */
  taxes: TaxPart[];
  prices_include_tax: boolean;
  total: number;
  paid: string | number;
  refunded: string | number;
  tips: string | number;
  methods: PaymentMethod[] | null;
  shift_no: number | null;
  note: string;
}

/** The branch's orders placed in the range, by number, with what their payments add up to. */
export async function ordersPlacedWithin(db: Executor, branchId: string, range: Instants): Promise<OrderExportRow[]> {
  return rows<OrderExportRow>(
    db,
    sql`
    select ${orders.orderNo} as order_no, ${orders.createdAt} as created_at, ${orders.completedAt} as completed_at,
      ${orders.status} as status, ${diningTables.tableNo} as table_no, ${orders.customerName} as customer_name,
      ${orders.guests} as guests, ${orders.subtotal} as subtotal, ${orders.discount} as discount,
      ${orders.serviceCharge} as service_charge, ${orders.tax} as tax, ${orders.taxes} as taxes,
      ${orders.pricesIncludeTax} as prices_include_tax, ${orders.total} as total,
      coalesce(paid.paid, 0) as paid, coalesce(paid.refunded, 0) as refunded, coalesce(paid.tips, 0) as tips,
      paid.methods, ${shifts.shiftNo} as shift_no, ${orders.note} as note
    from ${orders}
    left join ${diningTables} on ${diningTables.id} = ${orders.tableId}
    left join ${shifts} on ${shifts.id} = ${orders.shiftId}
    left join lateral (
      select sum(${orderPayments.amount} - ${orderPayments.refunded}) as paid, sum(${orderPayments.refunded}) as refunded,
        sum(${orderPayments.tip}) as tips,
        array_agg(distinct ${orderPayments.method}) as methods
      from ${orderPayments} where ${orderPayments.orderId} = ${orders.id}
    ) paid on true
    where ${orders.branchId} = ${branchId} and ${within(orders.createdAt, range)}
    order by ${orders.orderNo}`,
  );
}

export interface PaymentExportRow {
  order_no: number;
  part_no: number | null;
  method: PaymentMethod;
  amount: number;
  tip: number;
  tendered: number | null;
  rounding: number;
  refunded: number;
  taken_by: string | null;
  taken_at: string | Date;
  shift_no: number | null;
  bank_transaction_id: string | null;
}

/** Payments taken in the range for the branch's orders, in the order they were taken. */
export async function paymentsTakenWithin(
  db: Executor,
  branchId: string,
  range: Instants,
): Promise<PaymentExportRow[]> {
  return rows<PaymentExportRow>(
    db,
    sql`
    select ${orders.orderNo} as order_no, ${orderPayments.partNo} as part_no, ${orderPayments.method} as method,
      ${orderPayments.amount} as amount, ${orderPayments.tip} as tip, ${orderPayments.tendered} as tendered,
      ${orderPayments.rounding} as rounding, ${orderPayments.refunded} as refunded, ${users.name} as taken_by, ${orderPayments.takenAt} as taken_at,
      ${shifts.shiftNo} as shift_no, ${orderPayments.bankTransactionId} as bank_transaction_id
    from ${orderPayments}
    join ${orders} on ${orders.id} = ${orderPayments.orderId}
    left join ${users} on ${users.id} = ${orderPayments.takenById}
    left join ${shifts} on ${shifts.id} = ${orderPayments.shiftId}
    where ${orders.branchId} = ${branchId} and ${within(orderPayments.takenAt, range)}
    order by ${orderPayments.takenAt}, ${orderPayments.id}`,
  );
}
