import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { defaultSettings } from '@quan/contract/settings';
import type { Role } from '@quan/contract/user';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { branches, branchItems, branchMembers } from '../db/schema/branches';
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
import { categoryVatRate, chooseMenu, mergeRecipe, popularityOrder } from './generate/menu';
import { demoOptionGroups } from './generate/option-groups';
import { restaurantSizes, type GeneratedRestaurant, type GenerateRestaurantOptions } from './generate/options';
import { insertOrderBatch, recordPayments, sendLinesToStations, type OrderContext } from './generate/order-history';
import { writeDemoPrinters } from './generate/printers';
import { pick, seededRandom } from './generate/random';
import { stageReservations } from './generate/reservations';
import { stageService } from './generate/service-now';
import { writeDemoBranchSettings, writeDemoSettings } from './generate/settings';
import { rows } from './generate/sql';
import { planStock, writeStock } from './generate/stock';
import { planTransfer, writeTransfer } from './generate/stock-transfer';
import { familyNames, givenNames, ingredientCatalog, middleNames } from './restaurant-catalog';

/**
 * Fills a migrated, empty database with a Vietnamese restaurant: its menu with recipes, ingredients in
 * stock, tables, staff accounts, loyalty customers, coupons with the spin wheel's prizes, and months or
 * years of orders with a daily and weekly rhythm, a share of them the customers'. Its sizes for tests and
 * the demo make it a chain of two: the first branch, and a smaller Quận 3 with its own tables, staff, a few
 * prices of its own, a dish it does not sell, and stock the first branch sent it. The orders are written by
 * set-based SQL in batches (one INSERT … SELECT per batch of days, random() seeded per batch), so a million
 * orders take minutes, and the same seed and day give the same orders, customers and coupons again.
 */

export {
  restaurantSizes,
  type GeneratedBranch,
  type GeneratedRestaurant,
  type GenerateRestaurantOptions,
  type RestaurantAccount,
  type RestaurantSize,
} from './generate/options';

/** Orders per INSERT … SELECT: large enough to be set-based, small enough to stay in memory. */
const BATCH_ORDERS = 50_000;
/** argon2id at the cost the users service hashes with (apps/server/src/modules/users/service.ts). */
const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** The chain's second shop, as the demo and its tests know it. */
export const SECOND_BRANCH = { name: 'Quận 3', slug: 'quan-3', address: '215 Võ Văn Tần, Phường 5, Quận 3, TP.HCM' };

