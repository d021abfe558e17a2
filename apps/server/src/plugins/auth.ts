import { can, refusal, type Permission } from '@quan/contract/permissions';
import type { Role } from '@quan/contract/user';
// `request.cookies` comes from @fastify/cookie's types: declared here too, for code that reaches this file without app.ts.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { forbidden, unauthorized } from '../lib/app-error';

export interface AuthUser {
  id: string;
  name: string;
  /** The role in the session's branch: admin (the owner, every branch) or the person's role there. */
  role: Role;
  /** The token's jti: the session that sign-out revokes. */
  sessionId: string;
  /**
   * The branch this session works in. Every staff call reads and writes this branch's places (tables,
   * orders, shifts, stock, reservations): an id of another branch is answered as if it did not exist.
   */
  branchId: string;
}

/**
 * Who may call a route: `'public'` (no token looked at) or the permission of the contract's policy
 * (packages/contract/src/permissions.ts) that the signed-in caller's role must have. Every API route
 * declares one; the app refuses to start with a route that does not.
 */
export type Access = 'public' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** An API route and the access it declared: what the permission-table test walks. */
export interface DeclaredAccess {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  access: Access;
}

export const ACCESS_COOKIE = 'accessToken';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[ACCESS_COOKIE] ?? null;
}

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouterHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>;

const accessCookie = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=[^;\\s]`);

/**
 * A route constraint for one URL with two doors: requests that carry a token (Bearer or the cookie) reach
 * the route constrained to `staff`, the others the one constrained to `diner` (POST /api/order). Decided
 * from the raw headers, since routing happens before the cookies are parsed.
 */
export const callerConstraint: ConstraintStrategy = {
  name: 'caller',
  storage() {
    const handlers = new Map<unknown, RouterHandler>();
    return {
      get: (caller) => handlers.get(caller) ?? null,
      set: (caller, handler) => void handlers.set(caller, handler),
    };
  },
  deriveConstraint(request: IncomingMessage): 'staff' | 'diner' {
    const bearer = request.headers.authorization?.startsWith('Bearer ');
    return bearer || accessCookie.test(request.headers.cookie ?? '') ? 'staff' : 'diner';
  },
  mustMatchWhenDerived: false,
};

/** The signed-in user of a route whose access is not public; the guard has made sure there is one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized().because('UNAUTHORIZED');
  return request.auth;
}

/**
 * The permission guard of the API scope: every route declares `config.access` (a route without one stops
 * the app at start-up), and this hook authenticates the token against its live session and asks the
 * policy before the handler runs.
 */
export function registerAccessGuard(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<AuthUser>,
  declared: DeclaredAccess[],
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access ('public' or a permission)`);
    // A HEAD route copies its GET route and is not listed twice.
    if (route.method !== 'HEAD') declared.push({ method: route.method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const token = readToken(request);
    if (!token) throw unauthorized().because('UNAUTHORIZED');
    request.auth = await authenticate(token);
    if (!access || !can(request.auth.role, access)) {
      throw forbidden(access ? refusal(request.auth.role, access) : 'This route declares no access').because(
        'PERMISSION_DENIED',
        { role: request.auth.role },
      );
    }
  });
}
