import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { defaultSettings } from '@quan/contract/settings';
import type { Role } from '@quan/contract/user';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { coupons } from '../db/schema/coupons';
import { customers } from '../db/schema/customers';
import { ingredients } from '../db/schema/ingredients';
import {
  categories,
  itemOptionGroups,
  itemRecipeLines,
  items,
  optionGroups,
  options as dishOptions,
  stations,
} from '../db/schema/menu';
import { orderLines, orders } from '../db/schema/orders';
import { itemSalesByDay, salesByHour } from '../db/schema/sales';
import { restaurantSettings } from '../db/schema/settings';
import { diningTables } from '../db/schema/tables';
import { users } from '../db/schema/users';
import { newId } from '../lib/ids';
// The generator writes orders below the services, as a restore from a backup would, so it rebuilds the
// sums the same way the reports do after a change of time zone, rather than completing orders one by one.
import { rebuildSalesSums } from '../modules/reports/service';
import { addDays, dailyOrderCounts, localDate } from './generate/calendar';
import { addCoupons } from './generate/coupons';
import { addCustomers, asciiSlug, creditCustomers } from './generate/customers';
import { chooseMenu, mergeRecipe, popularityOrder } from './generate/menu';
import { demoOptionGroups } from './generate/option-groups';
import { restaurantSizes, type GeneratedRestaurant, type GenerateRestaurantOptions } from './generate/options';
import { insertOrderBatch, recordPayments, sendLinesToStations, type OrderContext } from './generate/order-history';
import { pick, seededRandom } from './generate/random';
import { stageReservations } from './generate/reservations';
import { stageService } from './generate/service-now';
import { writeDemoSettings } from './generate/settings';
import { rows } from './generate/sql';
import { stockIngredients } from './generate/stock';
import { familyNames, givenNames, ingredientCatalog, middleNames } from './restaurant-catalog';

/**
 * Fills a migrated, empty database with a Vietnamese restaurant: its menu with recipes, ingredients in
 * stock, tables, staff accounts, loyalty customers, coupons with the spin wheel's prizes, and months or
 * years of orders with a daily and weekly rhythm, a share of them the customers'. The orders are written by
 * set-based SQL in batches (one INSERT … SELECT per batch of days, random() seeded per batch), so a million
 * orders take minutes, and the same seed and day give the same orders, customers and coupons again.
 */

export {
  restaurantSizes,
  type GeneratedRestaurant,
  type GenerateRestaurantOptions,
  type RestaurantAccount,
  type RestaurantSize,
} from './generate/options';

