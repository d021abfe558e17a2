import type { MembershipLevel } from '@quan/contract/customer';
import type { Role } from '@quan/contract/user';

// The sizes, options and result of `generateRestaurant`; generate-restaurant.ts exports them to its callers.

/**
 * `secondBranch`: the chain's second shop, Quận 3 (its tables, its staff and its share of the first branch's
 * orders), or null for a restaurant of one branch.
 */
export const restaurantSizes = {
  /** For tests: a few dishes and tables, the beer among them (billed at a rate of its own). */
  tiny: {
    categories: 5,
    dishes: 10,
    tables: 3,
    staff: 1,
    managers: 0,
    unavailable: 0,
    customers: 40,
    secondBranch: { tables: 2, staff: 1, managers: 1, orderShare: 0.6 },
  },
  /** A neighbourhood restaurant and its younger, smaller shop, for `npm run demo`. */
  demo: {
    categories: 8,
    dishes: 30,
    tables: 12,
    staff: 5,
    managers: 0,
    unavailable: 1,
    customers: 300,
    secondBranch: { tables: 8, staff: 3, managers: 1, orderShare: 0.6 },
  },
  /** A big restaurant, for the benchmarks. */
  large: {
    categories: 11,
    dishes: 200,
    tables: 40,
    staff: 16,
    managers: 2,
    unavailable: 3,
    customers: 100_000,
    secondBranch: null,
  },
} as const;
export type RestaurantSize = keyof typeof restaurantSizes;

/** An account someone signs in with: created active, its password hashed like the app does. */
export interface RestaurantAccount {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
  /**
   * The branch a manager or staff account works in: 0 the first (unless given), 1 the second (Quận 3).
   * Admins hold every branch.
   */
  branch?: 0 | 1;
}

/** What was made in one branch. */
export interface GeneratedBranch {
  id: string;
  name: string;
  slug: string;
  tables: number;
  /** The accounts that work there (admins aside). */
  accounts: number;
  orders: number;
  openOrders: number;
  /** Dishes at a price of this branch's own, and dishes it does not sell. */
  ownPrices: number;
  notSold: number;
}

export interface GenerateRestaurantOptions {
  size: RestaurantSize;
  /** Days of orders, the last one today (in the restaurant's time zone). */
  days: number;
  /**
   * The first branch's orders over those days (the second branch has its size's share of them); today's stop
   * at `asOf`, so slightly fewer are written.
   */
  orders: number;
  accounts?: RestaurantAccount[];
  /** Loyalty customers; the size's number unless given. */
  customers?: number;
  /**
   * Orders per INSERT … SELECT (50 000). The customers are made after the first batch, and the later
   * batches' orders are attached to them as they are written.
   */
  batchOrders?: number;
  /** The same seed gives the same restaurant and, for the same `asOf` day, the same orders. */
  seed?: number;
  /**
   * "Now": the last order is placed before it, in the middle of a service: about half the tables seated with
   * open orders placed over the last hour (see `stageService`), the day's earlier orders paid.
   */
  asOf?: Date;
  /** Told each step as it starts; throwing from it stops the generator between steps. */
  onProgress?: (message: string) => void;
  /** The staff screens' language, written with the settings the demo changes (online booking); 'vi' unless given. */
  language?: 'vi' | 'en';
  /**
   * Network printers for the first branch, at these addresses (the demo's stand-ins on loopback): "Bếp" prints the
   * kitchen's tickets, "Quầy" the bar's, the bills, the receipts and the Z reports, and opens the cash drawer.
   * No printers unless given.
   */
  printers?: { kitchen: DemoPrinterAddress; counter: DemoPrinterAddress };
}

export type DemoPrinterAddress = { host: string; port: number };

export interface GeneratedRestaurant {
  /** The chain's branches, the first one first; the counts below are the chain's. */
  branches: GeneratedBranch[];
  /** The stock sent from the first branch to the second, received with a shortfall; null with one branch. */
  transfer: { transferNo: number; lines: number; shortfall: number } | null;
  categories: number;
  dishes: number;
  ingredients: number;
  tables: number;
  accounts: number;
  orders: number;
  openOrders: number;
  orderLines: number;
  customers: number;
  /** Customers per membership level. */
  levels: Record<MembershipLevel, number>;
  /** Orders attached to a customer. */
  memberOrders: number;
  /** Coupons, the spin wheel's prizes among them. */
  coupons: number;
  spinPrizes: number;
  /** Orders that used a coupon. */
  couponOrders: number;
  firstDay: string;
  lastDay: string;
  /** Milliseconds per step. */
  timings: {
    menu: number;
    orders: number;
    customers: number;
    stock: number;
    rollups: number;
    vacuum: number;
    total: number;
  };
}
