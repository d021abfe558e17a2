import type { Language } from '@quan/contract/language';
import type { AccountStatus, Role } from '@quan/contract/user';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { branches } from './branches';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased; the contract normalises it before it gets here. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    avatar: text('avatar').notNull().default(''),
    /** The language this person's screens show; null: the restaurant's. */
    language: text('language').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('admin', 'manager', 'staff')`),
    check('users_status_check', sql`${t.status} in ('active', 'pending', 'suspended')`),
    check('users_language_check', sql`${t.language} in ('vi', 'en')`),
  ],
);

/**
 * One row per issued token (its `jti`). A token is honoured only while its session is not revoked and its
 * user is active, so sign-out, suspension and deletion end access at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The branch this session works in (the branch switcher sets it); every staff call is this branch's. */
    branchId: uuid('branch_id')
      .notNull()
      .references((): AnyPgColumn => branches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
