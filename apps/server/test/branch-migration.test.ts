import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { defaultReservationSettings } from '@quan/contract/reservations';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { embeddedDir, openEmbedded } from '../src/db/embedded';
import { migrationsDir } from '../src/lib/server-root';

/**
 * Migration 0022 on a restaurant that has been running: a database at 0021 holding a day's business, then
 * migrated to the latest. Everything it had becomes the first branch's, and the app answers as before.
 */

const LAST_BEFORE_BRANCHES = '0021_staff_words';
const password = 'correct-horse-42';
const ids = {
  admin: '00000000-0000-4000-8000-000000000001',
  manager: '00000000-0000-4000-8000-000000000002',
  staff: '00000000-0000-4000-8000-000000000003',
  category: '00000000-0000-4000-8000-000000000010',
  item: '00000000-0000-4000-8000-000000000011',
  table: '00000000-0000-4000-8000-000000000020',
  ingredient: '00000000-0000-4000-8000-000000000030',
  history: '00000000-0000-4000-8000-000000000031',
  order: '00000000-0000-4000-8000-000000000040',
  payment: '00000000-0000-4000-8000-000000000041',
  audit: '00000000-0000-4000-8000-000000000042',
  shift: '00000000-0000-4000-8000-000000000050',
  reservation: '00000000-0000-4000-8000-000000000060',
};
const bank = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN PHO BAC' };
const serviceCharge = { rate: 5, dineIn: true, takeaway: false, table: true };
const reservations = { ...defaultReservationSettings, publicBooking: true, defaultMinutes: 120 };
const timezone = 'Asia/Bangkok';

/** The migrations folder as it stood before branches: 0000–0021 and their journal. */
function migrationsBeforeBranches(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quan-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE_BRANCHES);
  expect(last).toBe(21);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(join(migrationsDir, `${tag}.sql`), join(dir, `${tag}.sql`));
  return dir;
}

let dataDir: string;
let oldMigrations: string;
let webDist: string;