/** Orders per INSERT … SELECT: large enough to be set-based, small enough to stay in memory. */
const BATCH_ORDERS = 50_000;
/** argon2id at the cost the users service hashes with (apps/server/src/modules/users/service.ts). */
const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function generateRestaurant(
  db: Database,
  options: GenerateRestaurantOptions,
): Promise<GeneratedRestaurant> {
  const started = performance.now();
  const size = restaurantSizes[options.size];
  const seed = options.seed ?? 1;
  const asOf = options.asOf ?? new Date();
  const random = seededRandom(seed);
  const progress = options.onProgress ?? (() => undefined);

  await writeDemoSettings(db, options.language ?? defaultSettings.language);
  const [settings] = await db
    .select({
      taxRate: restaurantSettings.taxRate,
      pricesIncludeTax: restaurantSettings.pricesIncludeTax,
      cashRounding: restaurantSettings.cashRounding,
      timezone: restaurantSettings.timezone,
      loyalty: restaurantSettings.loyalty,
    })
    .from(restaurantSettings)
    .where(eq(restaurantSettings.id, 1));
  const { taxRate, pricesIncludeTax, cashRounding, timezone, loyalty } = settings ?? defaultSettings;
  const lastDay = localDate(asOf, timezone);
  const firstDay = addDays(lastDay, -(options.days - 1));
  const [opening] = await rows<{ at: string }>(
    db,
    sql`select (${firstDay}::date::timestamp at time zone ${timezone}::text) - interval '7 days' as at`,
  );
  const openedAt = new Date(opening!.at);

  progress('accounts, menu, ingredients and tables');
  const accounts = options.accounts ?? [];
  const accountHashes = await Promise.all(accounts.map((a) => hash(a.password, PASSWORD_HASH_OPTIONS)));
  // The other staff appear in the accounts list and on the orders they took; their password is random and
  // kept nowhere, so nobody signs in as them.
  const staffHash = await hash(randomBytes(24).toString('base64url'), PASSWORD_HASH_OPTIONS);
  const staffRows = Array.from({ length: size.staff + size.managers }, (_, i) => {
    const family = pick(random, familyNames);
    const given = pick(random, givenNames);
    const name = `${family} ${pick(random, middleNames)} ${given}`;
    return {
      id: newId(),
      name,
      email: `${asciiSlug(given)}.${asciiSlug(family)}${i + 1}@quan.example`,
      phone: `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      passwordHash: staffHash,
      role: (i < size.managers ? 'manager' : 'staff') as Role,
      status: 'active' as const,
      createdAt: openedAt,
      updatedAt: openedAt,
    };
  });
  const accountRows = accounts.map((account, i) => ({
    id: newId(),
    name: account.name,
    email: account.email.toLowerCase(),
    phone: account.phone,
    passwordHash: accountHashes[i]!,
    role: account.role,
    status: 'active' as const,
    createdAt: openedAt,
    updatedAt: openedAt,
  }));

  const menu = chooseMenu(size);
  const usedIngredients = [
    ...new Set(menu.flatMap((category) => category.dishes.flatMap((d) => d.recipe.map(([key]) => key)))),
  ];
  const ingredientIds = new Map(usedIngredients.map((key) => [key, newId()]));
  // The kitchen cooks, the bar pours: drinks go to the bar, everything else to the first station.
  const stationRows = [
    { id: newId(), name: 'Bếp', targetMinutes: 15, sortOrder: 0, createdAt: openedAt, updatedAt: openedAt },
    { id: newId(), name: 'Bar', targetMinutes: 5, sortOrder: 1, createdAt: openedAt, updatedAt: openedAt },
  ];
  const categoryRows = menu.map((category) => ({
    id: newId(),
    name: category.name,
    nameEn: category.nameEn,
    description: category.description,
    color: category.color,
    sortOrder: category.sortOrder,
    stationId: category.isDrinks ? stationRows[1]!.id : null,
    createdAt: openedAt,
    updatedAt: openedAt,
  }));
  const dishRows = menu.flatMap((category, c) =>
    category.dishes.map((dish) => ({
      id: newId(),
      name: dish.name,
      description: dish.description ?? '',
      nameEn: dish.nameEn ?? null,
      descriptionEn: dish.descriptionEn ?? null,
      price: dish.price,
      categoryId: categoryRows[c]!.id,
      isAvailable: true,
      createdAt: openedAt,
      updatedAt: openedAt,
    })),
  );
  // A few dishes are switched off today (the market had none).
  for (let i = 0; i < size.unavailable; i++) pick(random, dishRows).isAvailable = false;
  const dishSpecs = menu.flatMap((category) => category.dishes);
  const recipeRows = dishRows.flatMap((row, d) =>
    [...mergeRecipe(dishSpecs[d]!.recipe)].map(([key, quantity]) => ({
      itemId: row.id,
      ingredientId: ingredientIds.get(key)!,
      quantity,
    })),
  );
  const tableSeats = [2, 4, 4, 4, 6, 2, 4, 8, 4, 6];
  const tableRows = Array.from({ length: size.tables }, (_, i) => ({
    id: newId(),
    tableNo: i + 1,
    seats: tableSeats[i % tableSeats.length]!,
    qrKey: randomBytes(16).toString('base64url'),
    createdAt: openedAt,
    updatedAt: openedAt,
  }));

  const { groupRows, optionRows, dishGroupRows } = demoOptionGroups(
    menu,
    dishRows.map((dish) => dish.id),
    openedAt,
  );

  await db.transaction(async (tx) => {
    await tx.insert(users).values([...accountRows, ...staffRows]);
    await tx.insert(stations).values(stationRows);
    await tx.insert(optionGroups).values(groupRows);
    await tx.insert(dishOptions).values(optionRows);
    await tx.insert(ingredients).values(
      usedIngredients.map((key) => ({
        id: ingredientIds.get(key)!,
        ...ingredientCatalog[key],
        costPerUnit: ingredientCatalog[key].cost,
        createdAt: openedAt,
        updatedAt: openedAt,
      })),
    );
    await tx.insert(categories).values(categoryRows);
    await tx.insert(items).values(dishRows);
    await tx.insert(itemRecipeLines).values(recipeRows);
    if (dishGroupRows.length > 0) await tx.insert(itemOptionGroups).values(dishGroupRows);
    await tx.insert(diningTables).values(tableRows);
  });
  const menuDone = performance.now();

  // Orders, a batch of days at a time.
  const context: OrderContext = {
    seed,
    asOf,
    timezone,
    taxRate,
    pricesIncludeTax,
    ...popularityOrder(menu, dishRows),
    staffIds: [...accountRows, ...staffRows].filter((u) => u.role !== 'admin').map((u) => u.id),
    tables: tableRows.map(({ id, tableNo }) => ({ id, tableNo })),
    lastDay,
    // About half the tables: 6 of the demo's 12.
    seatedTables: Math.max(1, Math.round(size.tables / 2)),
  };
  const counts = dailyOrderCounts(random, lastDay, options.days, options.orders);
  const batches: { day: string; count: number }[][] = [[]];
  let inBatch = 0;
  for (const day of counts) {
    if (inBatch >= (options.batchOrders ?? BATCH_ORDERS)) {
      batches.push([]);
      inBatch = 0;
    }
    batches.at(-1)!.push(day);
    inBatch += day.count;
  }
  // Customers and coupons have a seeded stream of their own, so the restaurant's other choices stay as they were.
  const memberRandom = seededRandom(seed * 7_919 + 5);
  let customersTime = 0;
  const customerCount = options.customers ?? size.customers;
  for (const [index, batch] of batches.entries()) {
    progress(`orders ${batch[0]!.day} to ${batch.at(-1)!.day} (batch ${index + 1} of ${batches.length})`);
    await insertOrderBatch(db, context, index, batch);
    if (index === 0) {
      progress(`${customerCount} customers`);
      const customersStarted = performance.now();
      context.members = await addCustomers(db, {
        seed,
        random: memberRandom,
        count: customerCount,
        asOf,
        openedAt,
        lastDay,
        counts,
        thresholds: loyalty.thresholds,
      });
      customersTime += performance.now() - customersStarted;
    }
  }
  progress('the service going on now');
  // The service has a seeded stream of its own too.
  const { openOrders, partPaid } = await stageService(db, context, seededRandom(seed * 7_919 + 11));
  const ordersDone = performance.now();

  progress("today's reservations");
  await stageReservations(db, { asOf, timezone, lastDay, random: seededRandom(seed * 104_729 + 3), options });

  progress('coupons, and the loyalty of the customers');
  const couponsMade = await addCoupons(db, {
    seed,
    random: memberRandom,
    openedAt,
    timezone,
    firstDay,
    lastDay,
    days: options.days,
  });
  const credited = await creditCustomers(db, { asOf, loyalty });
  const customersDone = performance.now();

  progress('stock and thresholds');
  await stockIngredients(db, {
    asOf,
    openedAt,
    random,
    ingredientIds,
    recipeRows,
    adminId: accountRows[0]?.id ?? null,
  });
  const stockDone = performance.now();

  progress('kitchen stations');
  await sendLinesToStations(db, asOf, stationRows[0]!.id);

  // Once the coupons have set the final totals.
  progress('payments');
  await recordPayments(db, partPaid, cashRounding);

  progress('revenue sums');
  await rebuildSalesSums(db, timezone);
  const rollupsDone = performance.now();

  // After a bulk load a database has no statistics and no visibility map yet; autovacuum would see to both
  // soon, and a restaurant's database has long had them.
  progress('vacuum and analyze');
  await db.execute(sql`vacuum (analyze) ${orders}, ${orderLines}, ${salesByHour}, ${itemSalesByDay}, ${customers}`);
  await db.execute(
    sql`analyze ${items}, ${categories}, ${ingredients}, ${itemRecipeLines}, ${diningTables}, ${users}, ${coupons}`,
  );
  const vacuumDone = performance.now();

  const [written] = await rows<{ orders: number; lines: number }>(
    db,
    sql`select (select count(*) from ${orders})::int as orders, (select count(*) from ${orderLines})::int as lines`,
  );
  return {
    categories: categoryRows.length,
    dishes: dishRows.length,
    ingredients: usedIngredients.length,
    tables: tableRows.length,
    accounts: accountRows.length + staffRows.length,
    orders: written!.orders,
    openOrders,
    orderLines: written!.lines,
    customers: customerCount,
    ...credited,
    ...couponsMade,
    firstDay,
    lastDay,
    timings: {
      menu: menuDone - started,
      orders: ordersDone - menuDone - customersTime,
      customers: customersTime + (customersDone - ordersDone),
      stock: stockDone - customersDone,
      rollups: rollupsDone - stockDone,
      vacuum: vacuumDone - rollupsDone,
      total: vacuumDone - started,
    },
  };
}
