import type { BranchRole } from '@quan/contract/branch';
import type { Role } from '@quan/contract/user';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, branchMembers } from '../../db/schema/branches';

export type BranchRow = typeof branches.$inferSelect;

export async function listBranches(db: Executor): Promise<BranchRow[]> {
  return db.select().from(branches).orderBy(asc(branches.position));
}

export async function findBranch(db: Executor, id: string): Promise<BranchRow | undefined> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id));
  return row;
}

/** A branch named by its id and name. */
export interface BranchRef {
  id: string;
  name: string;
}

/** The branches among these ids; an id that is no branch of the chain is absent. */
export async function findBranchRefs(db: Executor, ids: readonly string[]): Promise<BranchRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(inArray(branches.id, [...ids]));
}

/** The first branch: the one the product's original diner links open. Every database has one (migration 0022). */
export async function firstBranch(db: Executor): Promise<BranchRow> {
  const [row] = await db.select().from(branches).orderBy(asc(branches.position)).limit(1);
  if (!row) throw new Error('The database has no branch; run the migrations');
  return row;
}

/** The branches a person (not an admin) works in, with their role in each, in the branches' order. */
export async function membershipsOf(db: Executor, userId: string): Promise<{ branchId: string; role: BranchRole }[]> {
  return db
    .select({ branchId: branchMembers.branchId, role: branchMembers.role })
    .from(branchMembers)
    .innerJoin(branches, eq(branches.id, branchMembers.branchId))
    .where(eq(branchMembers.userId, userId))
    .orderBy(asc(branches.position));
}

/** The branch a new session of this person starts in: an admin's is the first branch, anyone else's their first one. */
export async function homeBranchOf(db: Executor, user: { id: string; role: Role }): Promise<string | undefined> {
  if (user.role === 'admin') return (await firstBranch(db)).id;
  return (await membershipsOf(db, user.id))[0]?.branchId;
}

/** This person's role in a branch: admin everywhere for an admin; undefined where they do not work. */
export async function roleIn(
  db: Executor,
  user: { id: string; role: Role },
  branchId: string,
): Promise<Role | undefined> {
  if (user.role === 'admin') return (await findBranch(db, branchId)) ? 'admin' : undefined;
  const [row] = await db
    .select({ role: branchMembers.role })
    .from(branchMembers)
    .where(and(eq(branchMembers.userId, user.id), eq(branchMembers.branchId, branchId)));
  return row?.role;
}

/** Gives a person (not an admin) a role in a branch, or changes the role they hold there. */
export async function setMembership(db: Executor, userId: string, branchId: string, role: BranchRole): Promise<void> {
  await db
    .insert(branchMembers)
    .values({ userId, branchId, role })
    .onConflictDoUpdate({ target: [branchMembers.userId, branchMembers.branchId], set: { role } });
}

/** Every membership of the chain, in the branches' order: who works where, for the accounts screen. */
export async function allMemberships(db: Executor): Promise<{ userId: string; branchId: string; role: BranchRole }[]> {
  return db
    .select({ userId: branchMembers.userId, branchId: branchMembers.branchId, role: branchMembers.role })
    .from(branchMembers)
    .innerJoin(branches, eq(branches.id, branchMembers.branchId))
    .orderBy(asc(branches.position));
}
