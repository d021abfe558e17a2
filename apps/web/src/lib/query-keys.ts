/**
 * Root query keys of the data that live events and cross-screen mutations invalidate. Features build
 * their own keys under these, so invalidating a root refreshes every screen showing that data.
 */
export const queryRoots = {
  orders: ['orders'],
  tables: ['tables'],
  menu: ['menu'],
  ingredients: ['ingredients'],
  /** Customers: the customer page's list and figures and the POS's look-ups, all keyed in lib/customer-queries.ts. */
  customers: ['customers'],
  coupons: ['coupons'],
  /** The wheel's prizes (coupons with a spin weight) and the recent spins. */
  spinWheel: ['spin-wheel'],
  /** Revenue figures and chart data: they change when an order is completed. */
  reports: ['reports'],
  /** Cash drawer shifts: this device's open shift, past shifts and their Z reports. */
  shifts: ['shifts'],
  /** Reservations: the day's book, and the tables screen's "reserved 19:00". */
  reservations: ['reservations'],
  /** The branch's printers, their status and the jobs waiting for them. */
  printers: ['printers'],
  /** The branch's e-invoices: those the provider refused, and the day's reconciliation. */
  einvoices: ['einvoices'],
} as const;