/** A running restaurant at 0021: settings, three people, a table, stock, an order paid, a shift, a booking, sums. */
async function fillRunningRestaurant(): Promise<void> {
  const pg = await openEmbedded(embeddedDir(dataDir));
  try {
    await migrate(drizzle(pg), { migrationsFolder: oldMigrations });
    const passwordHash = await hash(password);
    await pg.query(
      `insert into restaurant_settings (id, restaurant_name, timezone, bank, service_charge, language, reservations)
       values (1, 'Quán Phở Bắc', $1, $2, $3, 'en', $4)`,
      [timezone, JSON.stringify(bank), JSON.stringify(serviceCharge), JSON.stringify(reservations)],
    );
    await pg.query(
      `insert into users (id, name, email, phone, password_hash, role, status) values
       ($1, 'Chủ quán', 'owner@example.test', '0901000001', $4, 'admin', 'active'),
       ($2, 'Quản lý', 'manager@example.test', '0901000002', $4, 'manager', 'active'),
       ($3, 'Phục vụ', 'staff@example.test', '0901000003', $4, 'staff', 'active')`,
      [ids.admin, ids.manager, ids.staff, passwordHash],
    );
    await pg.query(`insert into categories (id, name, color) values ($1, 'Phở', '#c0392b')`, [ids.category]);
    await pg.query(`insert into items (id, name, price, category_id) values ($1, 'Phở bò', 55000, $2)`, [
      ids.item,
      ids.category,
    ]);
    await pg.query(`insert into dining_tables (id, table_no, seats, qr_key) values ($1, 7, 4, 'qr-key-7')`, [
      ids.table,
    ]);
    await pg.query(
      `insert into ingredients (id, name, unit, quantity, low_stock_threshold) values ($1, 'Thịt bò', 'kg', 12.5, 2)`,
      [ids.ingredient],
    );
    await pg.query(
      `insert into ingredient_history (id, ingredient_id, change, quantity_after, reason, user_id)
       values ($1, $2, 12.5, 12.5, 'initial', $3)`,
      [ids.history, ids.ingredient, ids.manager],
    );
    // The order numbers had reached 1042.
    await pg.query(
      `insert into orders (id, order_no, status, source, customer_name, guests, table_id, subtotal, tax_rate, tax,
         total, payment_method, payment_status, created_by_id, completed_at)
       overriding system value
       values ($1, 1042, 'completed', 'pos', 'Khách lẻ', 2, $2, 110000, 8, 8148, 110000, 'cash', 'paid', $3, now())`,
      [ids.order, ids.table, ids.staff],
    );
    await pg.query(
      `insert into order_lines (order_id, position, item_id, category_id, name, price, quantity, total)
       values ($1, 0, $2, $3, 'Phở bò', 55000, 2, 110000)`,
      [ids.order, ids.item, ids.category],
    );
    await pg.query(
      `insert into order_payments (id, order_id, method, amount, taken_by_id) values ($1, $2, 'cash', 110000, $3)`,
      [ids.payment, ids.order, ids.staff],
    );
    await pg.query(
      `insert into audit_log (id, kind, order_id, actor_id, summary, details)
       values ($1, 'refund', $2, $3, 'Refund', '{}')`,
      [ids.audit, ids.order, ids.manager],
    );
    await pg.query(
      `insert into shifts (id, device_id, device_name, status, opened_by_id, opening_float)
       values ($1, 'till-1', 'Quầy', 'open', $2, 500000)`,
      [ids.shift, ids.manager],
    );
    await pg.query(
      `insert into reservations (id, source, name, phone, party_size, starts_at, duration_minutes)
       values ($1, 'phone', 'Chị Lan', '0912345678', 4, now() + interval '1 day', 120)`,
      [ids.reservation],
    );
    await pg.query(`insert into reservation_tables (reservation_id, table_id) values ($1, $2)`, [
      ids.reservation,
      ids.table,
    ]);
    await pg.query(
      `insert into sales_by_hour (day, hour, payment_method, revenue, orders, guests)
       values (current_date, 12, 'cash', 110000, 1, 2)`,
    );
    await pg.query(
      `insert into item_sales_by_day (day, item_id, category_id, name, quantity, revenue)
       values (current_date, $1, $2, 'Phở bò', 2, 110000)`,
      [ids.item, ids.category],
    );
    await pg.query(`update sales_rollup_state set timezone = $1`, [timezone]);
  } finally {
    await pg.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quan-branch-migration-'));
  oldMigrations = migrationsBeforeBranches();
  webDist = mkdtempSync(join(tmpdir(), 'quan-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body>Quán</body></html>');
  await fillRunningRestaurant();
  // The latest migrations, as the server applies them when it starts on this database.
  const pg = await openEmbedded(embeddedDir(dataDir));
  try {
    await migrate(drizzle(pg), { migrationsFolder: migrationsDir });
  } finally {
    await pg.close();
  }
}, 120_000);

afterAll(() => {
  for (const dir of [dataDir, oldMigrations, webDist]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One query on the migrated database. */
async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const pg = await openEmbedded(embeddedDir(dataDir));
  try {
    return (await pg.query<T>(text, params)).rows;
  } finally {
    await pg.close();
  }
}

describe('migrating a running restaurant to branches (0022)', () => {
  it('makes one branch of it, with the settings it had and the next order number', async () => {
    const branches = await query<Record<string, unknown>>('select * from branches');
    expect(branches).toHaveLength(1);
    expect(branches[0]).toMatchObject({
      name: 'Quán Phở Bắc',
      slug: 'chi-nhanh-1',
      position: 1,
      next_order_no: 1043,
      timezone,
      bank,
      service_charge: serviceCharge,
      language: 'en',
      reservations,
    });
  });

  it("fills every row's branch with it", async () => {
    const [{ id: branchId }] = (await query<{ id: string }>('select id from branches')) as [{ id: string }];
    const perBranch = [
      'dining_tables',
      'orders',
      'shifts',
      'reservations',
      'ingredient_history',
      'audit_log',
      'sales_by_hour',
      'item_sales_by_day',
      'sales_rollup_state',
    ];
    for (const table of perBranch) {
      const rows = await query<{ branch_id: string | null }>(`select branch_id from ${table}`);
      expect(rows.length, table).toBe(1);
      expect(rows[0]!.branch_id, table).toBe(branchId);
    }
    const [order] = await query<{ order_no: number }>('select order_no from orders');
    expect(order!.order_no).toBe(1042);
    const [state] = await query<{ timezone: string }>('select timezone from sales_rollup_state');
    expect(state!.timezone).toBe(timezone);
  });

  it("moves the ingredient's stock and threshold into the branch's stock", async () => {
    const stock = await query<{ ingredient_id: string; quantity: string; low_stock_threshold: string }>(
      'select ingredient_id, quantity, low_stock_threshold from branch_stock',
    );
    expect(stock).toHaveLength(1);
    expect(stock[0]!.ingredient_id).toBe(ids.ingredient);
    expect(Number(stock[0]!.quantity)).toBe(12.5);
    expect(Number(stock[0]!.low_stock_threshold)).toBe(2);
  });

  it('makes the manager and the staff members of the branch in their roles, and the admin none', async () => {
    const members = await query<{ user_id: string; role: string }>(
      'select user_id, role from branch_members order by role',
    );
    expect(members).toEqual([
      { user_id: ids.manager, role: 'manager' },
      { user_id: ids.staff, role: 'staff' },
    ]);
  });

  it('lets the app on it answer the settings as before, to each of them', async () => {
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: webDist }),
    );
    try {
      await app.ready();
      for (const email of ['owner@example.test', 'manager@example.test', 'staff@example.test']) {
        const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
        expect(login.statusCode, login.body).toBe(200);
        const token = login.json().data.token as string;
        const settings = await app.inject({
          method: 'GET',
          url: '/api/settings',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(settings.statusCode, settings.body).toBe(200);
        expect(settings.json().data).toMatchObject({
          restaurantName: 'Quán Phở Bắc',
          timezone,
          bank: expect.objectContaining(bank),
          serviceCharge,
          language: 'en',
          reservations,
          // The one rate it had is the default rate of its dishes now.
          taxRate: 8,
          serviceVatRate: null,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('keeps an order placed before VAT by dish as it was charged: its one rate on each line and as its one part', async () => {
    const lines = await query<{ vat_rate: string }>('select vat_rate from order_lines where order_id = $1', [
      ids.order,
    ]);
    expect(lines).toEqual([{ vat_rate: '8' }]);
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: webDist }),
    );
    try {
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'staff@example.test', password },
      });
      const token = login.json().data.token as string;
      const read = await app.inject({
        method: 'GET',
        url: `/api/order/${ids.order}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.statusCode, read.body).toBe(200);
      const order = read.json().data;
      // 110.000 ₫ with the VAT inside: 8.148 ₫ of it, on 101.852 ₫.
      expect(order.bills).toMatchObject({
        subtotal: 110_000,
        serviceVatRate: 8,
        taxes: [{ vatRate: 8, taxable: 101_852, tax: 8_148 }],
        tax: 8_148,
        total: 110_000,
      });
      expect(order.items.map((item: { vatRate: unknown }) => item.vatRate)).toEqual([8]);
      const menu = await app.inject({
        method: 'GET',
        url: '/api/item',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(menu.json().data[0]).toMatchObject({ name: 'Phở bò', vatRate: null, billedVatRate: 8 });
    } finally {
      await app.close();
    }
  });
});
