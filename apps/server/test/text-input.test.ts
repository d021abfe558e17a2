import { createHmac } from 'node:crypto';
import type { Role } from '@quan/contract/user';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createTable, newAccountInput } from './factories';
import { buildTestApp, type TestApp } from './helper';

/**
 * Text nobody types (NUL, the other C0 controls, DEL, the C1 controls) is refused by the contract with a 400
 * naming the field, before anything is stored; PostgreSQL would refuse a NUL with a 500. Multi-line fields
 * keep line breaks and tabs. A value the database refuses all the same is a 400 too, never a 500.
 */

const WEBHOOK_SECRET = 'a-bank-webhook-secret-of-32-characters-or-more';
const ONE_LINE = 'Use one line of text without control characters';
const MULTI_LINE = 'Remove the control characters from this text';
const SOME_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

let t: TestApp;
let dish: { _id: string };
let categoryId: string;
let table: { _id: string; tableNo: number; qrKey: string };
let optionGroupId: string;
let ingredientId: string;
let customerId: string;
let couponId: string;
let orderId: string;
let shiftId: string;
let unique = 0;
const next = () => ++unique;

beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_MAX: '100000',
    BANK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DINER_ORDER_RATE_LIMIT_PER_IP: '1000',
    DINER_ORDER_RATE_LIMIT_PER_TABLE: '1000',
  });
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  const menu = await createMenu(t, [{ name: 'Phở bò', price: 65_000 }]);
  dish = menu.items[0]!;
  categoryId = menu.categoryId;
  table = await createTable(t);
  const created = async (url: string, payload: Record<string, unknown>, as: Role = 'manager') => {
    const response = await t.request({
      method: 'POST',
      url,
      payload,
      as,
      headers: { 'x-device-id': 'front-counter-01' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data._id as string;
  };
  optionGroupId = await created('/api/option-group', { name: 'Size', maxSelected: 1, options: [{ name: 'Lớn' }] });
  ingredientId = await created('/api/ingredient', { name: 'Bánh phở', unit: 'kg', quantity: 10 });
  customerId = await created('/api/customers', { name: 'Chị Lan', phone: '0901234567' });
  couponId = await created('/api/coupons', { code: 'TET2026', discountType: 'percent', discountValue: 10 });
  shiftId = await created(
    '/api/shifts',
    { deviceId: 'front-counter-01', deviceName: 'Quầy 1', openingFloat: 0 },
    'staff',
  );
  orderId = await created(
    '/api/order',
    { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: dish._id, quantity: 1 }] },
    'staff',
  );
}, 120_000);
afterAll(() => t.close());

