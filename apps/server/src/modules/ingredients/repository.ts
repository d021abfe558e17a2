import type { StockChangeReason } from '@quan/contract/ingredient';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ingredientHistory } from '../../db/schema/ingredient-history';
import { ingredients } from '../../db/schema/ingredients';
import { itemRecipeLines, items, optionGroups, optionRecipeLines, options } from '../../db/schema/menu';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

export type IngredientRow = typeof ingredients.$inferSelect;

/** One ingredient's stock before and after a change, as the database computed it. */
export interface StockMove {
  row: IngredientRow;
  /** Signed, exact (numeric arithmetic in SQL). */
  change: number;
  before: number;
}

export async function listIngredients(db: Executor): Promise<IngredientRow[]> {
  return db
    .select()
    .from(ingredients)
    .orderBy(asc(sql`lower(${ingredients.name})`));
}

export async function findIngredient(db: Executor, id: string): Promise<IngredientRow | undefined> {
  const [row] = await db.select().from(ingredients).where(eq(ingredients.id, id));
  return row;
}

/** Locks the row for the rest of the transaction: its stock and threshold cannot change under us. */
export async function lockIngredient(db: Executor, id: string): Promise<IngredientRow | undefined> {
  const [row] = await db.select().from(ingredients).where(eq(ingredients.id, id)).for('update');
  return row;
}

export async function insertIngredient(db: Executor, values: typeof ingredients.$inferInsert): Promise<IngredientRow> {
  const [row] = await db.insert(ingredients).values(values).returning();
  if (!row) throw new Error('insert into ingredients returned no row');
  return row;
}

export async function updateIngredientFields(
  db: Executor,
  id: string,
  changes: Omit<Partial<typeof ingredients.$inferInsert>, 'quantity'>,
): Promise<IngredientRow> {
  const [row] = await db
    .update(ingredients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(ingredients.id, id))
    .returning();
  if (!row) throw new Error('update of a locked ingredient returned no row');
  return row;
}

/** Sets the stock of a locked ingredient to a counted quantity. */
export async function setQuantity(db: Executor, locked: IngredientRow, quantity: number): Promise<StockMove> {
  const [row] = await db
    .update(ingredients)
    .set({ quantity, updatedAt: sql`now()` })
    .where(eq(ingredients.id, locked.id))
    .returning();
  if (!row) throw new Error('update of a locked ingredient returned no row');
  return toMove(row, locked.quantity);
}

function toMove(row: IngredientRow, before: string | number): StockMove {
  const previous = Number(before);
  // Both numbers come from numeric(14,3) values: rounding to 3 places removes the float noise of the subtraction.
  return { row, before: previous, change: Math.round((row.quantity - previous) * 1000) / 1000 };
}

export async function deleteIngredient(db: Executor, id: string): Promise<void> {
  await db.delete(ingredients).where(eq(ingredients.id, id));
}

/** Names of the dishes whose recipe uses this ingredient. */
/** The dishes whose recipe uses the ingredient, then the options that change it ("Size: Lớn"). */
export async function dishesUsing(db: Executor, ingredientId: string): Promise<string[]> {
  const dishes = await db
    .select({ name: items.name })
    .from(itemRecipeLines)
    .innerJoin(items, eq(items.id, itemRecipeLines.itemId))
    .where(eq(itemRecipeLines.ingredientId, ingredientId))
    .orderBy(asc(items.name));
  const changedBy = await db
    .select({ group: optionGroups.name, option: options.name })
    .from(optionRecipeLines)
    .innerJoin(options, eq(options.id, optionRecipeLines.optionId))
    .innerJoin(optionGroups, eq(optionGroups.id, options.groupId))
    .where(eq(optionRecipeLines.ingredientId, ingredientId))
    .orderBy(asc(optionGroups.name), asc(options.name));
  return [...dishes.map((row) => row.name), ...changedBy.map((row) => `${row.group}: ${row.option}`)];
}

export interface HistoryEntry {
  ingredientId: string;
  change: number;
  quantityAfter: number;
  reason: StockChangeReason;
  orderId?: string | null;
  roundNo?: number | null;
  note?: string;
  userId: string | null;
}

export async function insertHistory(db: Executor, entries: (HistoryEntry & { id: string })[]): Promise<void> {
  if (entries.length > 0) await db.insert(ingredientHistory).values(entries);
}

