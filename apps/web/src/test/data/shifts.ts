import type { Shift, ShiftSummary, ZReport } from '@quan/contract/shifts';

export const lan = { _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000a1', name: 'Lan' };
export const binh = { _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000a2', name: 'Bình' };

export function makeReport(overrides: Partial<ZReport> = {}): ZReport {
  return {
    byMethod: [
      { method: 'cash', payments: 12, amount: 1_850_000 },
      { method: 'card', payments: 5, amount: 1_240_000 },
      { method: 'transfer', payments: 7, amount: 960_000 },
    ],
    netSales: 4_050_000,
    refunds: { count: 1, amount: 65_000 },
    tips: {
      amount: 120_000,
      byStaff: [
        { staff: lan, amount: 80_000 },
        { staff: binh, amount: 40_000 },
      ],
    },
    orders: 24,
    guests: 61,
    subtotal: 3_700_000,
    discounts: 50_000,
    serviceCharge: 110_000,
    taxes: 305_000,
    taxesByRate: [{ vatRate: 8, taxable: 3_812_500, tax: 305_000 }],
    voids: { count: 2, amount: 90_000 },
    cash: {
      openingFloat: 1_000_000,
      sales: 1_850_000,
      rounding: 0,
      tips: 50_000,
      refunds: 65_000,
      payIns: 200_000,
      payOuts: 150_000,
      expected: 2_885_000,
      counted: null,
      overShort: null,
    },
    ...overrides,
  };
}

export function makeShift(overrides: Partial<Shift> = {}): Shift {
  return {
    _id: '0190a1b2-c3d4-7e5f-8a9b-00000000c012',
    shiftNo: 12,
    deviceId: 'device-test-0001',
    deviceName: 'Quầy 1',
    status: 'open',
    // 08:02 in Hà Nội.
    openedBy: lan,
    openedAt: '2026-03-14T01:02:00.000Z',
    openingFloat: 1_000_000,
    closedBy: null,
    closedAt: null,
    noteCounts: null,
    note: '',
    reopenCount: 0,
    movements: [],
    report: makeReport(),
    ...overrides,
  };
}

/** The shift as counted and closed: 20.000 ₫ short of what the drawer should hold. */
export function closedShift(overrides: Partial<Shift> = {}): Shift {
  const open = makeShift();
  return makeShift({
    status: 'closed',
    closedBy: lan,
    closedAt: '2026-03-14T09:30:00.000Z',
    report: { ...open.report, cash: { ...open.report.cash, counted: 2_865_000, overShort: -20_000 } },
    ...overrides,
  });
}

export function summaryOf(shift: Shift): ShiftSummary {
  const { movements: _movements, noteCounts: _noteCounts, ...summary } = shift;
  return summary;
}
