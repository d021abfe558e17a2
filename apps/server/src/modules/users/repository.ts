import type { AccountStatus, Role } from '@quan/contract/user';
import { and, asc, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branchMembers } from '../../db/schema/branches';
import { sessions, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function countOtherActiveAdmins(db: Executor, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}

export async function listUsers(db: Executor): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

export async function insertUser(db: Executor, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'avatar' | 'language' | 'passwordHash'>> & {
    role?: Role;
    status?: AccountStatus;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function insertSession(db: Executor, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The user behind a live session (not revoked, not expired), the session's branch and their role there:
 * admin for an admin, their role in the branch otherwise, null if they no longer work in it. Status is
 * checked by the caller.
 */
export async function findSessionUser(
  db: Executor,
  sessionId: string,
): Promise<(Pick<UserRow, 'id' | 'name' | 'status'> & { branchId: string; role: Role | null }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      status: users.status,
      accountRole: users.role,
      branchId: sessions.branchId,
      branchRole: branchMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      branchMembers,
      and(eq(branchMembers.userId, sessions.userId), eq(branchMembers.branchId, sessions.branchId)),
    )
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return undefined;
  const { accountRole, branchRole, ...user } = row;
  return { ...user, role: accountRole === 'admin' ? 'admin' : branchRole };
}

/** Moves a live session to another branch; answers the branch it was in. */
export async function setSessionBranch(db: Executor, sessionId: string, branchId: string): Promise<string | undefined> {
  const [before] = await db
    .select({ branchId: sessions.branchId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for('update');
  if (!before) return undefined;
  await db.update(sessions).set({ branchId }).where(eq(sessions.id, sessionId));
  return before.branchId;
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Housekeeping at sign-in: the user's sessions that can never be used again. */
export async function deleteDeadSessions(db: Executor, userId: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, sql`now()`), sql`${sessions.revokedAt} is not null`)),
    );
}
