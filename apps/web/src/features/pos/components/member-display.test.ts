// @vitest-environment node
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages as english } from '../../../locales/en/pos.po';
import { messages as vietnamese } from '../../../locales/vi/pos.po';
import { memberSummary } from './member-display';

const t = i18n._.bind(i18n);

describe('memberSummary', () => {
  beforeAll(() => i18n.load({ en: english, vi: vietnamese }));
  afterEach(() => i18n.activate('en'));

  it("names the level and the points, grouped as the screen's language writes numbers", () => {
    i18n.activate('en');
    expect(memberSummary({ membershipLevel: 'gold', loyaltyPoints: 1250 }, t)).toBe('Gold · 1,250 points');
    expect(memberSummary({ membershipLevel: 'bronze', loyaltyPoints: 1 }, t)).toBe('Bronze · 1 point');
  });

  it('speaks Vietnamese', () => {
    i18n.activate('vi');
    expect(memberSummary({ membershipLevel: 'platinum', loyaltyPoints: 1250 }, t)).toBe('Bạch kim · 1.250 điểm');
    expect(memberSummary({ membershipLevel: 'silver', loyaltyPoints: 1 }, t)).toBe('Bạc · 1 điểm');
  });
});
