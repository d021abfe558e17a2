// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/data/session';
import { isTokenValid } from './token';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowSeconds = now / 1000;

describe('isTokenValid', () => {
  it('rejects a missing token', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid(undefined, now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
  });

  it('rejects something that is not a JWT', () => {
    expect(isTokenValid('not-a-token', now)).toBe(false);
    expect(isTokenValid('a.b', now)).toBe(false);
  });

  it('rejects a payload that is not base64', () => {
    expect(isTokenValid('header.%%%%.signature', now)).toBe(false);
  });

  it('rejects a payload that is not JSON', () => {
    expect(isTokenValid(`header.${btoa('{not json')}.signature`, now)).toBe(false);
  });

  it('rejects a token without a numeric exp claim', () => {
    expect(isTokenValid(makeToken({ sub: 'u1' }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: String(nowSeconds + 3600) }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: null }), now)).toBe(false);
  });

  it('rejects an expired token, and one expiring this very second', () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds - 60 }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: nowSeconds }), now)).toBe(false);
  });

  it('accepts a token that expires in the future', () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds + 1 }), now)).toBe(true);
    expect(isTokenValid(makeToken({ sub: 'u1', exp: nowSeconds + 12 * 3600 }), now)).toBe(true);
  });

  it('reads base64url payloads that use - and _', () => {
    // "name" chosen so that its base64 holds + or / characters, which base64url replaces.
    const token = makeToken({ exp: nowSeconds + 60, name: '~~~???>>>' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(isTokenValid(token, now)).toBe(true);
  });
});
