import type { StockChangeReason } from '@quan/contract/ingredient';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, branchStock, stockTransferLines, stockTransfers } from '../../db/schema/branches';
import { ingredientHistory } from '../../db/schema/ingredient-history';
import { ingredients } from '../../db/schema/ingredients';
import { itemRecipeLines, items, optionGroups, optionRecipeLines, options } from '../../db/schema/menu';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

/** An ingredient of the chain's catalogue (name, unit, cost, supplier). */
export type IngredientRow = typeof ingredients.$inferSelect;

/** A catalogue ingredient with what one branch holds of it: 0 and 0 while the branch has no row of it yet. */
export type StockedIngredient = IngredientRow & { quantity: number; lowStockThreshold: number };

/** One ingredient's stock in a branch before and after a change, as the database computed it. */
export interface StockMove {
  row: StockedIngredient;
  /** Signed, exact (numeric arithmetic in SQL). */
  change: number;
  before: number;
}

const stockInBranch = (branchId: string) =>
  and(eq(branchStock.ingredientId, ingredients.id), eq(branchStock.branchId, branchId));

/** The catalogue's columns and the branch's quantity and threshold (read through `stockInBranch`). */
const stockedColumns = {
  ...getTableColumns(ingredients),
  quantity: sql<number>`coalesce(${branchStock.quantity}, 0)`.mapWith(Number),
  lowStockThreshold: sql<number>`coalesce(${branchStock.lowStockThreshold}, 0)`.mapWith(Number),
};

export async function listIngredients(db: Executor, branchId: string): Promise<StockedIngredient[]> {
  return db
    .select(stockedColumns)
    .from(ingredients)
    .leftJoin(branchStock, stockInBranch(branchId))
    .orderBy(asc(sql`lower(${ingredients.name})`));
}

export async function findIngredient(
  db: Executor,
  branchId: string,
  id: string,
): Promise<StockedIngredient | undefined> {
  const [row] = await db
    .select(stockedColumns)
    .from(ingredients)
    .leftJoin(branchStock, stockInBranch(branchId))
    .where(eq(ingredients.id, id));
  return row;
}

/** The catalogue rows of these ids (those that exist). */
export async function findCatalogue(db: Executor, ids: string[]): Promise<IngredientRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(ingredients).where(inArray(ingredients.id, ids));
}

/**
 * Locks the catalogue row for the rest of the transaction (its name, unit and cost cannot change under us)
 * and reads the branch's stock of it. `no key update`: orders of every branch keep writing history rows
 * that refer to the ingredient meanwhile (their foreign key check takes a key share lock, which this lets
 * through), so an edit never waits on the stock rows an order holds while that order waits on the edit.
 */
export async function lockIngredient(
  db: Executor,
  branchId: string,
  id: string,
  strength: 'no key update' | 'update' = 'no key update',
): Promise<StockedIngredient | undefined> {
  const [row] = await db
    .select(stockedColumns)
    .from(ingredients)
    .leftJoin(branchStock, stockInBranch(branchId))
    .where(eq(ingredients.id, id))
    .for(strength, { of: ingredients });
  return row;
}

/** Locks the branch's stock row of an ingredient, adding it (nothing held, threshold 0) on the branch's first change. */
export async function lockStock(
  db: Executor,
  branchId: string,
  ingredientId: string,
): Promise<{ quantity: number; lowStockThreshold: number }> {
  await db.insert(branchStock).values({ branchId, ingredientId }).onConflictDoNothing();
  const [row] = await db
    .select({ quantity: branchStock.quantity, lowStockThreshold: branchStock.lowStockThreshold })
    .from(branchStock)
    .where(and(eq(branchStock.branchId, branchId), eq(branchStock.ingredientId, ingredientId)))
    .for('update');
  if (!row) throw new Error('the stock row just added is not there');
  return row;
}

/**
 * Locks the branch's stock rows of these ingredients in id order (the order every stock move locks in), adding
 * the missing ones first: what a branch receives may be new to it.
 */
