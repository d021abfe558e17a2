import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';

/**
 * TRUST_PROXY decides which address the per-address limits count. A proxy that appends to X-Forwarded-For (nginx
 * with `proxy_add_x_forwarded_for`) passes on whatever the client sent, then the address it saw; so a client
 * that sends a new address of its own each time must still be counted under the one the proxy saw. The booking
 * limit stands for them all: every request to book online counts, even one refused (booking is off here).
 */

const PROXY_SAW = '203.0.113.9';
const booking = { name: 'Khách', phone: '0901234567', partySize: 2, startsAt: '2030-01-07T19:00:00+07:00' };
let spoofs = 0;

/** Three requests to book, each with an address of the client's own choosing ahead of `forwardedFor`. */
async function bookThrice(app: FastifyInstance, forwardedFor: string | null, remoteAddress = '127.0.0.1') {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    spoofs += 1;
    const spoof = `198.18.${spoofs % 250}.${(spoofs * 7) % 250}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/reservations',
      payload: booking,
      headers: { 'x-forwarded-for': forwardedFor ? `${spoof}, ${forwardedFor}` : spoof },
      remoteAddress,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

async function withProxyTrust(setting: string, test: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const t = await buildTestApp({ TRUST_PROXY: setting, BOOKING_RATE_LIMIT_PER_IP: '2' });
  try {
    await test(t.app);
  } finally {
    await t.close();
  }
}

describe('the client address behind a proxy that appends to X-Forwarded-For', () => {
  it.each(['127.0.0.1', '10.0.0.0/8, 127.0.0.0/8', '1'])(
    'with TRUST_PROXY=%s, is the one the proxy saw, whatever the client put ahead of it',
    (setting) =>
      withProxyTrust(setting, async (app) => {
        expect(await bookThrice(app, PROXY_SAW)).toEqual([403, 403, 429]);
        // Another client through the same proxy is counted apart.
        expect((await bookThrice(app, '203.0.113.10')).slice(0, 1)).toEqual([403]);
      }),
  );

  it("with the proxy's address, is a direct client's own: its header is not believed", () =>
    withProxyTrust('127.0.0.1', async (app) => {
      expect(await bookThrice(app, null, '198.51.100.7')).toEqual([403, 403, 429]);
    }));

  it('with TRUST_PROXY=true, is the leftmost: right only behind a proxy that overwrites the header', () =>
    withProxyTrust('true', async (app) => {
      // Behind an appending proxy, every request is counted under the address the client chose.
      expect(await bookThrice(app, PROXY_SAW)).toEqual([403, 403, 403]);
      // Behind one that overwrites it (deploy/haproxy.cfg), the header holds only the address it saw.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const headers = { 'x-forwarded-for': PROXY_SAW };
        statuses.push(
          (await app.inject({ method: 'POST', url: '/api/public/reservations', payload: booking, headers })).statusCode,
        );
      }
      expect(statuses).toEqual([403, 403, 429]);
    }));
});
