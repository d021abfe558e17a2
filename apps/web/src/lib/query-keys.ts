/**
 * Root query keys of the data that live events and cross-screen mutations invalidate. Features build
 * their own keys under these, so invalidating a root refreshes every screen showing that data.
 */
export const queryRoots = {
  orders: ['orders'],
  tables: ['tables'],
  menu: ['menu'],
  ingredients: ['ingredients'],
  /** Revenue figures and chart data: they change when an order is completed. */
  reports: ['reports'],
} as const;
