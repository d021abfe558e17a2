import { tokenClaimsSchema, type Role } from '@quan/contract/user';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

export interface SessionService {
  /** Signs a token (HS256; sub, role, jti, iat, exp) backed by a new session row. */
  issue(user: { id: string; role: Role }): Promise<{ token: string; expiresAt: Date }>;
  /** The active user behind a token, or 401: bad signature, expired, revoked, or the account not active. */
  authenticate(token: string): Promise<AuthUser>;
}

export function createSessionService(db: Database, jwt: { secret: string; ttlSeconds: number }): SessionService {
  const key = new TextEncoder().encode(jwt.secret);

  return {
    async issue(user) {
      const sessionId = newId();
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = new Date((issuedAt + jwt.ttlSeconds) * 1000);
      await repo.deleteDeadSessions(db, user.id);
      await repo.insertSession(db, { id: sessionId, userId: user.id, expiresAt });
      const token = await new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(sessionId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },

    async authenticate(token) {
      let claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        claims = tokenClaimsSchema.parse(payload);
      } catch {
        throw unauthorized('Your session has expired or is not valid; please sign in again');
      }
      const user = await repo.findSessionUser(db, claims.jti);
      if (!user || user.id !== claims.sub) throw unauthorized('Your session has ended; please sign in again');
      if (user.status !== 'active') {
        throw unauthorized(
          user.status === 'suspended' ? 'Your account has been suspended' : 'Your account is waiting for approval',
        );
      }
      return { id: user.id, name: user.name, role: user.role, sessionId: claims.jti };
    },
  };
}
