import type { Revenue, RevenueComparisonFigures } from '@quan/contract/report';

/** Figures as GET /api/order/revenue returns them, for tests (the dashboard's and the pages composing it). */
export function makeRevenue(overrides: Partial<Revenue> = {}): Revenue {
  return {
    totalRevenue: 0,
    orderCount: 0,
    averageOrderValue: 0,
    totalGuests: 0,
    byPaymentMethod: [
      { method: 'cash', revenue: 0, orders: 0 },
      { method: 'card', revenue: 0, orders: 0 },
      { method: 'transfer', revenue: 0, orders: 0 },
      { method: 'ewallet', revenue: 0, orders: 0 },
      { method: 'voucher', revenue: 0, orders: 0 },
    ],
    topItems: [],
    tips: { total: 0, byStaff: [] },
    taxes: [],
    range: { startDate: '2026-03-10T17:00:00.000Z', endDate: '2026-03-11T17:00:00.000Z' },
    ...overrides,
  };
}

/** What the server compared the figures with (`comparison`): by default nothing, yesterday until 03:30. */
export function makeComparison(overrides: Partial<RevenueComparisonFigures> = {}): RevenueComparisonFigures {
  return {
    totalRevenue: 0,
    orderCount: 0,
    averageOrderValue: 0,
    totalGuests: 0,
    range: { startDate: '2026-03-09T17:00:00.000Z', endDate: '2026-03-09T20:30:00.000Z' },
    span: 'elapsed',
    asOf: '2026-03-10T20:30:00.000Z',
    ...overrides,
  };
}
