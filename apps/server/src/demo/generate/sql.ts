import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';
import { VAT_RATE_TEXTS } from '../../db/schema/vat-rate';

// The generator writes with raw set-based SQL; these are its small helpers for it.

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal ('{a,b}'), bound as one text parameter and cast in the query. */
export const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/** A rate's place in the order bills list them (`vatRates`), for SQL over rates kept as text. */
const RATE_PLACE = sql.raw(`array_position(array[${VAT_RATE_TEXTS}]::text[], bill_rates.vat_rate)`);

/**
 * `computeBill` (packages/contract/src/bill.ts) in SQL for many orders at once, for bills without a service
 * charge, over whole VND and basis points. `rateSums` answers `(order_id, vat_rate, amount, discount,
 * prices_include_tax)`: each order's lines added up by rate (the rate as the column keeps it, 'KCT', '8', …), with
 * the order's discount and VAT mode on each of its rows. Answers one row per order with a subtotal:
 * `(order_id, subtotal, discount, tax, total, taxes)`, `taxes` the jsonb parts an order keeps. As in
 * `computeBill`, the discount is shared between the rates in proportion (`splitAmount`: floors, then the đồng
 * left to the largest remainders, the earlier rate on a tie), and each rate's VAT is rounded half up once: what
 * its part holds (`taxContained`) or what is added to it (`percentOf`).
 */
export function billsByRateSql(rateSums: SQL): SQL {
  return sql`(
    with bill_rates as (
      select r.order_id, r.vat_rate::text as vat_rate, r.amount::bigint as amount, r.prices_include_tax,
        (sum(r.amount::bigint) over (partition by r.order_id))::bigint as subtotal, r.discount::bigint as wanted
      from (${rateSums}) r where r.amount <> 0
    ),
    bill_rated as (
      select bill_rates.*, ${RATE_PLACE} as place,
        (case when bill_rates.vat_rate = 'KCT' then 0 else bill_rates.vat_rate::int end) * 100 as basis_points,
        least(greatest(0, bill_rates.wanted), bill_rates.subtotal) as discount
      from bill_rates
    ),
    bill_shared as (
      select bill_rated.*, bill_rated.discount * bill_rated.amount / bill_rated.subtotal as share,
        bill_rated.discount - sum(bill_rated.discount * bill_rated.amount / bill_rated.subtotal) over (partition by bill_rated.order_id) as left_over,
        row_number() over (partition by bill_rated.order_id
          order by bill_rated.discount * bill_rated.amount % bill_rated.subtotal desc, bill_rated.place) as by_remainder
      from bill_rated
    ),
    bill_charged as (
      select bill_shared.*, bill_shared.amount - bill_shared.share - case when bill_shared.by_remainder <= bill_shared.left_over then 1 else 0 end as charged
      from bill_shared
    ),
    bill_taxed as (
      select bill_charged.*, case when bill_charged.prices_include_tax
        then (2 * bill_charged.charged * bill_charged.basis_points + 10000 + bill_charged.basis_points) / (2 * (10000 + bill_charged.basis_points))
        else (bill_charged.charged * bill_charged.basis_points + 5000) / 10000 end as tax
      from bill_charged
    )
    select order_id, max(subtotal)::int as subtotal, max(discount)::int as discount, sum(tax)::int as tax,
      (max(subtotal) - max(discount) + case when bool_or(prices_include_tax) then 0 else sum(tax) end)::int as total,
      jsonb_agg(jsonb_build_object(
        'vatRate', case when vat_rate = 'KCT' then to_jsonb('KCT'::text) else to_jsonb(vat_rate::int) end,
        'taxable', case when prices_include_tax then charged - tax else charged end,
        'tax', tax) order by place) as taxes
    from bill_taxed group by order_id
  )`;
}

/**
 * Bills the orders `which` selects (over `o`, the orders table) again from their lines, by rate, with the
 * discount each already has: their subtotal, tax, total and VAT parts, in their own VAT mode.
 */
export async function rebillOrders(db: Executor, which: SQL): Promise<void> {
  const bills = billsByRateSql(sql`
    select l.order_id, l.vat_rate, sum(l.total) as amount, o.discount, o.prices_include_tax
    from ${orderLines} l join ${orders} o on o.id = l.order_id
    where ${which}
    group by l.order_id, l.vat_rate, o.discount, o.prices_include_tax`);
  await db.execute(sql`
    update ${orders} o set subtotal = b.subtotal, discount = b.discount, tax = b.tax, total = b.total, taxes = b.taxes
    from ${bills} b where o.id = b.order_id`);
}
