import type { Branch } from '@quan/contract/branch';
import type { Order } from '@quan/contract/order';
import type { Station } from '@quan/contract/stations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, createMenu, createStation, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

// The stations are the chain's, as its menu routes to them; each branch says which it runs. A small shop
// without a grill sends its grilled dishes to its first station, and its kitchen screen has no grill.

let t: TestApp;
let branchB: Branch;
let managerB: SignedIn;
let staffB: SignedIn;
let kitchen: Station;
let grill: Station;
let grilledDish: { _id: string };

async function place(as: SignedIn | 'staff'): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 2 }, items: [{ itemId: grilledDish._id, quantity: 1 }] },
    as,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const stationsSeenBy = async (as: SignedIn | 'manager') =>
  (await t.request({ method: 'GET', url: '/api/station', as })).json().data as Station[];

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  branchB = await addBranch(t, 'Quận 3');
  managerB = await signInToBranch(t, branchB._id, 'manager');
  staffB = await signInToBranch(t, branchB._id, 'staff');
  kitchen = await createStation(t, 'Bếp', 0);
  grill = await createStation(t, 'Nướng', 1);
  grilledDish = (await createMenu(t, [{ name: 'Sườn nướng', price: 60_000 }])).items[0]!;
  const routed = await t.request({
    method: 'PUT',
    url: `/api/item/${grilledDish._id}`,
    payload: { stationId: grill._id },
    as: 'manager',
  });
  expect(routed.statusCode, routed.body).toBe(200);
});
afterAll(() => t.close());

describe('stations per branch', () => {
  it('opens a new station in every branch', async () => {
    expect((await stationsSeenBy('manager')).map((one) => [one.name, one.inUse])).toEqual([
      ['Bếp', true],
      ['Nướng', true],
    ]);
    expect((await stationsSeenBy(managerB)).every((one) => one.inUse)).toBe(true);
  });

  it('lets one branch stop running a station without touching the other', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/station/${grill._id}`,
      payload: { inUse: false },
      as: managerB,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Nướng', inUse: false });

    expect((await stationsSeenBy(managerB)).find((one) => one._id === grill._id)?.inUse).toBe(false);
    expect((await stationsSeenBy('manager')).find((one) => one._id === grill._id)?.inUse).toBe(true);
  });

  it('sends a dish routed to a station the branch does not run to its first station', async () => {
    expect((await place('staff')).items[0]!.stationId).toBe(grill._id);
    expect((await place(staffB)).items[0]!.stationId).toBe(kitchen._id);
  });

  it('refuses the work of a station the branch does not run as an unknown station', async () => {
    const order = await place(staffB);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/order/${order._id}/rounds/1/stations/${grill._id}`,
      payload: { ready: true },
      as: staffB,
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe('STATION_VANISHED');
  });

  it('runs the station again when the branch takes it back', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/station/${grill._id}`,
      payload: { inUse: true },
      as: managerB,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await place(staffB)).items[0]!.stationId).toBe(grill._id);
  });

  it('keeps the station a staff member cannot change', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/station/${grill._id}`,
      payload: { inUse: false },
      as: staffB,
    });
    expect(response.statusCode).toBe(403);
    expect((await stationsSeenBy(managerB)).find((one) => one._id === grill._id)?.inUse).toBe(true);
  });
});
