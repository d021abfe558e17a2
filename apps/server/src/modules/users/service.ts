import { hash, verify } from '@node-rs/argon2';
import { adminAccountRefusal, can, mayChangeAccount, type Permission } from '@quan/contract/permissions';
import type {
  AccountStatus,
  CurrentUser,
  LoginBody,
  LoginResult,
  RegisterBody,
  Role,
  UpdateProfileBody,
  User,
} from '@quan/contract/user';
import { lockForTransaction, type Database, type Executor } from '../../db/client';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { Transact } from '../../events/transact';
import type { BranchMembership, UserWithBranches } from '@quan/contract/branch';
import type { BranchesService } from '../branches/service';
import type { SettingsService } from '../settings/service';
import { ApprovalRefused, type ApprovalCredentials, type Approver } from './approvals';
import * as repo from './repository';
import type { SessionService } from './sessions';

/** argon2id (the library's default algorithm) at OWASP's recommended cost: 19 MiB, 2 passes. */
const hashOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const hashPassword = (password: string) => hash(password, hashOptions);

/** Serialises first-account registration and every change that could remove the last active admin. */
const ACCOUNTS_LOCK_KEY = 726_311_002;

export function toUser(row: repo.UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    avatar: row.avatar,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const missingAccount = () =>
  notFound('That account does not exist (it may have been deleted)').because('ACCOUNT_NOT_FOUND');

/**
 * Whether an account is within a person's reach on the accounts screen: every account for an admin; for a
 * manager, the admins (who hold every branch), the people of the manager's branch and the accounts waiting
 * for approval.
 */
function inReach(actor: AuthUser, target: repo.UserRow, branches: readonly BranchMembership[]): boolean {
  if (actor.role === 'admin' || target.role === 'admin' || target.status === 'pending') return true;
  return branches.some((membership) => membership.branchId === actor.branchId);
}

const duplicateEmail = (email: string) =>
  conflict(`An account with the email ${email} already exists`).because('EMAIL_TAKEN', { email });

export function createUsersService(
  db: Database,
  transact: Transact,
  sessions: SessionService,
  settings: Pick<SettingsService, 'get'>,
  branches: Pick<BranchesService, 'roleIn' | 'membershipsOf' | 'allMemberships' | 'setMembership'>,
) {
  /**
   * A person as their own calls see them, in the branch their session works in: their role there, and the
   * language their screens show (their own, else the branch's).
   */
  const asCurrentUser = async (row: repo.UserRow, session: { branchId: string; role: Role }): Promise<CurrentUser> => ({
    ...toUser(row),
    role: session.role,
    branchId: session.branchId,
    screenLanguage: row.language ?? (await settings.get(session.branchId)).language,
  });

  /** Verifying against a fixed hash when the email is unknown keeps both failures equally slow. */
  const unknownUserHash = hashPassword(newId());

  async function findTarget(tx: Executor, id: string): Promise<repo.UserRow> {
    const target = await repo.findUserById(tx, id);
    if (!target) throw missingAccount();
    return target;
  }

  async function keepAnActiveAdmin(
    tx: Executor,
    target: repo.UserRow,
    action: 'suspended' | 'demoted' | 'deleted',
  ): Promise<void> {
    if (target.role !== 'admin' || target.status !== 'active') return;
    if ((await repo.countOtherActiveAdmins(tx, target.id)) === 0) {
      throw conflict(
        `${target.name} is the last active admin and cannot be ${action}; make another admin first`,
      ).because('LAST_ADMIN', { name: target.name, action });
    }
  }

  return {
    async register(body: RegisterBody): Promise<{ user: User; message: string }> {
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await db.transaction(async (tx) => {
          await lockForTransaction(tx, ACCOUNTS_LOCK_KEY);
          const isFirst = (await repo.countUsers(tx)) === 0;
          return repo.insertUser(tx, {
            id: newId(),
            name: body.name,
            email: body.email,
            phone: body.phone,
            passwordHash,
            role: isFirst ? 'admin' : 'staff',
            status: isFirst ? 'active' : 'pending',
          });
        });
        const message =
          row.role === 'admin'
            ? 'Welcome! Yours is the first account, so you are the admin.'
            : 'Account created. It is waiting for approval by a manager before you can sign in.';
        return { user: toUser(row), message };
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateEmail(body.email);
        throw error;
      }
    },

    async login(body: LoginBody): Promise<LoginResult> {
      const row = await repo.findUserByEmail(db, body.email);
      const passwordMatches = await verify(row?.passwordHash ?? (await unknownUserHash), body.password);
      if (!row || !passwordMatches) throw unauthorized('Invalid email or password').because('SIGN_IN_WRONG');
      if (row.status === 'pending') throw forbidden('Your account is waiting for approval').because('ACCOUNT_PENDING');
      if (row.status === 'suspended') throw forbidden('Your account has been suspended').because('ACCOUNT_SUSPENDED');
      const { token, branchId, role } = await sessions.issue(row);
      return { user: await asCurrentUser(row, { branchId, role }), token };
    },

    /**
     * A manager approving on someone else's device (a void of cooked dishes at the counter): their email
     * and password, checked like a sign-in but starting no session, and their role asked of the policy;
     * read in the transaction of the change it approves. Called through `createApprovals` (approvals.ts),
     * which counts it with the sign-ins.
     */
    async approver(
      tx: Executor,
      credentials: ApprovalCredentials,
      permission: Permission,
      branchId: string,
    ): Promise<Approver> {
      const row = await repo.findUserByEmail(tx, credentials.email);
      const passwordMatches = await verify(row?.passwordHash ?? (await unknownUserHash), credentials.password);
      // The approver's role where the change is made: a manager of another branch approves nothing here.
      const role = row && passwordMatches ? await branches.roleIn(row, branchId, tx) : undefined;
      if (!row || !passwordMatches || row.status !== 'active' || !can(role, permission)) {
        throw new ApprovalRefused(permission);
      }
      return { id: row.id, name: row.name };
    },

    async me(auth: AuthUser): Promise<CurrentUser> {
      return asCurrentUser(await findTarget(db, auth.id), auth);
    },

    /**
     * Moves this session to another branch of the person's (the branch switcher): everything on their
     * screens is that branch's from the next call. A branch they do not work in is answered as if it did
     * not exist. Answers the person as they now are, with their role there.
     */
    async switchBranch(auth: AuthUser, branchId: string): Promise<CurrentUser> {
      const role = await transact(async (tx, record) => {
        const roleThere = await branches.roleIn(auth, branchId, tx);
        if (!roleThere) {
          throw notFound('That branch does not exist (it may have been deleted)').because('BRANCH_GONE');
        }
        const from = await repo.setSessionBranch(tx, auth.sessionId, branchId);
        if (from && from !== branchId) {
          record({ type: 'session.branch-switched', sessionId: auth.sessionId, from, to: branchId });
        }
        return roleThere;
      });
      return asCurrentUser(await findTarget(db, auth.id), { branchId, role });
    },

    async logout(auth: AuthUser): Promise<void> {
      await transact(async (tx, record) => {
        await repo.revokeSession(tx, auth.sessionId);
        record({ type: 'sessions.ended', sessionId: auth.sessionId });
      });
    },

    async updateProfile(auth: AuthUser, body: UpdateProfileBody): Promise<CurrentUser> {
      const current = await findTarget(db, auth.id);
      let passwordHash: string | undefined;
      if (body.newPassword !== undefined) {
        if (!body.currentPassword || !(await verify(current.passwordHash, body.currentPassword))) {
          throw badRequest('Your current password is not correct', [
            { path: 'currentPassword', message: 'Your current password is not correct' },
          ]).because('CURRENT_PASSWORD_WRONG');
        }
        passwordHash = await hashPassword(body.newPassword);
      }
      const { name, email, phone, avatar, language } = body;
      try {
        const row = await transact(async (tx, record) => {
          const updated = await repo.updateUser(tx, auth.id, { name, email, phone, avatar, language, passwordHash });
          // A new password signs out every other device that knew the old one.
          if (passwordHash) await repo.revokeUserSessions(tx, auth.id, auth.sessionId);
          record({ type: 'account.changed', userId: auth.id });
          return updated;
        });
        if (!row) throw notFound('Your account no longer exists').because('OWN_ACCOUNT_GONE');
        return asCurrentUser(row, auth);
      } catch (error) {
        if (email && isUniqueViolation(error)) throw duplicateEmail(email);
        throw error;
      }
    },

    /**
     * The accounts a person may manage: an admin's, every one; a manager's, those working in their branch
     * (admins hold every branch) and the newcomers waiting for approval, whom any manager may let in. Each
     * with the branches they work in, and their role in the viewer's branch where they work there.
     */
    async list(actor: AuthUser): Promise<UserWithBranches[]> {
      const [rows, memberships] = await Promise.all([repo.listUsers(db), branches.allMemberships()]);
      const branchesOf = new Map<string, BranchMembership[]>();
      for (const { userId, ...membership } of memberships) {
        branchesOf.set(userId, [...(branchesOf.get(userId) ?? []), membership]);
      }
      return rows
        .filter((row) => inReach(actor, row, branchesOf.get(row.id) ?? []))
        .map((row) => {
          const branches = branchesOf.get(row.id) ?? [];
          const here = branches.find((membership) => membership.branchId === actor.branchId);
          return { ...toUser(row), role: row.role === 'admin' ? row.role : (here?.role ?? row.role), branches };
        });
    },

    async setStatus(actor: AuthUser, targetId: string, status: AccountStatus): Promise<User> {
      if (status === 'pending') {
        throw badRequest('An account can be set to active or suspended', [
          { path: 'status', message: 'Use active or suspended' },
        ]).because('ACCOUNT_STATUS_CHOICE');
      }
      const row = await transact(async (tx, record) => {
        await lockForTransaction(tx, ACCOUNTS_LOCK_KEY);
        const target = await findTarget(tx, targetId);
        // Someone of another branch is not this manager's to approve or suspend: as if they did not exist.
        if (!inReach(actor, target, await branches.membershipsOf(target.id, tx))) throw missingAccount();
        if (target.id === actor.id && status !== 'active') {
          throw conflict('You cannot suspend your own account').because('OWN_ACCOUNT_SUSPEND');
        }
        if (!mayChangeAccount(actor.role, target.role))
          throw forbidden(adminAccountRefusal).because('ADMIN_ACCOUNT_ONLY');
        if (status === 'suspended') {
          await keepAnActiveAdmin(tx, target, 'suspended');
          await repo.revokeUserSessions(tx, target.id);
          record({ type: 'sessions.ended', userId: target.id });
        }
        // Approved by a person working in a branch: the newcomer starts there, with the role they were given.
        if (
          status === 'active' &&
          target.role !== 'admin' &&
          (await branches.membershipsOf(target.id, tx)).length === 0
        ) {
          await branches.setMembership(target.id, actor.branchId, target.role, tx);
        }
        record({ type: 'account.changed', userId: target.id });
        return repo.updateUser(tx, target.id, { status });
      });
      if (!row) throw missingAccount();
      return toUser(row);
    },

    async setRole(actor: AuthUser, targetId: string, role: Role): Promise<User> {
      const row = await transact(async (tx, record) => {
        await lockForTransaction(tx, ACCOUNTS_LOCK_KEY);
        const target = await findTarget(tx, targetId);
        if (target.id === actor.id && role !== target.role) {
          throw conflict('You cannot change your own role').because('OWN_ROLE_CHANGE');
        }
        if (role !== 'admin') {
          await keepAnActiveAdmin(tx, target, 'demoted');
          // The role is the one held in the branch the change is made from.
          await branches.setMembership(target.id, actor.branchId, role, tx);
        }
        record({ type: 'account.changed', userId: target.id });
        return repo.updateUser(tx, target.id, { role });
      });
      if (!row) throw missingAccount();
      return toUser(row);
    },

    async remove(actor: AuthUser, targetId: string): Promise<void> {
      await transact(async (tx, record) => {
        await lockForTransaction(tx, ACCOUNTS_LOCK_KEY);
        const target = await findTarget(tx, targetId);
        if (target.id === actor.id) throw conflict('You cannot delete your own account').because('OWN_ACCOUNT_DELETE');
        await keepAnActiveAdmin(tx, target, 'deleted');
        await repo.deleteUser(tx, target.id);
        record({ type: 'sessions.ended', userId: target.id });
      });
    },

    async hasAccounts(): Promise<boolean> {
      return (await repo.countUsers(db)) > 0;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