/** Staff with Vietnamese names who appear in the accounts list and on the orders they took. */
function namedStaff(
  random: () => number,
  count: { staff: number; managers: number },
  passwordHash: string,
  openedAt: Date,
  emailSuffix: string,
) {
  return Array.from({ length: count.staff + count.managers }, (_, i) => {
    const family = pick(random, familyNames);
    const given = pick(random, givenNames);
    const name = `${family} ${pick(random, middleNames)} ${given}`;
    return {
      id: newId(),
      name,
      email: `${asciiSlug(given)}.${asciiSlug(family)}${i + 1}${emailSuffix}@quan.example`,
      phone: `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      passwordHash,
      role: (i < count.managers ? 'manager' : 'staff') as Role,
      status: 'active' as const,
      createdAt: openedAt,
      updatedAt: openedAt,
    };
  });
}

export async function generateRestaurant(
  db: Database,
  options: GenerateRestaurantOptions,
): Promise<GeneratedRestaurant> {
  const started = performance.now();
  const size = restaurantSizes[options.size];
  const second = size.secondBranch;
  const seed = options.seed ?? 1;
  const asOf = options.asOf ?? new Date();
  const random = seededRandom(seed);
  const progress = options.onProgress ?? (() => undefined);
  const language = options.language ?? defaultSettings.language;

  // The migrations made the first branch; the chain's settings are the restaurant's, a branch's its own.
  await writeDemoSettings(db);
  const [first] = await db.select().from(branches).orderBy(asc(branches.position)).limit(1);
  if (!first) throw new Error('The database has no branch; run the migrations');
  await writeDemoBranchSettings(db, first.id, language);
  const [settings] = await db
    .select({
      taxRate: restaurantSettings.taxRate,
      serviceVatRate: restaurantSettings.serviceVatRate,
      pricesIncludeTax: restaurantSettings.pricesIncludeTax,
      cashRounding: restaurantSettings.cashRounding,
      loyalty: restaurantSettings.loyalty,
    })
    .from(restaurantSettings)
    .where(eq(restaurantSettings.id, 1));
  const { taxRate, serviceVatRate, pricesIncludeTax, cashRounding, loyalty } = settings ?? defaultSettings;
  const timezone = first.timezone;
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
  const staffRows = namedStaff(random, size, staffHash, openedAt, '');
  // The second branch's people have a seeded stream of their own, so the first branch stays as it was.
  const secondStaffRows = second ? namedStaff(seededRandom(seed * 7_919 + 17), second, staffHash, openedAt, '.q3') : [];
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
  const secondBranchId = second ? newId() : null;
  const branchOf = (index: 0 | 1 | undefined) => (index === 1 && secondBranchId ? secondBranchId : first.id);
  const memberRows = [
    ...accountRows.flatMap((row, i) =>
      row.role === 'admin' ? [] : [{ userId: row.id, branchId: branchOf(accounts[i]!.branch), role: row.role }],
    ),
    ...staffRows.map((row) => ({ userId: row.id, branchId: first.id, role: row.role })),
    ...secondStaffRows.map((row) => ({ userId: row.id, branchId: secondBranchId!, role: row.role })),
  ] as { userId: string; branchId: string; role: 'manager' | 'staff' }[];

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
    vatRate: categoryVatRate(category.name),
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
  const tablesOf = (branchId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: newId(),
      branchId,
      tableNo: i + 1,
      seats: tableSeats[i % tableSeats.length]!,
      qrKey: randomBytes(16).toString('base64url'),
      createdAt: openedAt,
      updatedAt: openedAt,
    }));
  const tableRows = tablesOf(first.id, size.tables);
  const secondTableRows = second ? tablesOf(secondBranchId!, second.tables) : [];

  const { groupRows, optionRows, dishGroupRows } = demoOptionGroups(
    menu,
    dishRows.map((dish) => dish.id),
    openedAt,
  );
  const popularity = popularityOrder(menu, dishRows);
  // Quận 3's rent is higher: its three favourite dishes and its favourite drink cost a little more there, and
  // it has no room for the first branch's least ordered dish.
  const secondPrices = second
    ? [
        ...popularity.foodIds.slice(0, 3).map((id) => ({ id, more: 5_000 })),
        ...popularity.drinkIds.slice(0, 1).map((id) => ({ id, more: 3_000 })),
      ].map(({ id, more }) => ({
        branchId: secondBranchId!,
        itemId: id,
        price: dishRows.find((dish) => dish.id === id)!.price + more,
        isSold: true,
      }))
    : [];
  const secondNotSold = second && popularity.foodIds.length > 4 ? [popularity.foodIds.at(-1)!] : [];

  await db.transaction(async (tx) => {
    if (second) {
      await tx.insert(branches).values({
        id: secondBranchId!,
        name: SECOND_BRANCH.name,
        slug: SECOND_BRANCH.slug,
        address: SECOND_BRANCH.address,
        phone: '02838200300',
        position: first.position + 1,
        timezone,
        language,
        createdAt: openedAt,
        updatedAt: openedAt,
      });
      await writeDemoBranchSettings(tx, secondBranchId!, language);
    }
    await tx.insert(users).values([...accountRows, ...staffRows, ...secondStaffRows]);
    if (memberRows.length > 0) await tx.insert(branchMembers).values(memberRows);
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
    await tx.insert(diningTables).values([...tableRows, ...secondTableRows]);
    const branchItemRows = [
      ...secondPrices,
      ...secondNotSold.map((itemId) => ({ branchId: secondBranchId!, itemId, price: null, isSold: false })),
    ];
    if (branchItemRows.length > 0) await tx.insert(branchItems).values(branchItemRows);
    if (options.printers) {
      const bar = stationRows[1]!;
      await writeDemoPrinters(tx, {
        branchId: first.id,
        kitchenStationIds: stationRows.filter((station) => station !== bar).map((station) => station.id),
        barStationId: bar.id,
        addresses: options.printers,
        createdAt: openedAt,
      });
    }
  });
  const menuDone = performance.now();

  // Each branch's orders, a batch of days at a time; the staff who work there took them.
  const staffOf = (branchId: string) => memberRows.filter((m) => m.branchId === branchId).map((m) => m.userId);
  const adminIds = accountRows.filter((u) => u.role === 'admin').map((u) => u.id);
  const firstContext: OrderContext = {
    seed,
    branchId: first.id,
    salt: '',
    branchIndex: 0,
    asOf,
    timezone,
    vatRate: taxRate,
    serviceVatRate: serviceVatRate ?? taxRate,
    pricesIncludeTax,
    ...popularity,
    staffIds: staffOf(first.id),
    tables: tableRows.map(({ id, tableNo }) => ({ id, tableNo })),
    lastDay,
    // About half the tables: 6 of the demo's 12.
    seatedTables: Math.max(1, Math.round(size.tables / 2)),
  };
  const secondContext: OrderContext | null = second && {
    ...firstContext,
    branchId: secondBranchId!,
    salt: `:${SECOND_BRANCH.slug}`,
    branchIndex: 1,
    foodIds: popularity.foodIds.filter((id) => !secondNotSold.includes(id)),
    staffIds: staffOf(secondBranchId!).length > 0 ? staffOf(secondBranchId!) : adminIds,
    tables: secondTableRows.map(({ id, tableNo }) => ({ id, tableNo })),
    seatedTables: Math.max(1, Math.round(second.tables / 2)),
  };
  const inBatches = (counts: { day: string; count: number }[]) => {
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
    return batches;
  };
  const counts = dailyOrderCounts(random, lastDay, options.days, options.orders);
  // Quận 3 opened with the first branch's rhythm, a little quieter: a stream of its own keeps the first's.
  const secondCounts = second
    ? dailyOrderCounts(
        seededRandom(seed * 7_919 + 19),
        lastDay,
        options.days,
        Math.round(options.orders * second.orderShare),
      )
    : [];
  // Customers and coupons have a seeded stream of their own, so the restaurant's other choices stay as they were.
  const memberRandom = seededRandom(seed * 7_919 + 5);
  let customersTime = 0;
  const customerCount = options.customers ?? size.customers;
  const work = [
    { context: firstContext, batches: inBatches(counts), name: first.name },
    ...(secondContext ? [{ context: secondContext, batches: inBatches(secondCounts), name: SECOND_BRANCH.name }] : []),
  ];
  for (const [branchIndex, { context, batches, name }] of work.entries()) {
    for (const [index, batch] of batches.entries()) {
      progress(`${name}: orders ${batch[0]!.day} to ${batch.at(-1)!.day} (batch ${index + 1} of ${batches.length})`);
      // Once the customers exist, every branch's orders are attached to them as they are written.
      if (firstContext.members) context.members = firstContext.members;
      await insertOrderBatch(db, context, index, batch);
      if (branchIndex === 0 && index === 0) {
        progress(`${customerCount} customers`);
        const customersStarted = performance.now();
        firstContext.members = await addCustomers(db, {
          seed,
          random: memberRandom,
          count: customerCount,
          asOf,
          openedAt,
          lastDay,
          counts: [...counts, ...secondCounts],
          thresholds: loyalty.thresholds,
        });
        customersTime += performance.now() - customersStarted;
      }
    }
  }
  progress('the service going on now');
  // The service has a seeded stream of its own too, in each branch.
  const services: Awaited<ReturnType<typeof stageService>>[] = [];
  for (const [branchIndex, { context }] of work.entries()) {
    services.push(await stageService(db, context, seededRandom(seed * 7_919 + 11 + 1_000 * branchIndex)));
  }
  const ordersDone = performance.now();

  progress("today's reservations");
  for (const [branchIndex, { context }] of work.entries()) {
    await stageReservations(db, {
      branchId: context.branchId,
      asOf,
      timezone,
      lastDay,
      random: seededRandom(seed * 104_729 + 3 + 1_000 * branchIndex),
    });
  }

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

  progress('stock and thresholds, and a transfer between the branches');
  const managerOf = (branchId: string) =>
    memberRows.find((m) => m.branchId === branchId && m.role === 'manager')?.userId ?? adminIds[0] ?? null;
  const firstStock = await planStock(db, { branchId: first.id, asOf, random, ingredientIds, recipeRows });
  const secondStock = secondContext
    ? await planStock(db, {
        branchId: secondContext.branchId,
        asOf,
        random: seededRandom(seed * 7_919 + 23),
        ingredientIds,
        recipeRows,
      })
    : [];
  const transferLines = secondContext ? planTransfer(secondStock) : [];
  await writeStock(db, {
    branchId: first.id,
    openedAt,
    stock: firstStock,
    sentSince: new Map(transferLines.map((line) => [line.ingredientId, line.sent])),
    userId: adminIds[0] ?? null,
  });
  let transfer: GeneratedRestaurant['transfer'] = null;
  if (secondContext) {
    await writeStock(db, {
      branchId: secondContext.branchId,
      openedAt,
      stock: secondStock,
      userId: adminIds[0] ?? null,
    });
    if (transferLines.length > 0) {
      transfer = await writeTransfer(db, {
        asOf,
        from: { branchId: first.id, name: first.name, userId: managerOf(first.id) },
        to: { branchId: secondContext.branchId, name: SECOND_BRANCH.name, userId: managerOf(secondContext.branchId) },
        lines: transferLines,
      });
    }
  }
  const stockDone = performance.now();

  progress('kitchen stations');
  await sendLinesToStations(db, asOf, stationRows[0]!.id);

  // Once the coupons have set the final totals.
  progress('payments');
  await recordPayments(
    db,
    services.flatMap((service) => (service.partPaid ? [service.partPaid] : [])),
    cashRounding,
  );

  progress('revenue sums');
  await rebuildSalesSums(db);
  const rollupsDone = performance.now();

  // After a bulk load a database has no statistics and no visibility map yet; autovacuum would see to both
  // soon, and a restaurant's database has long had them.
  progress('vacuum and analyze');
  await db.execute(sql`vacuum (analyze) ${orders}, ${orderLines}, ${salesByHour}, ${itemSalesByDay}, ${customers}`);
  await db.execute(
    sql`analyze ${items}, ${categories}, ${ingredients}, ${itemRecipeLines}, ${diningTables}, ${users}, ${coupons}`,
  );
  const vacuumDone = performance.now();

  const perBranch = await rows<{ branch_id: string; orders: number }>(
    db,
    sql`select branch_id, count(*)::int as orders from ${orders} group by branch_id`,
  );
  const [written] = await rows<{ orders: number; lines: number }>(
    db,
    sql`select (select count(*) from ${orders})::int as orders, (select count(*) from ${orderLines})::int as lines`,
  );
  const branchSummaries = work.map(({ context }, index) => ({
    id: context.branchId,
    name: index === 0 ? first.name : SECOND_BRANCH.name,
    slug: index === 0 ? first.slug : SECOND_BRANCH.slug,
    tables: context.tables.length,
    accounts: memberRows.filter((m) => m.branchId === context.branchId).length,
    orders: perBranch.find((row) => row.branch_id === context.branchId)?.orders ?? 0,
    openOrders: services[index]!.openOrders,
    ownPrices: index === 0 ? 0 : secondPrices.length,
    notSold: index === 0 ? 0 : secondNotSold.length,
  }));
  return {
    branches: branchSummaries,
    transfer,
    categories: categoryRows.length,
    dishes: dishRows.length,
    ingredients: usedIngredients.length,
    tables: tableRows.length + secondTableRows.length,
    accounts: accountRows.length + staffRows.length + secondStaffRows.length,
    orders: written!.orders,
    openOrders: services.reduce((sum, service) => sum + service.openOrders, 0),
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
