import { computeBill, type BillInput } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import type { Branch } from '@quan/contract/branch';
import type { Station } from '@quan/contract/stations';
import type { RegisterBody, Role } from '@quan/contract/user';
import type { VatRate } from '@quan/contract/vat';
import { asc } from 'drizzle-orm';
import { branches } from '../src/db/schema/branches';
import { useSimulatedEinvoicing } from '../src/demo/generate/einvoices';
import type { SignedIn, TestApp } from './helper';

let sequence = 0;

/** Registration fields that pass validation and never collide within a test run. */
export function newAccountInput(overrides: Partial<RegisterBody> = {}): RegisterBody {
  sequence += 1;
  const n = `${process.pid}${sequence}`.slice(-8).padStart(8, '0');
  return {
    name: `Nhân viên ${sequence}`,
    email: `person${sequence}.${process.pid}@example.test`,
    phone: `09${n}`,
    password: 'correct-horse-42',
    ...overrides,
  };
}

let menuSequence = 0;

/** A category and dishes created through the API as a manager; returns their ids and prices. */
export async function createMenu(
  t: TestApp,
  dishes: { name?: string; price: number; isAvailable?: boolean }[],
): Promise<{ categoryId: string; items: { _id: string; name: string; price: number }[] }> {
  menuSequence += 1;
  const category = await t.request({
    method: 'POST',
    url: '/api/category',
    payload: { name: `Món ${menuSequence}` },
    as: 'manager',
  });
  if (category.statusCode !== 201) throw new Error(`category: ${category.body}`);
  const categoryId = category.json().data._id as string;
  const items = [];
  for (const [index, dish] of dishes.entries()) {
    const response = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: {
        name: dish.name ?? `Dish ${menuSequence}.${index}`,
        price: dish.price,
        categoryId,
        isAvailable: dish.isAvailable,
      },
      as: 'manager',
    });
    if (response.statusCode !== 201) throw new Error(`item: ${response.body}`);
    items.push(response.json().data);
  }
  return { categoryId, items };
}

/** A kitchen station of the chain, made by a manager (in use in every branch until one says otherwise). */
export async function createStation(t: TestApp, name: string, sortOrder = 0): Promise<Station> {
  const response = await t.request({
    method: 'POST',
    url: '/api/station',
    payload: { name, sortOrder },
    as: 'manager',
  });
  if (response.statusCode !== 201) throw new Error(`station: ${response.body}`);
  return response.json().data;
}

let tableSequence = 0;

export async function createTable(t: TestApp, seats = 4): Promise<{ _id: string; tableNo: number; qrKey: string }> {
  tableSequence += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/table',
    payload: { tableNo: tableSequence, seats },
    as: 'manager',
  });
  if (response.statusCode !== 201) throw new Error(`table: ${response.body}`);
  return response.json().data;
}

/** An account registered, activated by the admin and signed in, as a new member of staff would be. */
export async function activeStaff(t: TestApp): Promise<SignedIn> {
  const input = newAccountInput();
  const registered = await t.request({ method: 'POST', url: '/api/user/register', payload: input });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const activated = await t.request({
    method: 'PATCH',
    url: `/api/user/users/${registered.json().data._id}/status`,
    payload: { status: 'active' },
    as: 'admin',
  });
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);
  const login = await t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: input.email, password: input.password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return login.json().data;
}

export interface OrderLine {
  itemId: string;
  quantity: number;
}

/** An order placed by staff through the API, for a guest named Khách (at `tableId`, else to take away). */
export async function placeOrder(
  t: TestApp,
  items: OrderLine[],
  options: { guests?: number; tableId?: string } = {},
): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: options.guests ?? 2 }, tableId: options.tableId, items },
    as: 'staff',
  });
  if (response.statusCode !== 201) throw new Error(`order: ${response.body}`);
  return response.json().data;
}

