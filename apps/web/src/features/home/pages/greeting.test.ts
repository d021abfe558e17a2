// @vitest-environment node
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as english } from '../../../locales/en/home.po';
import { messages as vietnamese } from '../../../locales/vi/home.po';
import { greet } from './greeting';

const t = i18n._.bind(i18n);

describe('greet', () => {
  beforeAll(() => {
    i18n.load({ en: english, vi: vietnamese });
    i18n.activate('en');
  });

  it('uses the given name, which Vietnamese names put last', () => {
    expect(greet('Nguyễn Văn An', new Date('2026-01-15T01:00:00.000Z'), t)).toBe('Good morning, An');
  });

  it('follows the time of day in Hồ Chí Minh City, not UTC', () => {
    // 06:00 UTC is 13:00 and 12:00 UTC is 19:00 in UTC+7.
    expect(greet('An', new Date('2026-01-15T06:00:00.000Z'), t)).toBe('Good afternoon, An');
    expect(greet('An', new Date('2026-01-15T12:00:00.000Z'), t)).toBe('Good evening, An');
  });

  it('still greets when the name is empty', () => {
    expect(greet('  ', new Date('2026-01-15T01:00:00.000Z'), t)).toBe('Good morning');
  });

  it('greets in Vietnamese', () => {
    i18n.activate('vi');
    try {
      expect(greet('Nguyễn Văn An', new Date('2026-01-15T12:00:00.000Z'), t)).toBe('Chào buổi tối, An');
    } finally {
      i18n.activate('en');
    }
  });
});