export async function lockStockRows(db: Executor, branchId: string, ingredientIds: string[]): Promise<void> {
  if (ingredientIds.length === 0) return;
  const sorted = [...ingredientIds].sort();
  await db
    .insert(branchStock)
    .values(sorted.map((ingredientId) => ({ branchId, ingredientId })))
    .onConflictDoNothing();
  await db
    .select({ ingredientId: branchStock.ingredientId })
    .from(branchStock)
    .where(and(eq(branchStock.branchId, branchId), inArray(branchStock.ingredientId, sorted)))
    .orderBy(asc(branchStock.ingredientId))
    .for('update');
}

/**
 * The branch's held stock of these ingredients with their catalogue rows, locked in id order; an ingredient
 * the branch has no row of is absent (it holds none).
 */
export async function lockHeldStock(db: Executor, branchId: string, ingredientIds: string[]) {
  if (ingredientIds.length === 0) return [];
  return db
    .select({
      ...getTableColumns(ingredients),
      quantity: branchStock.quantity,
      lowStockThreshold: branchStock.lowStockThreshold,
    })
    .from(branchStock)
    .innerJoin(ingredients, eq(ingredients.id, branchStock.ingredientId))
    .where(and(eq(branchStock.branchId, branchId), inArray(branchStock.ingredientId, ingredientIds)))
    .orderBy(asc(branchStock.ingredientId))
    .for('update', { of: branchStock });
}

export async function insertIngredient(db: Executor, values: typeof ingredients.$inferInsert): Promise<IngredientRow> {
  const [row] = await db.insert(ingredients).values(values).returning();
  if (!row) throw new Error('insert into ingredients returned no row');
  return row;
}

export async function insertStock(db: Executor, values: typeof branchStock.$inferInsert): Promise<void> {
  await db.insert(branchStock).values(values);
}

export async function updateIngredientFields(
  db: Executor,
  id: string,
  changes: Partial<Pick<typeof ingredients.$inferInsert, 'name' | 'unit' | 'costPerUnit' | 'supplier'>>,
): Promise<IngredientRow> {
  const [row] = await db
    .update(ingredients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(ingredients.id, id))
    .returning();
  if (!row) throw new Error('update of a locked ingredient returned no row');
  return row;
}

/** Sets the low-stock threshold of a branch's locked stock row. */
export async function setThreshold(db: Executor, branchId: string, ingredientId: string, threshold: number) {
  const [row] = await db
    .update(branchStock)
    .set({ lowStockThreshold: threshold, updatedAt: sql`now()` })
    .where(and(eq(branchStock.branchId, branchId), eq(branchStock.ingredientId, ingredientId)))
    .returning({ lowStockThreshold: branchStock.lowStockThreshold });
  if (!row) throw new Error('update of a locked stock row returned no row');
  return row.lowStockThreshold;
}

/** Sets a branch's locked stock of an ingredient to a counted quantity. */
export async function setQuantity(
  db: Executor,
  branchId: string,
  locked: StockedIngredient,
  quantity: number,
): Promise<StockMove> {
  const [row] = await db
    .update(branchStock)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(branchStock.branchId, branchId), eq(branchStock.ingredientId, locked.id)))
    .returning({ quantity: branchStock.quantity });
  if (!row) throw new Error('update of a locked stock row returned no row');
  return toMove({ ...locked, quantity: row.quantity }, locked.quantity);
}

function toMove(row: StockedIngredient, before: string | number): StockMove {
  const previous = Number(before);
  // Both numbers come from numeric(14,3) values: rounding to 3 places removes the float noise of the subtraction.
  return { row, before: previous, change: Math.round((row.quantity - previous) * 1000) / 1000 };
}

export async function deleteIngredient(db: Executor, id: string): Promise<void> {
  await db.delete(ingredients).where(eq(ingredients.id, id));
}

