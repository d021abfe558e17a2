import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok, unreachable } from '../test/fake-api';
import { addToOutbox, drainOutbox, listOutbox, removeFromOutbox, retryEntry, type NewOutboxEntry } from './outbox';
import { sendOutboxRequest } from './outbox-sender';

const ana = { userId: 'u-ana', userName: 'Ana' };

function order(key: string, tableNo: number): NewOutboxEntry {
  return {
    kind: 'order',
    request: {
      method: 'POST',
      url: '/api/order',
      body: { items: [{ itemId: 'pho', quantity: 1 }], tableNo },
      idempotencyKey: key,
    },
    ...ana,
    estimate: 65000,
    cart: null,
    label: '',
  };
}

const placed = (orderNo: number, total = 65000) => ok({ _id: `o${orderNo}`, orderNo, bills: { total } });

describe('the outbox', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(async () => {
    fakeApi?.restore();
    vi.useRealTimers();
    for (const entry of await listOutbox()) await removeFromOutbox(entry.id);
  });

  it('sends the entries oldest first, each with the key it was taken with, and keeps what the server answered', async () => {
    await addToOutbox(order('k1', 1));
    await addToOutbox(order('k2', 2));
    let orderNo = 100;
    fakeApi = installFakeApi(() => placed(++orderNo, orderNo === 102 ? 70000 : 65000));

    await drainOutbox(ana.userId, sendOutboxRequest);

    expect(fakeApi.requests).toEqual(['POST /api/order', 'POST /api/order']);
    expect(fakeApi.configs.map((config) => config.headers.get('Idempotency-Key'))).toEqual(['k1', 'k2']);
    const entries = await listOutbox();
    expect(entries.map((entry) => [entry.state, entry.sent?.orderNo, entry.sent?.total])).toEqual([
      ['sent', 101, 65000],
      ['sent', 102, 70000],
    ]);
  });

  it('stops the line while the server cannot be reached, and tries again after a growing pause', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await addToOutbox(order('k1', 1));
    await addToOutbox(order('k2', 2));
    fakeApi = installFakeApi(() => unreachable);

    await drainOutbox(ana.userId, sendOutboxRequest);
    // The second never overtakes the first.
    expect(fakeApi.requests).toEqual(['POST /api/order']);
    let [first] = await listOutbox();
    expect(first).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(first!.nextTryAt).toBe(Date.now() + 1000);

    // Before the pause is over nothing is sent; after it, the first is tried again (and the pause doubles).
    await drainOutbox(ana.userId, sendOutboxRequest);
    expect(fakeApi.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1000);
    await drainOutbox(ana.userId, sendOutboxRequest);
    [first] = await listOutbox();
    expect(first).toMatchObject({ attempts: 2 });
    expect(first!.nextTryAt).toBe(Date.now() + 2000);

    // The server is back: both go, in order, with their own keys.
    fakeApi.restore();
    let orderNo = 0;
    fakeApi = installFakeApi(() => placed(++orderNo));
    vi.setSystemTime(Date.now() + 2000);
    await drainOutbox(ana.userId, sendOutboxRequest);
    expect(fakeApi.configs.map((config) => config.headers.get('Idempotency-Key'))).toEqual(['k1', 'k2']);
    expect((await listOutbox()).map((entry) => entry.state)).toEqual(['sent', 'sent']);
  });

  it("keeps a refused entry with the server's reason, goes on with the next, and sends it again when asked", async () => {
    await addToOutbox(order('k1', 1));
    await addToOutbox(order('k2', 2));
    let soldOut = true;
    fakeApi = installFakeApi(({ config }) =>
      config.headers.get('Idempotency-Key') === 'k1' && soldOut ? fail(409, 'Phở bò is sold out') : placed(7),
    );

    await drainOutbox(ana.userId, sendOutboxRequest);
    const [refused, sent] = await listOutbox();
    expect(refused).toMatchObject({ state: 'refused', refusal: { status: 409, message: 'Phở bò is sold out' } });
    expect(sent).toMatchObject({ state: 'sent' });

    // Staff restocked. The server never took the refused one, so it goes as a new request with a new key.
    soldOut = false;
    await retryEntry(refused!.id, () => 'k1-again');
    await drainOutbox(ana.userId, sendOutboxRequest);
    expect((await listOutbox())[0]).toMatchObject({ state: 'sent', sent: { orderNo: 7 } });
    expect(fakeApi.configs.map((config) => config.headers.get('Idempotency-Key'))).toEqual(['k1', 'k2', 'k1-again']);
  });

  it('sends a round refused for a changed order again without the version it was taken against', async () => {
    await addToOutbox({
      ...order('r1', 5),
      kind: 'round',
      request: {
        method: 'POST',
        url: '/api/order/o5/rounds',
        body: { items: [{ itemId: 'pho', quantity: 1 }], expectedVersion: 3 },
        idempotencyKey: 'r1',
      },
    });
    fakeApi = installFakeApi(({ config }) =>
      JSON.parse(config.data as string).expectedVersion === 3 ? fail(409, 'Order 1005 changed') : placed(1005),
    );
    await drainOutbox(ana.userId, sendOutboxRequest);
    const [refused] = await listOutbox();
    await retryEntry(refused!.id, () => 'r1-again');
    await drainOutbox(ana.userId, sendOutboxRequest);
    expect((await listOutbox())[0]).toMatchObject({ state: 'sent', request: { idempotencyKey: 'r1-again' } });
    expect(JSON.parse(fakeApi.configs[1]!.data as string)).toEqual({ items: [{ itemId: 'pho', quantity: 1 }] });
  });

  it('sets aside an entry kept longer than the server remembers its key, for a person to check', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await addToOutbox(order('k1', 1));
    vi.setSystemTime(Date.now() + 24 * 3600_000);
    fakeApi = installFakeApi(() => placed(1));
    await drainOutbox(ana.userId, sendOutboxRequest);
    expect(fakeApi.requests).toEqual([]);
    expect((await listOutbox())[0]).toMatchObject({ state: 'refused', refusal: { tooOld: true } });
  });

  it('sends nothing more once the person it drains for has left', async () => {
    await addToOutbox(order('k1', 1));
    await addToOutbox(order('k2', 2));
    let signedIn = true;
    fakeApi = installFakeApi(() => {
      signedIn = false;
      return placed(1);
    });
    await drainOutbox(ana.userId, sendOutboxRequest, () => signedIn);
    expect(fakeApi.requests).toHaveLength(1);
    expect((await listOutbox()).map((entry) => entry.state)).toEqual(['sent', 'waiting']);
  });

  it("waits for its own person: another person's session, or an expired one, sends nothing", async () => {
    await addToOutbox(order('k1', 1));
    fakeApi = installFakeApi(() => fail(401, 'Your session has expired'));

    await drainOutbox('u-binh', sendOutboxRequest);
    expect(fakeApi.requests).toEqual([]);

    await drainOutbox(ana.userId, sendOutboxRequest);
    expect(fakeApi.requests).toEqual(['POST /api/order']);
    expect((await listOutbox())[0]).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('survives a reload: a new page finds the entries and sends them', async () => {
    await addToOutbox(order('k1', 1));
    vi.resetModules();
    const reloaded = await import('./outbox');
    const { sendOutboxRequest: send } = await import('./outbox-sender');
    const { installFakeApi: install } = await import('../test/fake-api');
    const reloadedApi = install(() => placed(42));
    try {
      expect((await reloaded.listOutbox()).map((entry) => entry.request.idempotencyKey)).toEqual(['k1']);
      await reloaded.drainOutbox(ana.userId, send);
      expect((await reloaded.listOutbox())[0]).toMatchObject({ state: 'sent', sent: { orderNo: 42 } });
    } finally {
      reloadedApi.restore();
    }
  });
});