/** One page of an ingredient's history, newest first, with who made each change and the order's number. */
export async function pageHistory(db: Executor, ingredientId: string, page: { offset: number; limit: number }) {
  const where = eq(ingredientHistory.ingredientId, ingredientId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: ingredientHistory,
        user: { id: users.id, name: users.name },
        orderNo: orders.orderNo,
      })
      .from(ingredientHistory)
      .leftJoin(users, eq(users.id, ingredientHistory.userId))
      .leftJoin(orders, eq(orders.id, ingredientHistory.orderId))
      .where(where)
      .orderBy(desc(ingredientHistory.createdAt), desc(ingredientHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ingredientHistory).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One portion of each order line that `where` picks (on alias `ol`), per ingredient: the dish's recipe and
 * its options' changes, never less than nothing ("không hành" can take the onions out, not add stock).
 * `lines` is where the lines come from: the order lines, or lines not written anywhere yet (linesAsRows).
 */
function portionRecipes(where: SQL, lines: SQL = sql`order_lines`): SQL {
  return sql`
    select parts.position, parts.portions, parts.ingredient_id, greatest(0, sum(parts.quantity)) as per_portion
    from (
      select ol.position, ol.quantity - ol.voided_quantity as portions, r.ingredient_id, r.quantity
      from ${lines} ol
      join item_recipe_lines r on r.item_id = ol.item_id
      where ${where}
      union all
      select ol.position, ol.quantity - ol.voided_quantity, r.ingredient_id, r.quantity
      from ${lines} ol
      cross join lateral jsonb_array_elements(ol.options) as chosen
      join option_recipe_lines r on r.option_id = (chosen ->> 'optionId')::uuid
      where ${where}
    ) parts
    group by parts.position, parts.portions, parts.ingredient_id`;
}

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
async function rawRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What one round of an order needs of each ingredient (each line's portion recipe × portions still on the
 * bill, summed in SQL), with the ingredient rows locked in id order so that two orders never deadlock: one
 * statement, which finds nothing to lock for a round whose dishes have no recipe.
 */
export async function lockNeedsOfRound(db: Executor, orderId: string, roundNo: number) {
  const needs = sql`(
    select ingredient_id, sum(per_portion * portions) as amount
    from (${portionRecipes(sql`ol.order_id = ${orderId} and ol.round_no = ${roundNo}`)}) as line_needs
    group by ingredient_id
    having sum(per_portion * portions) > 0) as needs`;
  const locked = await db
    .select({ row: ingredients, amount: sql<string>`needs.amount` })
    .from(ingredients)
    .innerJoin(needs, sql`needs.ingredient_id = ${ingredients.id}`)
    .orderBy(asc(ingredients.id))
    .for('update', { of: ingredients });
  return locked.map(({ row, amount }) => {
    // Exact decimals from SQL: parsing both sides keeps their order, so the comparison is exact too.
    const needed = Number(amount);
    return { row, amount: needed, covered: row.quantity >= needed };
  });
}

/** Lines not written anywhere (a reservation's pre-order) in the shape of order_lines, for portionRecipes. */
export interface LineToCheck {
  itemId: string;
  quantity: number;
  options: { optionId: string | null }[];
}

const linesAsRows = (lines: LineToCheck[]) => sql`(
  select x.position, x.quantity, 0 as voided_quantity, x.item_id, x.options
  from jsonb_to_recordset(${JSON.stringify(
    lines.map((line, position) => ({ position, quantity: line.quantity, item_id: line.itemId, options: line.options })),
  )}::jsonb) as x(position int, quantity int, item_id uuid, options jsonb))`;

/**
 * What these lines would need of each ingredient, with the stock there is now; nothing is locked or taken
 * (a pre-order is checked when booked and takes its stock only when it goes to the kitchen).
 */
export async function needsOfLines(db: Executor, lines: LineToCheck[]) {
  if (lines.length === 0) return [];
  const needs = sql`(
    select ingredient_id, sum(per_portion * portions) as amount
    from (${portionRecipes(sql`true`, linesAsRows(lines))}) as line_needs
    group by ingredient_id
    having sum(per_portion * portions) > 0) as needs`;
  const rows = await db
    .select({ row: ingredients, amount: sql<string>`needs.amount` })
    .from(ingredients)
    .innerJoin(needs, sql`needs.ingredient_id = ${ingredients.id}`)
    .orderBy(asc(ingredients.id));
  return rows.map(({ row, amount }) => {
    const needed = Number(amount);
    return { row, amount: needed, covered: row.quantity >= needed };
  });
}

/** One portion of an order line, per ingredient, with its options' changes. */
export async function portionRecipeOfLine(db: Executor, line: { orderId: string; position: number }) {
  const parts = await rawRows<{ ingredient_id: string; per_portion: string }>(
    db,
    portionRecipes(sql`ol.order_id = ${line.orderId} and ol.position = ${line.position}`),
  );
  return parts.map((part) => ({ ingredientId: part.ingredient_id, quantity: Number(part.per_portion) }));
}

/**
 * What an order (or one of its rounds) took and has not given back yet, per ingredient, from its own
 * history rows: a recipe edited since the order was placed changes nothing. Rows locked in id order.
 */
export async function lockTakenByOrder(db: Executor, orderId: string, roundNo?: number) {
  const taken = db.$with('taken').as(
    db
      .select({
        ingredientId: ingredientHistory.ingredientId,
        amount: sql<string>`-sum(${ingredientHistory.change})`.as('amount'),
      })
      .from(ingredientHistory)
      .where(
        and(
          eq(ingredientHistory.orderId, orderId),
          inArray(ingredientHistory.reason, ['order', 'order_cancelled']),
          roundNo === undefined ? undefined : eq(ingredientHistory.roundNo, roundNo),
        ),
      )
      .groupBy(ingredientHistory.ingredientId)
      .having(sql`sum(${ingredientHistory.change}) < 0`),
  );
  const rows = await db
    .with(taken)
    .select({ row: ingredients, amount: taken.amount })
    .from(ingredients)
    .innerJoin(taken, eq(taken.ingredientId, ingredients.id))
    .orderBy(asc(ingredients.id))
    .for('update', { of: ingredients });
  return rows.map((r) => ({ row: r.row, amount: Number(r.amount) }));
}

/**
 * Moves the stock of ingredients locked by the caller (in id order) by signed amounts, one move per
 * ingredient, in one statement. Each move is conditional, so undefined in the result (in the order of
 * `moves`) means that one would have gone below zero and nothing moved for it.
 */
export async function moveStock(
  db: Executor,
  moves: { ingredientId: string; change: number }[],
): Promise<(StockMove | undefined)[]> {
  if (moves.length === 0) return [];
  // An UPDATE … FROM applies one row of the list per ingredient, so a second move of it would be lost while its
  // history was still written: callers sum per ingredient first.
  if (new Set(moves.map((move) => move.ingredientId)).size !== moves.length) {
    throw new Error('moveStock takes one move per ingredient');
  }
  const changes = sql.join(
    moves.map((move) => sql`(${move.ingredientId}::uuid, ${move.change}::numeric)`),
    sql`, `,
  );
  const moved = await db
    .update(ingredients)
    .set({ quantity: sql`${ingredients.quantity} + moves.change`, updatedAt: sql`now()` })
    .from(sql`(values ${changes}) as moves (ingredient_id, change)`)
    .where(and(sql`${ingredients.id} = moves.ingredient_id`, sql`${ingredients.quantity} + moves.change >= 0`))
    .returning({ row: ingredients, before: sql<string>`${ingredients.quantity} - moves.change` });
  const byId = new Map(moved.map(({ row, before }) => [row.id, toMove(row, before)]));
  return moves.map((move) => byId.get(move.ingredientId));
}

/**
 * Whether any recipe line needs an amount between two stock levels of its ingredient, i.e. some dish (or
 * an option of one) went from makeable to sold out or back. One statement.
 */
export async function crossesARecipe(db: Executor, moves: StockMove[]): Promise<boolean> {
  const changed = moves.filter((move) => move.change !== 0);
  if (changed.length === 0) return false;
  const between = (ingredientId: SQL, amount: SQL) =>
    sql.join(
      changed.map(
        (move) =>
          sql`(${ingredientId} = ${move.row.id} and ${amount} > ${Math.min(move.before, move.row.quantity)} and ${amount} <= ${Math.max(move.before, move.row.quantity)})`,
      ),
      sql` or `,
    );
  const [answer] = await rawRows<{ crosses: boolean }>(
    db,
    sql`select exists (
          select 1 from item_recipe_lines irl
          where ${between(sql`irl.ingredient_id`, sql`irl.quantity`)}
        ) or exists (
          -- An option sells out (or comes back) at the dish's amount plus the option's change.
          select 1
          from option_recipe_lines orl
          join options o on o.id = orl.option_id and o.removed_at is null
          join item_option_groups iog on iog.group_id = o.group_id
          left join item_recipe_lines irl on irl.item_id = iog.item_id and irl.ingredient_id = orl.ingredient_id
          where ${between(sql`orl.ingredient_id`, sql`(coalesce(irl.quantity, 0) + orl.quantity)`)}
        ) as crosses`,
  );
  return answer?.crosses === true;
}

/** A merge: the stock an order took becomes the order's it joined, its rounds numbered after that one's. */
export async function reassignOrderHistory(
  db: Executor,
  move: { fromOrderId: string; toOrderId: string; roundOffset: number },
): Promise<void> {
  await db
    .update(ingredientHistory)
    .set({ orderId: move.toOrderId, roundNo: sql`${ingredientHistory.roundNo} + ${move.roundOffset}` })
    .where(eq(ingredientHistory.orderId, move.fromOrderId));
}
