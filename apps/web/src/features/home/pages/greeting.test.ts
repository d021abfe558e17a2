// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { greet } from './greeting';

describe('greet', () => {
  it('uses the given name, which Vietnamese names put last', () => {
    expect(greet('Nguyễn Văn An', new Date('2026-01-15T01:00:00.000Z'))).toBe('Good morning, An');
  });

  it('follows the time of day in Hồ Chí Minh City, not UTC', () => {
    // 06:00 UTC is 13:00 and 12:00 UTC is 19:00 in UTC+7.
    expect(greet('An', new Date('2026-01-15T06:00:00.000Z'))).toBe('Good afternoon, An');
    expect(greet('An', new Date('2026-01-15T12:00:00.000Z'))).toBe('Good evening, An');
  });

  it('still greets when the name is empty', () => {
    expect(greet('  ', new Date('2026-01-15T01:00:00.000Z'))).toBe('Good morning');
  });
});
