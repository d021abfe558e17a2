// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeBadge, periodChange, previousPeriodName } from './period-change';

const badge = (current: number, previous: number) => changeBadge(periodChange(current, previous));

describe('change against the previous period', () => {
  it('gives the change in whole percent with its sign', () => {
    expect(badge(4_480_000, 4_000_000)).toBe('+12 %');
    expect(badge(95, 100)).toBe('\u22125 %');
    expect(badge(30, 10)).toBe('+200 %');
    expect(badge(0, 250_000)).toBe('\u2212100 %');
  });

  it('says "new" when there was nothing before, and 0 % when nothing moved', () => {
    expect(badge(120_000, 0)).toBe('new');
    expect(badge(0, 0)).toBe('0 %');
    expect(badge(7, 7)).toBe('0 %');
  });

  it('still shows the direction of a change under 1 %', () => {
    expect(badge(1001, 1000)).toBe('+<1 %');
    expect(badge(999, 1000)).toBe('\u2212<1 %');
  });

  it('names the previous period', () => {
    expect(previousPeriodName(1)).toBe('the previous day');
    expect(previousPeriodName(7)).toBe('the previous 7 days');
  });
});
