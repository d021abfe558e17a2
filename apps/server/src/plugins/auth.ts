import type { Role } from '@quan/contract/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/app-error';

export interface AuthUser {
  id: string;
  name: string;
  role: Role;
  /** The token's jti: the session that sign-out revokes. */
  sessionId: string;
}

/**
 * Who may call a route: `'public'` (no token looked at), `'optional'` (a token is checked when sent),
 * `'signed-in'` (any active account) or the list of roles allowed. API routes default to `'signed-in'`.
 */
export type Access = 'public' | 'optional' | 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export const ACCESS_COOKIE = 'accessToken';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[ACCESS_COOKIE] ?? null;
}

/** The signed-in user of a route whose access is not public; the guard has made sure there is one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The permission guard: every route in this scope declares `config.access` (default signed-in), and this
 * hook authenticates the token against its live session and checks the role before the handler runs.
 */
export function registerAccessGuard(app: FastifyInstance, authenticate: (token: string) => Promise<AuthUser>): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'signed-in';
    if (access === 'public') return;
    const token = readToken(request);
    if (!token) {
      if (access === 'optional') return;
      throw unauthorized();
    }
    request.auth = await authenticate(token);
    if (Array.isArray(access) && !access.includes(request.auth.role)) {
      throw forbidden(`This needs one of these roles: ${access.join(', ')}`);
    }
  });
}
