import type { Role } from './user';

/**
 * Who may do what: the one permission table of the product. The role is the person's role in the branch
 * their session works in (an admin holds every branch), and everything a call reads or changes is that
 * branch's: the branch is part of every decision, as the role is. Every API route declares one of these (or is
 * public), the server's access guard checks it, and every screen asks `can` before it shows an action.
 * A rule that also depends on the record (a manager may not suspend an admin) starts from this table and is
 * written once below it, as a function of the roles involved, for the server to enforce and the screens to ask.
 */
export const permissions = {
  'account:own': { roles: ['admin', 'manager', 'staff'], does: 'use your own account' },
  'accounts:read': { roles: ['admin', 'manager'], does: 'see the staff accounts' },
  'accounts:set-status': { roles: ['admin', 'manager'], does: 'approve or suspend accounts' },
  'accounts:set-role': { roles: ['admin'], does: "change an account's role" },
  'accounts:delete': { roles: ['admin'], does: 'delete accounts' },
  'branches:manage': { roles: ['admin'], does: "add and edit the chain's branches and who works in them" },
  'settings:read': { roles: ['admin', 'manager', 'staff'], does: "read the restaurant's settings" },
  'settings:manage': { roles: ['admin'], does: "change the restaurant's settings" },
  'menu:read': { roles: ['admin', 'manager', 'staff'], does: 'read the menu' },
  'menu:manage': { roles: ['admin', 'manager'], does: 'change the menu' },
  'tables:read': { roles: ['admin', 'manager', 'staff'], does: 'see the tables' },
  'tables:seat': { roles: ['admin', 'manager', 'staff'], does: 'seat guests and free tables' },
  'tables:manage': { roles: ['admin', 'manager'], does: 'add, delete or renumber tables and rotate their QR keys' },
  'reservations:read': { roles: ['admin', 'manager', 'staff'], does: 'see the reservations' },
  'reservations:manage': {
    roles: ['admin', 'manager', 'staff'],
    does: 'book, change, seat and cancel reservations',
  },
  'orders:read': { roles: ['admin', 'manager', 'staff'], does: 'see orders' },
  'orders:place': { roles: ['admin', 'manager', 'staff'], does: 'place orders' },
  'orders:update': { roles: ['admin', 'manager', 'staff'], does: 'move orders along and settle them' },
  'orders:void': { roles: ['admin', 'manager', 'staff'], does: 'void dishes the kitchen has not started' },
  'orders:void-started': { roles: ['admin', 'manager'], does: 'void dishes the kitchen has started or served' },
  'payments:take': { roles: ['admin', 'manager', 'staff'], does: 'take payments' },
  'payments:refund': { roles: ['admin', 'manager'], does: 'refund payments' },
  'payments:match-transfers': {
    roles: ['admin', 'manager'],
    does: 'pay bank transfers that matched no bill onto an order',
  },
  'shifts:use': { roles: ['admin', 'manager', 'staff'], does: 'open, count and close the cash drawer' },
  'shifts:read': { roles: ['admin', 'manager'], does: 'see past shifts and their reports' },
  'shifts:reopen': { roles: ['admin', 'manager'], does: 'reopen a closed shift' },
  'exports:read': { roles: ['admin', 'manager'], does: "export the period's orders, payments and shifts" },
  'audit:read': { roles: ['admin', 'manager'], does: 'read the audit trail' },
  'reports:read': { roles: ['admin', 'manager'], does: 'see revenue and charts' },
  'reports:chain': { roles: ['admin'], does: 'see revenue and charts of the whole chain' },
  'ingredients:read': { roles: ['admin', 'manager', 'staff'], does: 'see ingredients and stock' },
  'ingredients:manage': { roles: ['admin', 'manager'], does: 'change ingredients and stock' },
  'stock:transfer': { roles: ['admin', 'manager'], does: 'send stock to another branch and receive it' },
  'customers:read': { roles: ['admin', 'manager', 'staff'], does: 'see customers' },
  'customers:edit': { roles: ['admin', 'manager', 'staff'], does: 'add and edit customers' },
  'customers:delete': { roles: ['admin', 'manager'], does: 'delete customers' },
  'customers:manage-loyalty': { roles: ['admin', 'manager'], does: 'update memberships and export VIP emails' },
  'coupons:read': { roles: ['admin', 'manager', 'staff'], does: 'see coupons' },
  'coupons:validate': { roles: ['admin', 'manager', 'staff'], does: 'check a coupon code' },
  'coupons:manage': { roles: ['admin', 'manager'], does: 'change coupons' },
  'printers:manage': { roles: ['admin', 'manager'], does: "set up the branch's printers and test them" },
  'printers:drawer': { roles: ['admin', 'manager'], does: 'open the cash drawer without a sale' },
  'einvoices:configure': { roles: ['admin'], does: "set up the branch's e-invoice account" },
  'einvoices:review': { roles: ['admin', 'manager'], does: "see the branch's e-invoices that need a person" },
  'spin-wheel:use': { roles: ['admin', 'manager', 'staff'], does: 'run the spin wheel' },
} as const satisfies Record<string, { roles: readonly Role[]; does: string }>;

export type Permission = keyof typeof permissions;

export const permissionNames = Object.keys(permissions) as Permission[];

/** Whether someone with this role (or nobody signed in) may do this. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (permissions[permission].roles as readonly Role[]).includes(role);
}

/**
 * Record-dependent: whether someone with `actorRole` may change an account whose role is `targetRole` (its
 * status, say), once the table has let them act on accounts at all. An admin's account is changed by admins
 * only, so a manager who approves and suspends staff cannot lock the admins out.
 */
export function mayChangeAccount(actorRole: Role | null | undefined, targetRole: Role): boolean {
  return targetRole !== 'admin' || actorRole === 'admin';
}

/** The sentence of the 403 when `mayChangeAccount` says no. */
export const adminAccountRefusal = "Only an admin can change an admin's account";

/** The sentence of a 403: "Your role (staff) cannot change the menu". */
export const refusal = (role: Role, permission: Permission) =>
  `Your role (${role}) cannot ${permissions[permission].does}`;
