// @vitest-environment node
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as english } from '../../../locales/en/dashboard.po';
import { messages as vietnamese } from '../../../locales/vi/dashboard.po';
import { changeBadge, periodChange, previousPeriodName } from './period-change';

const en = setupI18n({ locale: 'en', messages: { en: english } });
const vi = setupI18n({ locale: 'vi', messages: { vi: vietnamese } });
const t = en._.bind(en);
const tVi = vi._.bind(vi);

const badge = (current: number, previous: number) => changeBadge(periodChange(current, previous), t);

describe('change against the previous period', () => {
  it('gives the change in whole percent with its sign', () => {
    expect(badge(4_480_000, 4_000_000)).toBe('+12%');
    expect(badge(95, 100)).toBe('\u22125%');
    expect(badge(30, 10)).toBe('+200%');
    expect(badge(0, 250_000)).toBe('\u2212100%');
  });

  it('says "new" when there was nothing before, and 0 % when nothing moved', () => {
    expect(badge(120_000, 0)).toBe('new');
    expect(badge(7, 7)).toBe('0%');
  });

  it('shows a neutral dash, not −100 % or 0 %, when there is nothing on either side', () => {
    expect(periodChange(0, 0)).toEqual({ direction: 'none' });
    expect(badge(0, 0)).toBe('\u2014');
    // Something then and nothing yet now is an honest fall.
    expect(badge(0, 250_000)).toBe('\u2212100%');
  });

  it('still shows the direction of a change under 1 %', () => {
    expect(badge(1001, 1000)).toBe('+<1%');
    expect(badge(999, 1000)).toBe('\u2212<1%');
  });

  it('names the previous period', () => {
    expect(previousPeriodName(1, t)).toBe('the previous day');
    expect(previousPeriodName(7, t)).toBe('the previous 7 days');
    expect(previousPeriodName(1, t, 'elapsed')).toBe('yesterday at this time');
    expect(previousPeriodName(7, t, 'elapsed')).toBe('the previous 7 days, up to this time');
  });

  it('speaks Vietnamese', () => {
    expect(changeBadge(periodChange(120_000, 0), tVi)).toBe('mới');
    expect(changeBadge(periodChange(95, 100), tVi)).toBe('\u22125%');
    expect(previousPeriodName(1, tVi)).toBe('ngày hôm trước');
    expect(previousPeriodName(7, tVi)).toBe('7 ngày trước đó');
    expect(previousPeriodName(1, tVi, 'elapsed')).toBe('cùng giờ hôm qua');
    expect(previousPeriodName(7, tVi, 'elapsed')).toBe('7 ngày trước đó, tính đến cùng giờ');
  });
});