/** A digest of every row of every table: equal before and after means nothing was stored or changed. */
async function everyRow(): Promise<string> {
  const rows = async <T>(query: SQL) => ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests = tables.map(
    ({ table_name: name }) =>
      sql`select ${name}::text as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
  );
  return JSON.stringify(await rows(sql.join(digests, sql` union all `)));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  for (const [index, key] of keys.entries()) {
    if (index === keys.length - 1) node[key] = value;
    else {
      node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
  }
  return target;
}
/** The field errors of a 400, for the test's message. */
const fieldErrors = (response: LightMyRequestResponse) =>
  (response.json() as { errors?: { path: string; message: string }[] }).errors ?? [];

interface TextField {
  path: string;
  /** Line breaks and tabs are fine here (notes, descriptions, addresses). */
  multiLine?: boolean;
  /** The message of the field's own format (an email, a phone number), which refuses these characters first. */
  ownMessage?: string;
}

interface WriteRoute {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  /** null: without signing in. */
  as: Role | null;
  body: () => Record<string, unknown>;
  fields: TextField[];
  headers?: Record<string, string>;
}

const registration = () => {
  const { name, email, phone, password } = newAccountInput();
  return { name, email, phone, password };
};

const writeRoutes: WriteRoute[] = [
  {
    name: 'registration',
    method: 'POST',
    url: () => '/api/user/register',
    as: null,
    body: registration,
    fields: [
      { path: 'name' },
      { path: 'password' },
      { path: 'email', ownMessage: 'Enter a valid email address' },
      { path: 'phone', ownMessage: 'Enter a valid phone number' },
    ],
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: () => '/api/user/login',
    as: null,
    body: () => ({ email: 'nobody@example.test', password: 'wrong-password' }),
    fields: [{ path: 'email', ownMessage: 'Enter a valid email address' }, { path: 'password' }],
  },
  {
    name: 'profile',
    method: 'PUT',
    url: () => '/api/user',
    as: 'staff',
    body: () => ({ name: 'Nhân viên' }),
    fields: [{ path: 'name' }, { path: 'avatar' }, { path: 'phone', ownMessage: 'Enter a valid phone number' }],
  },
  {
    name: 'settings',
    method: 'PUT',
    url: () => '/api/settings',
    as: 'admin',
    body: () => ({ restaurantName: 'Quán Ngon', timezone: 'Asia/Ho_Chi_Minh' }),
    fields: [
      { path: 'restaurantName' },
      { path: 'timezone' },
      { path: 'bank.accountName', ownMessage: 'Letters, digits and spaces only' },
    ],
  },
  {
    name: 'a category',
    method: 'POST',
    url: () => '/api/category',
    as: 'manager',
    body: () => ({ name: `Món chính ${next()}`, description: 'Các món nước' }),
    fields: [{ path: 'name' }, { path: 'description', multiLine: true }],
  },
  {
    name: 'a dish',
    method: 'POST',
    url: () => '/api/item',
    as: 'manager',
    body: () => ({ name: `Bún chả ${next()}`, price: 50_000, categoryId }),
    fields: [
      { path: 'name' },
      { path: 'description', multiLine: true },
      { path: 'nameEn' },
      { path: 'descriptionEn', multiLine: true },
      { path: 'imageUrl' },
    ],
  },
  {
    name: 'an option group',
    method: 'POST',
    url: () => '/api/option-group',
    as: 'manager',
    body: () => ({ name: `Topping ${next()}`, maxSelected: 2, options: [{ name: 'Trứng' }] }),
    fields: [{ path: 'name' }, { path: 'options.0.name' }],
  },
  {
    name: 'an option group edited',
    method: 'PUT',
    url: () => `/api/option-group/${optionGroupId}`,
    as: 'manager',
    body: () => ({ name: `Size ${next()}` }),
    fields: [{ path: 'name' }, { path: 'options.0.name' }],
  },
  {
    name: 'a station',
    method: 'POST',
    url: () => '/api/station',
    as: 'manager',
    body: () => ({ name: `Bếp ${next()}` }),
    fields: [{ path: 'name' }],
  },
  {
    name: 'an ingredient',
    method: 'POST',
    url: () => '/api/ingredient',
    as: 'manager',
    body: () => ({ name: `Hành lá ${next()}`, unit: 'kg', supplier: 'Chợ Bến Thành' }),
    fields: [{ path: 'name' }, { path: 'supplier' }],
  },
  {
    name: 'a stock move',
    method: 'PUT',
    url: () => `/api/ingredient/${ingredientId}`,
    as: 'manager',
    body: () => ({ change: 1, reason: 'restock', note: 'Giao buổi sáng' }),
    fields: [{ path: 'note', multiLine: true }],
  },
  {
    name: 'a staff order',
    method: 'POST',
    url: () => '/api/order',
    as: 'staff',
    body: () => ({
      customerDetails: { name: 'Anh Tuấn', guests: 2 },
      items: [{ itemId: dish._id, quantity: 1, note: 'Không hành' }],
      note: 'Mang về',
    }),
    fields: [
      { path: 'customerDetails.name' },
      { path: 'items.0.note', multiLine: true },
      { path: 'note', multiLine: true },
      { path: 'couponCode' },
    ],
  },
  {
    name: 'an order edited',
    method: 'PUT',
    url: () => `/api/order/${orderId}`,
    as: 'staff',
    body: () => ({ note: 'Thêm đá' }),
    fields: [{ path: 'note', multiLine: true }],
  },
  {
    name: 'a round of an order',
    method: 'POST',
    url: () => `/api/order/${orderId}/rounds`,
    as: 'staff',
    body: () => ({ items: [{ itemId: dish._id, quantity: 1 }] }),
    fields: [{ path: 'items.0.note', multiLine: true }],
  },
  {
    name: 'a diner order from the table',
    method: 'POST',
    url: () => '/api/order',
    as: null,
    body: () => ({
      tableNo: table.tableNo,
      tableKey: table.qrKey,
      customerDetails: { name: 'Minh' },
      items: [{ itemId: dish._id, quantity: 1 }],
    }),
    fields: [
      { path: 'customerDetails.name' },
      { path: 'items.0.note', multiLine: true },
      { path: 'note', multiLine: true },
      { path: 'tableKey' },
    ],
  },
  {
    name: 'a customer',
    method: 'POST',
    url: () => '/api/customers',
    as: 'staff',
    body: () => ({ name: 'Chú Ba', phone: `09${String(10_000_000 + next()).slice(-8)}` }),
    fields: [{ path: 'name' }, { path: 'address', multiLine: true }, { path: 'notes', multiLine: true }],
  },
  {
    name: 'a customer edited',
    method: 'PUT',
    url: () => `/api/customers/${customerId}`,
    as: 'staff',
    body: () => ({ name: 'Chị Lan' }),
    fields: [{ path: 'name' }, { path: 'notes', multiLine: true }],
  },
  {
    name: 'a coupon',
    method: 'POST',
    url: () => '/api/coupons',
    as: 'manager',
    body: () => ({ code: `HE${next()}`, discountType: 'fixed', discountValue: 10_000 }),
    fields: [
      { path: 'code', ownMessage: 'Code must be 3 to 32 letters, digits or dashes' },
      { path: 'description', multiLine: true },
    ],
  },
  {
    name: 'a coupon edited',
    method: 'PUT',
    url: () => `/api/coupons/${couponId}`,
    as: 'manager',
    body: () => ({ description: 'Tết' }),
    fields: [{ path: 'description', multiLine: true }],
  },
  {
    name: 'a cash movement',
    method: 'POST',
    url: () => `/api/shifts/${shiftId}/cash-movements`,
    as: 'staff',
    headers: { 'x-device-id': 'front-counter-01' },
    body: () => ({ kind: 'in', amount: 1000, reason: 'Tiền lẻ' }),
    fields: [{ path: 'reason', multiLine: true }],
  },
];

const sendTo = (route: WriteRoute, body: Record<string, unknown>) =>
  t.request({
    method: route.method,
    url: route.url(),
    payload: body,
    headers: route.headers,
    ...(route.as ? { as: route.as } : {}),
  });

describe('text nobody types', () => {
  const cases = writeRoutes.flatMap((route) => route.fields.map((field) => ({ route, field })));

  it.each(cases)(
    'is refused in $field.path of $route.name, naming the field, and nothing is stored',
    async ({ route, field }) => {
      const before = await everyRow();
      const bad = ['Phở\u0000bò', 'Phở\u001bbò', 'Phở\u007fbò', 'Phở\u0085bò', ...(field.multiLine ? [] : ['Phở\nbò'])];
      for (const value of bad) {
        const response = await sendTo(route, setPath(route.body(), field.path, value));
        expect(response.statusCode, `${JSON.stringify(value)}: ${response.body}`).toBe(400);
        const named = fieldErrors(response).filter((error) => error.path === field.path);
        expect(named.length, `${JSON.stringify(value)}: ${response.body}`).toBeGreaterThan(0);
        const expected = field.ownMessage ?? (field.multiLine ? MULTI_LINE : ONE_LINE);
        expect(named.map((error) => error.message)).toContain(expected);
      }
      expect(await everyRow()).toBe(before);
    },
  );

  const multiLine = cases.filter(({ field }) => field.multiLine);
  it.each(multiLine)('keeps line breaks and tabs in $field.path of $route.name', async ({ route, field }) => {
    const text = 'Dòng một\nDòng hai:\tít cay\r\nDòng ba';
    const response = await sendTo(route, setPath(route.body(), field.path, text));
    expect(response.statusCode, response.body).toBeLessThan(300);
    // Where the answer shows what was stored (an order shows its notes; a stock move answers with the ingredient).
    const answer = JSON.stringify(response.json().data);
    if (answer.includes('Dòng một')) expect(answer).toContain(JSON.stringify(text).slice(1, -1));
  });

  it('is refused in every text of every request the API documents: bodies, queries, paths and headers', async () => {
    const before = await everyRow();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
    const probes = documentedTexts(doc);
    // The reader finds the texts (a broken reader would pass with none).
    expect(probes.length).toBeGreaterThan(120);
    const missed: string[] = [];
    for (const probe of probes) {
      for (const value of ['a\u0000b', 'a\u009bb']) {
        const response = await send(probe, value);
        const named = response.statusCode === 400 && fieldErrors(response).some((error) => names(error.path, probe));
        if (!named)
          missed.push(
            `${probe.method} ${probe.path} ${probe.in}:${probe.field} ${JSON.stringify(value)} → ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
      }
    }
    expect(missed).toEqual([]);
    expect(await everyRow()).toBe(before);
  }, 300_000);
});

