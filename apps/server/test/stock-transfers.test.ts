import type { AuditEntry } from '@quan/contract/audit';
import type { Branch } from '@quan/contract/branch';
import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import { formatVnd } from '@quan/contract/money';
import type { StockTransfer } from '@quan/contract/stock-transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

let t: TestApp;
/** A is the first branch (where `signInAs` accounts work), B and C added. */
let branchA: string;
let branchB: Branch;
let branchC: Branch;
let managerB: SignedIn;
let staffB: SignedIn;
let managerC: SignedIn;
let staffC: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  branchA = (await t.request({ method: 'GET', url: '/api/user', as: 'manager' })).json().data.branchId;
  branchB = await addBranch(t, 'Quận 3');
  branchC = await addBranch(t, 'Thủ Đức');
  managerB = await signInToBranch(t, branchB._id, 'manager');
  staffB = await signInToBranch(t, branchB._id, 'staff');
  managerC = await signInToBranch(t, branchC._id, 'manager');
  staffC = await signInToBranch(t, branchC._id, 'staff');
});
afterAll(() => t.close());

type As = 'manager' | 'staff' | SignedIn;

let nameSequence = 0;

/** An ingredient of the chain, with `quantity` of it in branch A. */
async function ingredientInA(quantity: number, costPerUnit = 280_000): Promise<Ingredient> {
  nameSequence += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/ingredient',
    payload: { name: `Thịt bò ${nameSequence}`, unit: 'kg', quantity, costPerUnit },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function stockOf(id: string, as: As): Promise<number> {
  const all: Ingredient[] = (await t.request({ method: 'GET', url: '/api/ingredient', as })).json().data;
  const found = all.find((ingredient) => ingredient._id === id);
  if (!found) throw new Error(`ingredient ${id} is not listed`);
  return found.quantity;
}

async function historyOf(id: string, as: As): Promise<IngredientHistory[]> {
  const response = await t.request({ method: 'GET', url: `/api/ingredient/${id}/history`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const send = (payload: Record<string, unknown>, as: As = 'manager') =>
  t.request({ method: 'POST', url: '/api/stock-transfers', payload, as });

const receive = (id: string, lines: Record<string, unknown>[], as: As = managerB) =>
  t.request({ method: 'POST', url: `/api/stock-transfers/${id}/receive`, payload: { lines }, as });

const listTransfers = async (as: As): Promise<StockTransfer[]> =>
  (await t.request({ method: 'GET', url: '/api/stock-transfers', as })).json().data;

/** The entries of the branch's audit trail about one transfer. */
async function auditOfTransfer(transferId: string, as: As): Promise<AuditEntry[]> {
  const response = await t.request({ method: 'GET', url: '/api/audit?kind=stock-transfer&limit=100', as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.filter((entry: AuditEntry) => entry.details.transferId === transferId);
}

describe('stock transfers', () => {
  it('sends 5 kg from A to B: A falls at once, B only when it receives 4.5 with a reason, and the loss is audited', async () => {
    const beef = await ingredientInA(12);
    const sent = await send({
      toBranchId: branchB._id,
      lines: [{ ingredientId: beef._id, quantity: 5 }],
      note: 'Cho cuối tuần',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer: StockTransfer = sent.json().data;
    expect(transfer).toMatchObject({
      status: 'sent',
      direction: 'out',
      fromBranch: { _id: branchA },
      toBranch: { _id: branchB._id, name: 'Quận 3' },
      note: 'Cho cuối tuần',
      sentValue: 1_400_000,
      differenceValue: null,
      receivedAt: null,
      lines: [{ ingredientId: beef._id, sent: 5, received: null, unitCost: 280_000 }],
    });

    // A falls at once, with its history row; B holds nothing until it receives.
    expect(await stockOf(beef._id, 'staff')).toBe(7);
    const [out] = await historyOf(beef._id, 'staff');
    expect(out).toMatchObject({ change: -5, quantityAfter: 7, reason: 'transfer_out', transferId: transfer._id });
    expect(await stockOf(beef._id, staffB)).toBe(0);

    // Both branches see it, each from its side.
    const seenByB = await t.request({ method: 'GET', url: `/api/stock-transfers/${transfer._id}`, as: staffB });
    expect(seenByB.json().data).toMatchObject({ status: 'sent', direction: 'in' });
    expect((await listTransfers(managerB)).map((one) => one._id)).toContain(transfer._id);
    expect((await listTransfers('manager')).map((one) => one._id)).toContain(transfer._id);

    // A difference needs its reason; the sender cannot receive its own transfer.
    const noReason = await receive(transfer._id, [{ ingredientId: beef._id, received: 4.5 }]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'TRANSFER_REASON_REQUIRED', params: { ingredient: beef.name } });
    expect(noReason.json().errors).toEqual([{ path: 'lines.0.reason', message: expect.any(String) }]);
    const bySender = await receive(transfer._id, [{ ingredientId: beef._id, received: 5 }], 'manager');
    expect(bySender.statusCode).toBe(403);
    expect(await stockOf(beef._id, staffB)).toBe(0);

    const received = await receive(transfer._id, [{ ingredientId: beef._id, received: 4.5, reason: 'Rách một túi' }]);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({
      status: 'received',
      direction: 'in',
      differenceValue: -140_000,
      lines: [{ sent: 5, received: 4.5, differenceReason: 'Rách một túi' }],
    });
    expect(received.json().data.receivedBy.name).toBe(managerB.user.name);
    expect(await stockOf(beef._id, staffB)).toBe(4.5);
    expect(await stockOf(beef._id, 'staff')).toBe(7);
    const [arrived] = await historyOf(beef._id, staffB);
    expect(arrived).toMatchObject({ change: 4.5, quantityAfter: 4.5, reason: 'transfer_in', transferId: transfer._id });

    // The audit trail of the receiving branch keeps the difference in money.
    const audit = await t.request({ method: 'GET', url: '/api/audit?kind=stock-transfer', as: managerB });
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = audit
      .json()
      .data.find((row: { details: { transferId?: string } }) => row.details.transferId === transfer._id);
    expect(entry).toMatchObject({
      kind: 'stock-transfer',
      actor: { name: managerB.user.name },
      details: { differenceValue: -140_000, lines: [{ sent: 5, received: 4.5, reason: 'Rách một túi' }] },
    });
    expect(entry.summary).toContain('Rách một túi');

    // Once only.
    const again = await receive(transfer._id, [{ ingredientId: beef._id, received: 5 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TRANSFER_ALREADY_RECEIVED');
    expect(await stockOf(beef._id, staffB)).toBe(4.5);
  });

  it("shows the transfer in both branches' audit trails: who, what, how much, to and from which branch", async () => {
    const beef = await ingredientInA(8, 250_000);
    const transfer: StockTransfer = (
      await send({ toBranchId: branchB._id, lines: [{ ingredientId: beef._id, quantity: 2 }] })
    ).json().data;

    // The sender's trail has it as soon as the goods leave; the receiver's not before they arrive.
    const managerA = await t.signInAs('manager');
    const [sent, ...moreSent] = await auditOfTransfer(transfer._id, 'manager');
    expect(moreSent).toEqual([]);
    expect(sent).toMatchObject({
      kind: 'stock-transfer',
      actor: { _id: managerA.user._id, name: managerA.user.name },
      summary: `Sent transfer #${transfer.transferNo} to Quận 3: 2.00 kg ${beef.name}; worth ${formatVnd(500_000)}`,
      details: {
        direction: 'out',
        transferNo: transfer.transferNo,
        toBranchId: branchB._id,
        toBranchName: 'Quận 3',
        sentValue: 500_000,
        lines: [{ ingredientId: beef._id, name: beef.name, unit: 'kg', sent: 2, unitCost: 250_000 }],
      },
    });
    expect(await auditOfTransfer(transfer._id, managerB)).toEqual([]);

    await receive(transfer._id, [{ ingredientId: beef._id, received: 2 }]);
    const [received, ...moreReceived] = await auditOfTransfer(transfer._id, managerB);
    expect(moreReceived).toEqual([]);
    expect(received).toMatchObject({
      kind: 'stock-transfer',
      actor: { _id: managerB.user._id },
      summary: `Received transfer #${transfer.transferNo} from ${transfer.fromBranch.name} in full`,
      details: {
        direction: 'in',
        fromBranchId: branchA,
        fromBranchName: transfer.fromBranch.name,
        lines: [{ ingredientId: beef._id, sent: 2, received: 2 }],
      },
    });
    // Each branch keeps its own side once; a third branch sees neither.
    expect(await auditOfTransfer(transfer._id, 'manager')).toHaveLength(1);
    expect(await auditOfTransfer(transfer._id, managerC)).toEqual([]);
  });

  it('receives in full without a reason, adding to what the branch already holds', async () => {
    const rice = await ingredientInA(10, 20_000);
    const transfer: StockTransfer = (
      await send({ toBranchId: branchB._id, lines: [{ ingredientId: rice._id, quantity: 2.5 }] })
    ).json().data;
    await receive(transfer._id, [{ ingredientId: rice._id, received: 2.5 }]);
    const second: StockTransfer = (
      await send({ toBranchId: branchB._id, lines: [{ ingredientId: rice._id, quantity: 1 }] })
    ).json().data;
    const received = await receive(second._id, [{ ingredientId: rice._id, received: 1 }]);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.differenceValue).toBe(0);
    expect(await stockOf(rice._id, staffB)).toBe(3.5);
    expect(await stockOf(rice._id, 'staff')).toBe(6.5);
  });

  it('refuses to send more than the branch holds, naming the ingredient and what it holds, and writes nothing', async () => {
    const shrimp = await ingredientInA(3);
    const onions = await ingredientInA(10);
    const before = (await listTransfers('manager')).length;
    const refused = await send({
      toBranchId: branchB._id,
      lines: [
        { ingredientId: onions._id, quantity: 1 },
        { ingredientId: shrimp._id, quantity: 5 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TRANSFER_MORE_THAN_HELD',
      message: `Only 3.00 kg of ${shrimp.name} in stock; cannot send 5.00 kg`,
      params: { ingredient: shrimp.name, held: '3.00 kg', sending: '5.00 kg' },
    });
    expect(await stockOf(shrimp._id, 'staff')).toBe(3);
    expect(await stockOf(onions._id, 'staff')).toBe(10);
    expect(await historyOf(onions._id, 'staff')).toHaveLength(1);
    expect(await listTransfers('manager')).toHaveLength(before);

    // A branch sends only what it holds: B holds no shrimp.
    const fromB = await send({ toBranchId: branchA, lines: [{ ingredientId: shrimp._id, quantity: 1 }] }, managerB);
    expect(fromB.statusCode).toBe(409);
    expect(fromB.json().params).toMatchObject({ held: '0.00 kg' });
  });

  it('refuses bad input with a 4xx naming the problem', async () => {
    const fish = await ingredientInA(4);
    const line = { ingredientId: fish._id, quantity: 1 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ toBranchId: branchB._id, lines: [{ ...line, quantity: -1 }] }, 400, 'lines.0.quantity'],
      [{ toBranchId: branchB._id, lines: [{ ...line, quantity: 0 }] }, 400, 'lines.0.quantity'],
      [{ toBranchId: branchB._id, lines: [] }, 400, 'lines'],
      [{ toBranchId: branchB._id, lines: [line, line] }, 400, 'lines.1.ingredientId'],
      [{ toBranchId: branchA, lines: [line] }, 400, 'toBranchId'],
    ];
    for (const [payload, status, path] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const ownBranch = await send({ toBranchId: branchA, lines: [line] });
    expect(ownBranch.json().code).toBe('TRANSFER_TO_OWN_BRANCH');

    const unknownBranch = await send({ toBranchId: '0190a1b2-0000-7000-8000-000000000000', lines: [line] });
    expect(unknownBranch.statusCode).toBe(404);
    expect(unknownBranch.json().code).toBe('TRANSFER_BRANCH_NOT_FOUND');
    const unknownIngredient = await send({
      toBranchId: branchB._id,
      lines: [{ ingredientId: '0190a1b2-0000-7000-8000-000000000000', quantity: 1 }],
    });
    expect(unknownIngredient.statusCode).toBe(404);
    expect(unknownIngredient.json().code).toBe('INGREDIENT_NOT_FOUND');

    // Staff do not send stock.
    expect((await send({ toBranchId: branchB._id, lines: [line] }, 'staff')).statusCode).toBe(403);
    expect(await stockOf(fish._id, 'staff')).toBe(4);

    // A receipt names every line sent, and only those.
    const transfer: StockTransfer = (await send({ toBranchId: branchB._id, lines: [line] })).json().data;
    const negative = await receive(transfer._id, [{ ingredientId: fish._id, received: -1, reason: 'x' }]);
    expect(negative.statusCode).toBe(400);
    const stranger = await receive(transfer._id, [
      { ingredientId: fish._id, received: 1 },
      { ingredientId: '0190a1b2-0000-7000-8000-000000000000', received: 1, reason: 'x' },
    ]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('TRANSFER_LINE_NOT_SENT');
  });

  it('is invisible to a third branch, and each branch lists only its own', async () => {
    const herbs = await ingredientInA(2);
    const transfer: StockTransfer = (
      await send({ toBranchId: branchB._id, lines: [{ ingredientId: herbs._id, quantity: 1 }] })
    ).json().data;

    for (const as of [staffC, managerC]) {
      const read = await t.request({ method: 'GET', url: `/api/stock-transfers/${transfer._id}`, as });
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe('TRANSFER_NOT_FOUND');
      expect((await listTransfers(as)).map((one) => one._id)).not.toContain(transfer._id);
    }
    const receivedByC = await receive(transfer._id, [{ ingredientId: herbs._id, received: 1 }], managerC);
    expect(receivedByC.statusCode).toBe(404);
    expect(await stockOf(herbs._id, staffC)).toBe(0);
  });

  it('answers where the branch can send: every other branch', async () => {
    const response = await t.request({ method: 'GET', url: '/api/stock-transfers/branches', as: managerB });
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((branch: { _id: string }) => branch._id);
    expect(ids).toEqual(expect.arrayContaining([branchA, branchC._id]));
    expect(ids).not.toContain(branchB._id);
    expect((await t.request({ method: 'GET', url: '/api/stock-transfers/branches', as: staffB })).statusCode).toBe(403);
  });

  it("never shows one branch's stock to another", async () => {
    const pork = await ingredientInA(6);
    expect(await stockOf(pork._id, 'staff')).toBe(6);
    expect(await stockOf(pork._id, staffB)).toBe(0);
    const history = await t.request({ method: 'GET', url: `/api/ingredient/${pork._id}/history`, as: staffB });
    expect(history.json().data).toEqual([]);
  });
});
