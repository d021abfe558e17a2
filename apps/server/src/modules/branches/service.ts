import type {
  Branch,
  BranchMembership,
  BranchRole,
  CreateBranchBody,
  SetUserBranchesBody,
  UpdateBranchBody,
} from '@quan/contract/branch';
import type { Role } from '@quan/contract/user';
import { eq, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { branches, branchMembers } from '../../db/schema/branches';
import { users } from '../../db/schema/users';
import type { Transact } from '../../events/transact';
import { conflict, isUniqueViolation, notFound, type AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

function toBranch(row: repo.BranchRow, firstId: string): Branch {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    address: row.address,
    phone: row.phone,
    taxCode: row.taxCode,
    receiptHeader: row.receiptHeader,
    isFirst: row.id === firstId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const missingBranch = () =>
  notFound('That branch does not exist (it may have been deleted)').because('BRANCH_GONE');
const slugTaken = (slug: string) =>
  conflict(`Another branch already uses the link name ${slug}`).because('BRANCH_SLUG_TAKEN', { slug });

const noSuchBranch = (branchId: string) =>
  notFound(`There is no branch ${branchId}`).because('BRANCH_GONE', { branchId });

/**
 * The branches a request names, in the order named: every id must be a branch of the chain, or the first that is
 * not is refused (404 "There is no branch …", or the caller's own refusal). Inside the caller's transaction.
 */
export async function requireBranches(
  executor: Executor,
  ids: readonly string[],
  refuse: (branchId: string) => AppError = noSuchBranch,
): Promise<repo.BranchRef[]> {
  const found = new Map((await repo.findBranchRefs(executor, ids)).map((branch) => [branch.id, branch]));
  return ids.map((id) => {
    const branch = found.get(id);
    if (!branch) throw refuse(id);
    return branch;
  });
}

/** The chain's branches in their order, each with its own settings: a chain report's columns, a chain export's blocks. */
export const chainBranches = (executor: Executor) => repo.listBranches(executor);

export function createBranchesService(db: Database, transact: Transact) {
  const listed = async (executor: Executor) => {
    const rows = await repo.listBranches(executor);
    return rows.map((row) => toBranch(row, rows[0]!.id));
  };

  return {
    /** The branches this person works in (an admin: all of them), in the chain's order, and how many it has. */
    async mine(actor: AuthUser): Promise<{ branches: Branch[]; chainSize: number }> {
      const all = await listed(db);
      // The role is the one in the session's branch, and only an admin's is admin anywhere.
      if (actor.role === 'admin') return { branches: all, chainSize: all.length };
      const mine = new Set((await repo.membershipsOf(db, actor.id)).map((m) => m.branchId));
      return { branches: all.filter((branch) => mine.has(branch._id)), chainSize: all.length };
    },

    all: () => listed(db),

    first: () => repo.firstBranch(db),

    async create(body: CreateBranchBody): Promise<Branch> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          // Branches are added rarely; the lock keeps two admins adding at once from taking one position.
          await tx.execute(sql`lock table ${branches} in share row exclusive mode`);
          const [last] = await tx.select({ position: max(branches.position) }).from(branches);
          // A new branch starts with the chain's first branch's own settings (time zone, bank, service
          // charge, language, reservations): the owner changes what differs.
          const first = await repo.firstBranch(tx);
          await tx.insert(branches).values({
            id,
            ...body,
            position: (last?.position ?? 0) + 1,
            timezone: first.timezone,
            serviceCharge: first.serviceCharge,
            language: first.language,
            reservations: first.reservations,
          });
          record({ type: 'settings.changed' });
          return (await listed(tx)).find((branch) => branch._id === id)!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(body.slug);
        throw error;
      }
    },

    async update(id: string, body: UpdateBranchBody): Promise<Branch> {
      try {
        return await transact(async (tx, record) => {
          const rows = await tx
            .update(branches)
            .set({ ...body, updatedAt: sql`now()` })
            .where(eq(branches.id, id))
            .returning({ id: branches.id });
          if (rows.length === 0) throw missingBranch();
          record({ type: 'settings.changed' });
          return (await listed(tx)).find((branch) => branch._id === id)!;
        });
      } catch (error) {
        if (body.slug && isUniqueViolation(error)) throw slugTaken(body.slug);
        throw error;
      }
    },

    /** The branches a person works in and their role in each. */
    membershipsOf: (userId: string, executor: Executor = db): Promise<BranchMembership[]> =>
      repo.membershipsOf(executor, userId),

    /**
     * Sets the branches a person (not an admin) works in, given whole. Every branch named must exist, or
     * nothing changes; their sessions are looked up again, so a branch taken away ends its access at once.
     */
    async setMemberships(userId: string, body: SetUserBranchesBody): Promise<BranchMembership[]> {
      return transact(async (tx, record) => {
        const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
        if (!user) {
          throw notFound('That account does not exist (it may have been deleted)').because('ACCOUNT_NOT_FOUND');
        }
        if (user.role === 'admin') {
          throw conflict('An admin works in every branch; change the role first').because('ADMIN_IN_EVERY_BRANCH');
        }
        await requireBranches(
          tx,
          body.branches.map((entry) => entry.branchId),
        );
        await tx.delete(branchMembers).where(eq(branchMembers.userId, userId));
        if (body.branches.length > 0) {
          await tx.insert(branchMembers).values(body.branches.map((entry) => ({ userId, ...entry })));
        }
        record({ type: 'account.changed', userId });
        return repo.membershipsOf(tx, userId);
      });
    },

    // Who works where, for the accounts and sessions of the users module, in their own transactions.

    /** This person's role in a branch: admin everywhere for an admin; undefined where they do not work. */
    roleIn: (user: { id: string; role: Role }, branchId: string, executor: Executor = db) =>
      repo.roleIn(executor, user, branchId),
    /** The branch a new session starts in: an admin's is the first, anyone else's their first one. */
    homeBranchOf: (user: { id: string; role: Role }, executor: Executor = db) => repo.homeBranchOf(executor, user),
    allMemberships: (executor: Executor = db) => repo.allMemberships(executor),
    setMembership: (userId: string, branchId: string, role: BranchRole, executor: Executor = db) =>
      repo.setMembership(executor, userId, branchId, role),
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
