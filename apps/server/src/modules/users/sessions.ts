import { tokenClaimsSchema, type Role, type TokenClaims } from '@quan/contract/user';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import { forbidden, unauthorized } from '../../lib/app-error';
import type { BranchesService } from '../branches/service';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

export interface SessionService {
  /**
   * Signs a token (HS256; sub, role, jti, iat, exp) backed by a new session row, in the person's first
   * branch (an admin's: the chain's first). 403 for someone who works in no branch yet.
   */
  issue(user: { id: string; role: Role }): Promise<{ token: string; expiresAt: Date; branchId: string; role: Role }>;
  /** The active user behind a token, or 401: bad signature, expired, revoked, or the account not active. */
  authenticate(token: string): Promise<AuthUser>;
}

/** The most tokens kept in memory (the oldest go first): far more than a restaurant has devices. */
const MAX_CACHED_SESSIONS = 10_000;

/** A token checked once: its claims, and the person behind its session (undefined: the session has ended). */
interface CheckedToken {
  claims: TokenClaims;
  user: Awaited<ReturnType<typeof repo.findSessionUser>>;
}

/** Picks the cached tokens of one account. */
const tokensOf = (userId: string) => (_token: string, checked: CheckedToken) => checked.user?.id === userId;

const invalidToken = () =>
  unauthorized('Your session has expired or is not valid; please sign in again').because('SESSION_EXPIRED');

export function createSessionService(
  db: Database,
  jwt: { secret: string; ttlSeconds: number },
  bus: Pick<EventBus, 'on'>,
  branches: Pick<BranchesService, 'homeBranchOf' | 'roleIn'>,
): SessionService {
  // Imported once: given the raw secret, jose would import it again for every token it checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(jwt.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  /**
   * Every request of a signed-in person checks their token: its signature and its session, once, then
   * from memory (keyed by the whole token, so only the very string that was verified is found). Dropped on
   * every instance as soon as the session ends or the account changes, so a sign-out, a suspension or a
   * new role counts from the very next request. A token that fails verification is not kept.
   */
  const checkedTokens = createEventCache({
    bus,
    async load(token: string): Promise<CheckedToken> {
      let claims: TokenClaims;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        claims = tokenClaimsSchema.parse(payload);
      } catch {
        throw invalidToken();
      }
      return { claims, user: await repo.findSessionUser(db, claims.jti) };
    },
    staleOn: {
      'sessions.ended': (ended) =>
        'sessionId' in ended ? (_token, { claims }) => claims.jti === ended.sessionId : tokensOf(ended.userId),
      'account.changed': ({ userId }) => tokensOf(userId),
      'session.branch-switched':
        ({ sessionId }) =>
        (_token, { claims }) =>
          claims.jti === sessionId,
    },
    maxEntries: MAX_CACHED_SESSIONS,
  });

  return {
    async issue(user) {
      const branchId = await branches.homeBranchOf(user);
      const role = branchId ? await branches.roleIn(user, branchId) : undefined;
      if (!branchId || !role) {
        throw forbidden('Your account is not in any branch yet; ask the owner to add you to one').because('NO_BRANCH');
      }
      const sessionId = newId();
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = new Date((issuedAt + jwt.ttlSeconds) * 1000);
      await repo.deleteDeadSessions(db, user.id);
      await repo.insertSession(db, { id: sessionId, userId: user.id, branchId, expiresAt });
      const token = await new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(sessionId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
      return { token, expiresAt, branchId, role };
    },

    async authenticate(token) {
      const { claims, user } = await checkedTokens.get(token);
      // Verified when it was first seen; it may have expired since.
      if (claims.exp * 1000 <= Date.now()) throw invalidToken();
      if (!user || user.id !== claims.sub) {
        throw unauthorized('Your session has ended; please sign in again').because('SESSION_ENDED');
      }
      if (user.status !== 'active') {
        throw unauthorized(
          user.status === 'suspended' ? 'Your account has been suspended' : 'Your account is waiting for approval',
        ).because(user.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_PENDING');
      }
      if (!user.role) {
        throw unauthorized('You no longer work in this branch; please sign in again').because('BRANCH_LEFT');
      }
      return { id: user.id, name: user.name, role: user.role, sessionId: claims.jti, branchId: user.branchId };
    },
  };
}