/** The numbers of the stock transfers that carried the ingredient (their lines keep it in the catalogue). */
export async function transfersCarrying(db: Executor, ingredientId: string): Promise<number[]> {
  const rows = await db
    .select({ transferNo: stockTransfers.transferNo })
    .from(stockTransferLines)
    .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
    .where(eq(stockTransferLines.ingredientId, ingredientId))
    .orderBy(asc(stockTransfers.transferNo))
    .limit(5);
  return rows.map((row) => row.transferNo ?? 0);
}

/** The branches that hold some of the ingredient (not 0), in the chain's order. */
export async function branchesHolding(db: Executor, ingredientId: string) {
  return db
    .select({ branchId: branches.id, branchName: branches.name, quantity: branchStock.quantity })
    .from(branchStock)
    .innerJoin(branches, eq(branches.id, branchStock.branchId))
    .where(and(eq(branchStock.ingredientId, ingredientId), ne(branchStock.quantity, 0)))
    .orderBy(asc(branches.position));
}

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
  branchId: string;
  ingredientId: string;
  change: number;
  quantityAfter: number;
  reason: StockChangeReason;
  orderId?: string | null;
  roundNo?: number | null;
  transferId?: string | null;
  note?: string;
  userId: string | null;
}

export async function insertHistory(db: Executor, entries: (HistoryEntry & { id: string })[]): Promise<void> {
  if (entries.length > 0) await db.insert(ingredientHistory).values(entries);
}

