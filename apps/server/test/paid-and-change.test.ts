import { describe, expect, it } from 'vitest';
import { mainMethod, netPaid } from '../src/modules/orders/paid';
import { changeOf, roundingOf } from '../src/modules/orders/payments';

describe('what payments cover of a bill', () => {
  it('is their amounts less what was refunded', () => {
    expect(
      netPaid([
        { amount: 100_000, refunded: 0 },
        { amount: 104_120, refunded: 20_000 },
      ]),
    ).toBe(184_120);
  });

  it('is nothing without payments, or once all is refunded', () => {
    expect(netPaid([])).toBe(0);
    expect(netPaid([{ amount: 65_000, refunded: 65_000 }])).toBe(0);
  });
});

describe('the method that paid a bill', () => {
  it('is the one that paid most of it, its payments added up', () => {
    expect(
      mainMethod([
        { method: 'cash', amount: 100_000, refunded: 0 },
        { method: 'transfer', amount: 60_000, refunded: 0 },
        { method: 'transfer', amount: 60_000, refunded: 0 },
      ]),
    ).toBe('transfer');
  });

  it('counts what is left after refunds', () => {
    expect(
      mainMethod([
        { method: 'card', amount: 150_000, refunded: 100_000 },
        { method: 'cash', amount: 100_000, refunded: 0 },
      ]),
    ).toBe('cash');
  });

  it('is the first one on a tie', () => {
    expect(
      mainMethod([
        { method: 'ewallet', amount: 50_000, refunded: 0 },
        { method: 'cash', amount: 50_000, refunded: 0 },
      ]),
    ).toBe('ewallet');
  });

  it('is none when nothing is paid', () => {
    expect(mainMethod([])).toBeNull();
    expect(mainMethod([{ method: 'card', amount: 70_200, refunded: 70_200 }])).toBeNull();
  });
});

describe('the change given back', () => {
  it('is the cash handed over beyond the payment and the tip', () => {
    expect(changeOf({ method: 'cash', amount: 204_120, tendered: 500_000 }, 0)).toBe(295_880);
    expect(changeOf({ method: 'cash', amount: 204_120, tip: 20_000, tendered: 500_000 }, 0)).toBe(275_880);
  });

  it('is nothing when the cash is exactly enough, or too little', () => {
    expect(changeOf({ method: 'cash', amount: 70_200, tendered: 70_200 }, 0)).toBe(0);
    expect(changeOf({ method: 'cash', amount: 70_200, tendered: 50_000 }, 0)).toBe(0);
  });

  it('is nothing but for cash, or when nobody said what was handed over', () => {
    expect(changeOf({ method: 'card', amount: 70_200, tendered: 100_000 }, 0)).toBe(0);
    expect(changeOf({ method: 'cash', amount: 70_200 }, 0)).toBe(0);
  });

  it('takes the cash rounding off what was handed over too', () => {
    // 56.880 ₫ rounded up to 57.000 ₫: from a 100.000 ₫ note, 43.000 ₫ goes back, not 43.120 ₫.
    expect(changeOf({ method: 'cash', amount: 56_880, tendered: 100_000 }, 120)).toBe(43_000);
    expect(changeOf({ method: 'cash', amount: 56_400, tip: 10_000, tendered: 100_000 }, -400)).toBe(34_000);
  });
});

describe('the cash rounding of a payment', () => {
  it('rounds cash paying all that is due to the step, half up, either way', () => {
    expect(roundingOf({ method: 'cash', amount: 56_880 }, 56_880, 1000)).toBe(120);
    expect(roundingOf({ method: 'cash', amount: 56_400 }, 56_400, 1000)).toBe(-400);
    expect(roundingOf({ method: 'cash', amount: 56_500 }, 56_500, 1000)).toBe(500);
    expect(roundingOf({ method: 'cash', amount: 56_880 }, 56_880, 500)).toBe(120);
    expect(roundingOf({ method: 'cash', amount: 56_700 }, 56_700, 500)).toBe(-200);
  });

  it('leaves a partial cash payment, any other method and a restaurant that does not round exact', () => {
    expect(roundingOf({ method: 'cash', amount: 30_000 }, 56_880, 1000)).toBe(0);
    expect(roundingOf({ method: 'card', amount: 56_880 }, 56_880, 1000)).toBe(0);
    expect(roundingOf({ method: 'transfer', amount: 56_880 }, 56_880, 1000)).toBe(0);
    expect(roundingOf({ method: 'cash', amount: 56_880 }, 56_880, 0)).toBe(0);
  });
});