describe('a value the database refuses all the same', () => {
  it('is a 400 that says what is wrong, never a 500, and shows no SQL', async () => {
    // PostgreSQL has no year 0, which the ISO format of the dates a list is filtered by allows.
    for (const url of [
      '/api/order?startDate=0000-06-01T00:00:00Z',
      '/api/audit?startDate=0000-06-01T00:00:00Z',
      '/api/order/revenue?startDate=0000-06-01T00:00:00Z&endDate=2026-01-01T00:00:00Z',
    ]) {
      const response = await t.request({ method: 'GET', url, as: 'admin' });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'A date in the request is out of range',
        code: 'INVALID_VALUE',
      });
    }
  });

  it('is a 400 for a NUL that reaches the database by a path the schemas do not guard', async () => {
    const raw = await buildTestApp({}, (app) => {
      // A route that stores what it is sent without the contract's text schemas, as a future one might.
      app.post('/raw-note', async (request) => {
        await app.database.db.execute(sql`select ${(request.body as { note: string }).note}::text`);
        return { ok: true };
      });
    });
    try {
      const nul = await raw.app.inject({ method: 'POST', url: '/raw-note', payload: { note: 'Phở\u0000bò' } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({
        success: false,
        message: 'The request has characters that cannot be stored (such as a NUL character); remove them',
        code: 'INVALID_VALUE',
      });
      expect(nul.body).not.toMatch(/select|query|UTF8|0x00/i);
      const fine = await raw.app.inject({ method: 'POST', url: '/raw-note', payload: { note: 'Phở bò' } });
      expect(fine.statusCode).toBe(200);
    } finally {
      await raw.close();
    }
  });
});

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}
interface Probe {
  method: string;
  path: string;
  in: 'body' | 'query' | 'path' | 'header';
  /** Dotted, with 0 for an array's element ("items.0.note"). */
  field: string;
  /** Which body of a route with two (the POST /api/order of diners is the second), and its schema. */
  door: number;
  body: JsonSchema | undefined;
  parameters: { in: string; name: string; schema: JsonSchema }[];
}

