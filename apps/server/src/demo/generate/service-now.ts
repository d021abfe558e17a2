import { openOrderStatuses } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import { vatRates } from '@quan/contract/vat';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branchItems } from '../../db/schema/branches';
import { categories, items } from '../../db/schema/menu';
import { orderLines, orderRounds, orders } from '../../db/schema/orders';
import { diningTables } from '../../db/schema/tables';
import { MINUTE_MS } from './calendar';
import type { OrderContext, PartPayment } from './order-history';
import { orderDraw, pick } from './random';
import { pgArray, rebillOrders, rows } from './sql';

// The service going on at `asOf`: the tables seated now, their open orders and rounds.

const OPEN_STATUSES = sql`(${sql.join(
  openOrderStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** What a seated table is doing now, the newest order first: see `servicePlan`. */
type TableScene = 'diner' | 'kitchen' | 'ready' | 'tab' | 'paying' | 'served';

/**
 * The scenes of the seated tables, the newest order first: two diners' QR orders waiting for staff to
 * accept them, a table in the kitchen, one whose dishes are ready, a tab that ordered more (its first round
 * served, the second in the kitchen), and the oldest served, two rounds, part of its bill paid. A bigger
 * restaurant repeats the middle of the list.
 */
function servicePlan(seated: number): TableScene[] {
  const scenes: TableScene[] = ['diner', 'diner', 'kitchen', 'ready', 'tab', 'paying'];
  const more: TableScene[] = ['kitchen', 'ready', 'served', 'tab'];
  return Array.from({ length: seated }, (_, i) => scenes[i] ?? more[(i - scenes.length) % more.length]!);
}

/** The service going on now: its orders, and the one whose bill is part paid. */
export interface Service {
  openOrders: number;
  partPaid: PartPayment | null;
}

/**
 * Stages the middle of a service at `asOf`, as the app would have left it. Open orders of the last hour
 * spread over it (the last batch placed one per table to seat at those times) take a table each, and follow `servicePlan`: the
 * order's rounds, status, source, version (one per change the app would have made) and table; a tab's
 * second round is one or two more dishes. Open orders left over were paid and closed by now. The tables
 * seated are booked with their order, the others free. (Stock is not taken per order: the generator sets
 * each ingredient's stock as a kitchen would have it now, see `stockIngredients`.)
 */
export async function stageService(db: Database, context: OrderContext, random: () => number): Promise<Service> {
  const { asOf, seed, staffIds } = context;
  const now = sql`${asOf.toISOString()}::timestamptz`;
  const branchId = sql`${context.branchId}::uuid`;
  const open = await rows<{
    id: string;
    created_at: string | Date;
    source: 'pos' | 'table';
    guests: number;
    created_by_id: string | null;
    customer_name: string;
    positions: number;
  }>(
    db,
    sql`select o.id, o.created_at, o.source, o.guests, o.created_by_id, o.customer_name,
      (select max(position) from ${orderLines} l where l.order_id = o.id)::int as positions
    from ${orders} o where o.branch_id = ${branchId} and o.status in ${OPEN_STATUSES} order by o.created_at desc, o.id`,
  );
  const scenes = servicePlan(Math.min(context.seatedTables, context.tables.length, open.length));
  // The tables sat down one after another over the last hour (the newest a minute or two ago): each scene
  // takes the open order placed closest to its time, so the rush's newest orders do not take every table.
  const left = [...open];
  const seated = scenes.map((_, i) => {
    const minutesAgo = 1 + 52 * (i / Math.max(1, scenes.length - 1)) ** 1.5;
    const wanted = asOf.getTime() - minutesAgo * MINUTE_MS;
    let best = 0;
    left.forEach((order, k) => {
      const distance = (o: typeof order) => Math.abs(new Date(o.created_at).getTime() - wanted);
      if (distance(order) < distance(left[best]!)) best = k;
    });
    return left.splice(best, 1)[0]!;
  });
  const leftOver = left.map((order) => order.id);
  // The tables seated now, in a seeded order that is not their numbers'.
  const tables = [...context.tables]
    .map((table) => ({ table, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ table }) => table);
  const dishes = await rows<{ id: string; name: string; price: number; category_id: string; vat_rate: string }>(
    db,
    sql`select i.id, i.name, coalesce(own.price, i.price) as price, i.category_id,
        coalesce(i.vat_rate, c.vat_rate, ${String(context.vatRate)}::text) as vat_rate
      from ${items} i join ${categories} c on c.id = i.category_id
      left join ${branchItems} own on own.branch_id = ${branchId} and own.item_id = i.id
      where i.is_available and coalesce(own.is_sold, true)`,
  );
  const dish = (ids: string[]) => {
    const available = ids.flatMap((id) => dishes.filter((d) => d.id === id));
    // The favourites more often than the others.
    return available.length > 0 ? available[Math.floor(random() ** 1.7 * available.length)]! : undefined;
  };
  let partPaid: Service['partPaid'] = null;

  await db.transaction(async (tx) => {
    // Orders left open without a table were paid and closed (in a seeded method), like the others.
    if (leftOver.length > 0) {
      const draw = orderDraw(seed, 'pay', sql`o.id`);
      await tx.execute(sql`
        update ${orders} o set status = 'completed', payment_status = 'paid', completed_at = o.updated_at,
          payment_method = case when ${draw} < 0.5 then 'cash' when ${draw} < 0.78 then 'transfer'
            when ${draw} < 0.92 then 'card' else 'ewallet' end
        where o.id = any(${pgArray(leftOver)}::uuid[])`);
      await tx.execute(
        sql`update ${orderRounds} set status = 'served' where order_id = any(${pgArray(leftOver)}::uuid[])`,
      );
    }
    await tx.execute(
      sql`update ${diningTables} set status = 'available', current_order_id = null where branch_id = ${branchId}`,
    );

    for (const [i, order] of seated.entries()) {
      const scene = scenes[i]!;
      const table = tables[i]!;
      const placed = new Date(order.created_at);
      const age = asOf.getTime() - placed.getTime();
      const staff = order.created_by_id ?? pick(random, staffIds);
      const diner = scene === 'diner';
      const twoRounds = scene === 'tab' || scene === 'paying';
      // The second round went in halfway through a served tab's meal, a few minutes ago for one in the kitchen.
      const secondAt = new Date(
        scene === 'tab'
          ? Math.max(placed.getTime() + MINUTE_MS, asOf.getTime() - (2 + 5 * random()) * MINUTE_MS)
          : placed.getTime() + age * (0.4 + 0.15 * random()),
      );
      const rounds: { no: number; status: RoundStatus; source: 'pos' | 'table'; sentAt: Date }[] = [
        {
          no: 1,
          status: diner ? 'pending' : scene === 'kitchen' ? 'in_progress' : scene === 'ready' ? 'ready' : 'served',
          source: diner ? 'table' : 'pos',
          sentAt: placed,
        },
      ];
      if (twoRounds) {
        rounds.push({ no: 2, status: scene === 'tab' ? 'in_progress' : 'served', source: 'pos', sentAt: secondAt });
      }
      // One change per step the app records: placed (1), ready, served, a round added, its ready and served,
      // and a payment taken.
      const version =
        1 + { diner: 0, kitchen: 0, ready: 1, served: 2, tab: 3, paying: 5 }[scene] + (scene === 'paying' ? 1 : 0);
      const paidAt = new Date(asOf.getTime() - (1 + 3 * random()) * MINUTE_MS);
      const updatedAt =
        scene === 'paying'
          ? paidAt
          : twoRounds
            ? secondAt
            : new Date(Math.min(asOf.getTime(), placed.getTime() + age * (scene === 'diner' ? 0 : 0.6)));

      if (twoRounds) {
        // Gọi thêm món: a drink for most guests and a dish, or just a dish.
        const more = [dish(context.drinkIds), dish(context.foodIds)].filter((d) => d !== undefined);
        for (const [k, extra] of more.entries()) {
          const quantity = k === 0 && more.length > 1 ? Math.max(1, Math.min(4, order.guests - 1)) : 1;
          await tx.insert(orderLines).values({
            orderId: order.id,
            position: order.positions + 1 + k,
            itemId: extra.id,
            categoryId: extra.category_id,
            name: extra.name,
            price: extra.price,
            quantity,
            total: extra.price * quantity,
            vatRate: vatRates.find((rate) => String(rate) === extra.vat_rate) ?? context.vatRate,
            roundNo: 2,
          });
        }
      }
      await tx.execute(sql`delete from ${orderRounds} where order_id = ${order.id}::uuid`);
      await tx.insert(orderRounds).values(
        rounds.map((round) => ({
          orderId: order.id,
          no: round.no,
          status: round.status,
          source: round.source,
          sentAt: round.sentAt,
          sentById: round.source === 'table' ? null : staff,
        })),
      );
      await tx.execute(sql`
        update ${orders} o set
          status = ${scene === 'diner' ? 'pending' : scene === 'kitchen' || scene === 'tab' ? 'in_progress' : scene === 'ready' ? 'ready' : 'served'},
          source = ${diner ? 'table' : 'pos'},
          table_id = ${table.id}::uuid,
          customer_name = ${diner ? '' : order.source === 'table' ? 'Khách lẻ' : order.customer_name},
          customer_phone = case when ${diner}::boolean then '' else o.customer_phone end,
          customer_id = case when ${diner}::boolean then null else o.customer_id end,
          created_by_id = ${diner ? null : staff}::uuid,
          tracking_token = case when ${diner}::boolean then coalesce(o.tracking_token,
            rtrim(translate(encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'base64'), '+/', '-_'), '='))
            end,
          payment_method = null, payment_status = 'unpaid', completed_at = null, discount = 0,
          version = ${version}, updated_at = ${updatedAt.toISOString()}::timestamptz
        where o.id = ${order.id}::uuid`);
      // The bill of its lines, by rate (the coupons, given later, take their part off it again).
      await rebillOrders(tx, sql`o.id = ${order.id}::uuid`);
      await tx.execute(sql`
        update ${diningTables} set status = 'booked', current_order_id = ${order.id}::uuid, updated_at = ${placed.toISOString()}::timestamptz
        where id = ${table.id}::uuid`);
      if (scene === 'paying') partPaid = { orderId: order.id, takenById: staff, takenAt: paidAt };
    }
  });
  const [written] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${orders}
      where branch_id = ${branchId} and status in ${OPEN_STATUSES} and ${now} >= created_at`,
  );
  return { openOrders: written?.n ?? 0, partPaid };
}