/** One page of a branch's history of an ingredient, newest first, with who made each change and the order's number. */
export async function pageHistory(
  db: Executor,
  branchId: string,
  ingredientId: string,
  page: { offset: number; limit: number },
) {
  const where = and(eq(ingredientHistory.branchId, branchId), eq(ingredientHistory.ingredientId, ingredientId));
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

/** What the lines that `where` picks need of each ingredient, as a subquery `needs (ingredient_id, amount)`. */
const needsOf = (where: SQL, lines?: SQL) => sql`(
    select ingredient_id, sum(per_portion * portions) as amount
    from (${portionRecipes(where, lines)}) as line_needs
    group by ingredient_id
    having sum(per_portion * portions) > 0)`;

/** The catalogue's columns as a raw query reads them from `i`, beside what the lines need and the branch holds. */
const catalogueOfI = sql`i.id, i.name, i.unit, i.cost_per_unit, i.supplier, i.created_at, i.updated_at`;

/** An ingredient some lines need: `amount`, and `quantity` held (null: the branch has no row of it, none held). */
interface NeedRow {
  id: string;
  name: string;
  unit: IngredientRow['unit'];
  cost_per_unit: string;
  supplier: string;
  created_at: Date | string;
  updated_at: Date | string;
  amount: string;
  quantity: string | null;
}

function toNeed(need: NeedRow) {
  const row: IngredientRow = {
    id: need.id,
    name: need.name,
    unit: need.unit,
    costPerUnit: Number(need.cost_per_unit),
    supplier: need.supplier,
    createdAt: new Date(need.created_at),
    updatedAt: new Date(need.updated_at),
  };
  // Exact decimals from SQL: parsing both sides keeps their order, so the comparison is exact too.
  const [amount, quantity] = [Number(need.amount), Number(need.quantity ?? 0)];
  return { row, amount, quantity, covered: quantity >= amount };
}

/**
 * What one round of an order needs of each ingredient (each line's portion recipe × portions still on the
 * bill, summed in SQL), with the branch's stock rows of them locked in ingredient id order so that two orders
 * never deadlock: one statement, which finds nothing to lock for a round whose dishes have no recipe. An
 * ingredient the branch has no row of is needed all the same, and none of it is held.
 */
export async function lockNeedsOfRound(db: Executor, branchId: string, orderId: string, roundNo: number) {
  // The locks are taken in the CTE (materialized, sorted before it locks); the outer join keeps the needs
  // the branch holds nothing of, which a locking clause could not be put on.
  const rows = await rawRows<NeedRow>(
    db,
    sql`with needs as materialized ${needsOf(sql`ol.order_id = ${orderId} and ol.round_no = ${roundNo}`)},
      locked as materialized (
        select bs.ingredient_id, bs.quantity from ${branchStock} bs
        where bs.branch_id = ${branchId} and bs.ingredient_id in (select ingredient_id from needs)
        order by bs.ingredient_id
        for update)
      select ${catalogueOfI}, needs.amount, locked.quantity
      from needs
      join ${ingredients} i on i.id = needs.ingredient_id
      left join locked on locked.ingredient_id = needs.ingredient_id
      order by needs.ingredient_id`,
  );
  return rows.map(toNeed);
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
export async function needsOfLines(db: Executor, branchId: string, lines: LineToCheck[]) {
  if (lines.length === 0) return [];
  const rows = await rawRows<NeedRow>(
    db,
    sql`select ${catalogueOfI}, needs.amount, bs.quantity
      from ${needsOf(sql`true`, linesAsRows(lines))} as needs
      join ${ingredients} i on i.id = needs.ingredient_id
      left join ${branchStock} bs on bs.ingredient_id = needs.ingredient_id and bs.branch_id = ${branchId}
      order by needs.ingredient_id`,
  );
  return rows.map(toNeed);
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
 * history rows: a recipe edited since the order was placed changes nothing. The branch's stock rows are
 * locked in ingredient id order.
 */
export async function lockTakenByOrder(db: Executor, branchId: string, orderId: string, roundNo?: number) {
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
    .select({
      row: ingredients,
      quantity: branchStock.quantity,
      lowStockThreshold: branchStock.lowStockThreshold,
      amount: taken.amount,
    })
    .from(branchStock)
    .innerJoin(taken, eq(taken.ingredientId, branchStock.ingredientId))
    .innerJoin(ingredients, eq(ingredients.id, branchStock.ingredientId))
    .where(eq(branchStock.branchId, branchId))
    .orderBy(asc(branchStock.ingredientId))
    .for('update', { of: branchStock });
  return rows.map((r) => ({
    row: { ...r.row, quantity: r.quantity, lowStockThreshold: r.lowStockThreshold } satisfies StockedIngredient,
    amount: Number(r.amount),
  }));
}

/**
 * Moves a branch's stock of ingredients locked by the caller (in id order) by signed amounts, one move per
 * ingredient, in one statement. Each move is conditional, so undefined in the result (in the order of
 * `moves`) means that one would have gone below zero (or the branch has no row of it) and nothing moved for it.
 */
export async function moveStock(
  db: Executor,
  branchId: string,
  moves: { row: IngredientRow; change: number }[],
): Promise<(StockMove | undefined)[]> {
  if (moves.length === 0) return [];
  // An UPDATE … FROM applies one row of the list per ingredient, so a second move of it would be lost while its
  // history was still written: callers sum per ingredient first.
  if (new Set(moves.map((move) => move.row.id)).size !== moves.length) {
    throw new Error('moveStock takes one move per ingredient');
  }
  const changes = sql.join(
    moves.map((move) => sql`(${move.row.id}::uuid, ${move.change}::numeric)`),
    sql`, `,
  );
  const moved = await db
    .update(branchStock)
    .set({ quantity: sql`${branchStock.quantity} + moves.change`, updatedAt: sql`now()` })
    .from(sql`(values ${changes}) as moves (ingredient_id, change)`)
    .where(
      and(
        eq(branchStock.branchId, branchId),
        sql`${branchStock.ingredientId} = moves.ingredient_id`,
        sql`${branchStock.quantity} + moves.change >= 0`,
      ),
    )
    .returning({
      ingredientId: branchStock.ingredientId,
      quantity: branchStock.quantity,
      lowStockThreshold: branchStock.lowStockThreshold,
      before: sql<string>`${branchStock.quantity} - moves.change`,
    });
  const byId = new Map(moved.map((stock) => [stock.ingredientId, stock]));
  return moves.map((move) => {
    const stock = byId.get(move.row.id);
    if (!stock) return undefined;
    const { quantity, lowStockThreshold } = stock;
    return toMove({ ...move.row, quantity, lowStockThreshold }, stock.before);
  });
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