/** Every string the documented requests carry: body fields (in arrays and either body of a route), queries, paths, headers. */
function documentedTexts(doc: OpenApi): Probe[] {
  const probes: Probe[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const add = (probe: Omit<Probe, 'method' | 'path' | 'parameters'>) => {
        const same = probes.some(
          (p) =>
            p.method === method &&
            p.path === path &&
            p.in === probe.in &&
            p.field === probe.field &&
            p.door === probe.door,
        );
        if (!same) probes.push({ method, path, parameters, ...probe });
      };
      const body = operation.requestBody?.content['application/json']?.schema;
      const doors = body?.anyOf && body.anyOf.every((option) => option.properties) ? body.anyOf : [body];
      for (const parameter of parameters) {
        if (strings(parameter.schema).length === 0) continue;
        add({ in: parameter.in as Probe['in'], field: parameter.name, door: 0, body: doors[0] });
      }
      doors.forEach((door, index) => {
        for (const field of strings(door)) add({ in: 'body', field, door: index, body: door });
      });
    }
  }
  return probes;
}

/** The dotted paths of the strings in a schema ('' for the schema itself). */
function strings(schema: JsonSchema | undefined, path = ''): string[] {
  if (!schema) return [];
  const found: string[] = schema.type === 'string' ? [path] : [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...strings(option, path));
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    found.push(...strings(property, path ? `${path}.${key}` : key));
  }
  if (schema.items) found.push(...strings(schema.items, path ? `${path}.0` : '0'));
  return [...new Set(found)];
}