/** The order moved to `status` by staff. */
export async function moveOrder(t: TestApp, order: Order, status: string): Promise<Order> {
  const response = await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status }, as: 'staff' });
  if (response.statusCode !== 200) throw new Error(`move to ${status}: ${response.body}`);
  return response.json().data;
}

/** The table as the staff list shows it now. */
export async function findTable(t: TestApp, id: string): Promise<Table> {
  const tables: Table[] = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
  const table = tables.find((one) => one._id === id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

let branchSequence = 0;

/** A new branch of the chain, added by the admin through the API. */
export async function addBranch(t: TestApp, name = ''): Promise<Branch> {
  branchSequence += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/branches',
    payload: { name: name || `Chi nhánh ${branchSequence + 1}`, slug: `branch-${process.pid}-${branchSequence}` },
    as: 'admin',
  });
  if (response.statusCode !== 201) throw new Error(`branch: ${response.body}`);
  return response.json().data;
}

/**
 * A person working in one branch only, with that role there (an admin's session switched to that branch
 * for `admin`), signed in: what a member of that branch's staff would hold.
 */
export async function signInToBranch(t: TestApp, branchId: string, role: Role): Promise<SignedIn> {
  if (role === 'admin') {
    const signedIn = await t.newSession('admin');
    const switched = await t.request({
      method: 'PUT',
      url: '/api/branches/current',
      payload: { branchId },
      as: signedIn,
    });
    if (switched.statusCode !== 200) throw new Error(`switch: ${switched.body}`);
    return { ...signedIn, user: switched.json().data };
  }
  const input = newAccountInput();
  const registered = await t.request({ method: 'POST', url: '/api/user/register', payload: input });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const userId = registered.json().data._id;
  const activated = await t.request({
    method: 'PATCH',
    url: `/api/user/users/${userId}/status`,
    payload: { status: 'active' },
    as: 'admin',
  });
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);
  const placed = await t.request({
    method: 'PUT',
    url: `/api/branches/members/${userId}`,
    payload: { branches: [{ branchId, role }] },
    as: 'admin',
  });
  if (placed.statusCode !== 200) throw new Error(`members: ${placed.body}`);
  const login = await t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: input.email, password: input.password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return login.json().data;
}

/** The account the tests' Viettel S-Invoice simulators are started with (`startSInvoiceSimulator(...)`). */
export const TEST_EINVOICE_ACCOUNT = {
  username: '0100109106',
  password: 'S3cret-pass-42',
  sellerTaxCode: '0100109106',
  templateCode: '1/770',
} as const;

/**
 * The first branch (or `branchId`) issues e-invoices through `simulator`, signed in with `TEST_EINVOICE_ACCOUNT`;
 * saved again, its settings are replaced. Answers the branch's id.
 */
export async function enableEinvoicing(
  t: TestApp,
  simulator: { signInUrl: string; apiUrl: string },
  options: { branchId?: string; enabled?: boolean } = {},
): Promise<string> {
  const db = t.app.database.db;
  const [first] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.position)).limit(1);
  const branchId = options.branchId ?? first!.id;
  await useSimulatedEinvoicing(db, {
    branchId,
    addresses: simulator,
    account: TEST_EINVOICE_ACCOUNT,
    enabled: options.enabled ?? true,
  });
  return branchId;
}

/** A dish of `categoryId` at its own VAT rate (null: its category's), made by a manager. */
export async function createDish(
  t: TestApp,
  categoryId: string,
  dish: { name: string; price: number; vatRate?: VatRate | null },
): Promise<{ _id: string; name: string; price: number }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/item',
    payload: { name: dish.name, price: dish.price, categoryId, vatRate: dish.vatRate ?? null },
    as: 'manager',
  });
  if (response.statusCode !== 201) throw new Error(`item: ${response.body}`);
  return response.json().data;
}

/** The bill an order answers for these lines: `computeBill` without its per-rate discounts, which orders do not show. */
export function billOf(input: BillInput): Omit<ReturnType<typeof computeBill>, 'discounts'> {
  const { discounts: _discounts, ...bill } = computeBill(input);
  return bill;
}