/** A request with `value` in the probe's field and something valid in its other path parameters. */
function send(probe: Probe, value: string): Promise<LightMyRequestResponse> {
  let url = probe.path;
  for (const parameter of probe.parameters.filter((p) => p.in === 'path')) {
    const fill =
      parameter.name === probe.field && probe.in === 'path'
        ? encodeURIComponent(value)
        : parameter.schema.format === 'uuid'
          ? SOME_ID
          : parameter.schema.enum
            ? String(parameter.schema.enum[0])
            : '1';
    url = url.replace(`{${parameter.name}}`, fill);
  }
  if (probe.in === 'query') url += `?${probe.field}=${encodeURIComponent(value)}`;
  const headers: Record<string, string> = probe.in === 'header' ? { [probe.field]: value } : {};
  // The rest of the body valid, so that nothing else is refused first (a diner's order without the table's key is
  // a 403; the headers are checked after the body).
  const valid = probe.body ? (example(probe.body) as Record<string, unknown>) : undefined;
  // A staff order names its guest or its table, a rule its JSON Schema cannot say: it names the guest here.
  if (valid && probe.path === '/api/order' && probe.door === 0 && !('tableId' in valid)) {
    valid.customerDetails ??= example(probe.body?.properties?.customerDetails);
  }
  const body =
    probe.in === 'body' ? setPath(withParents(valid ?? {}, probe.body, probe.field), probe.field, value) : valid;
  if (probe.path === '/api/payments/bank-notifications') {
    const raw = JSON.stringify(body ?? {});
    headers['x-signature'] = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex')}`;
    headers['content-type'] = 'application/json';
    return t.app.inject({ method: probe.method.toUpperCase() as 'POST', url, payload: raw, headers });
  }
  // The second body of POST /api/order is a diner's, sent without signing in.
  const as = probe.door === 1 ? {} : { as: 'admin' as const };
  return t.request({
    method: probe.method.toUpperCase() as 'GET',
    url,
    headers,
    ...(body ? { payload: body } : {}),
    ...as,
  });
}

/** A value of a schema that passes it, as far as its JSON Schema tells: each required field, the least it allows. */
function example(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return example(option);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, example(schema.properties?.[key])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items));
    case 'string':
      if (schema.format === 'uuid') return SOME_ID;
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * The valid body with the optional objects on the way to `field` filled in as their schema allows, choosing the
 * option of a union that has the next key (a company buyer, not a walk-in one, for `invoiceBuyer.name`).
 */
function withParents(body: Record<string, unknown>, schema: JsonSchema | undefined, field: string) {
  const keys = field.split('.');
  const optionWith = (at: JsonSchema | undefined, key: string) =>
    [at, ...(at?.anyOf ?? []), ...(at?.oneOf ?? [])].find((option) => option?.properties?.[key]);
  let node = body;
  let at = schema;
  for (const [index, key] of keys.slice(0, -1).entries()) {
    const next = optionWith(at, key)?.properties?.[key];
    const choice = optionWith(next, keys[index + 1]!);
    if (node[key] === undefined && choice) node[key] = example(choice);
    if (typeof node[key] !== 'object' || node[key] === null) break;
    node = node[key] as Record<string, unknown>;
    at = choice ?? next;
  }
  return body;
}

/** Whether an error's path is the probe's field (or inside it: one status of a list of them). */
const names = (errorPath: string, probe: Probe) => errorPath === probe.field || errorPath.startsWith(`${probe.field}.`);
