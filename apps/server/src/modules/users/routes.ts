import { userWithBranchesSchema } from '@quan/contract/branch';
import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
  currentUserSchema,
  loginBodySchema,
  loginResultSchema,
  registerBodySchema,
  updateProfileBodySchema,
  updateUserRoleBodySchema,
  updateUserStatusBodySchema,
  userSchema,
} from '@quan/contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { ACCESS_COOKIE, currentUser } from '../../plugins/auth';
import { registerLimit, type SignInThrottle } from '../../plugins/rate-limit';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_MARK_MAX_AGE_SECONDS, type DeviceMarks } from './device-marks';
import type { UsersService } from './service';

export const userRoutes: FastifyPluginAsync<{
  users: UsersService;
  config: Config;
  /** Shared with the routes that take a manager's approval: one budget of failed passwords per account. */
  throttle: SignInThrottle;
  deviceMarks: DeviceMarks;
}> = async (fastify, { users, config, throttle, deviceMarks }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users and session'];

  const limitRegistrations = registerLimit(fastify, config.rateLimit);
  const loginPath = `${fastify.prefix}/login`;

  app.post(
    '/register',
    {
      config: { access: 'public' },
      preHandler: limitRegistrations,
      schema: { tags, body: registerBodySchema, response: { 201: envelope(userSchema) } },
    },
    async (request, reply) => {
      const { user, message } = await users.register(request.body);
      return reply.status(201).send(ok(user, message));
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      // After validation, so the email is the lower-cased one; see `signInThrottle` for what is counted.
      preHandler: (request, reply) =>
        throttle.admit(
          request,
          reply,
          request.body.email,
          deviceMarks.find(request.cookies[DEVICE_COOKIE], request.body.email),
        ),
      schema: { tags, body: loginBodySchema, response: { 200: envelope(loginResultSchema) } },
    },
    async (request, reply) => {
      let result;
      try {
        result = await users.login(request.body);
      } catch (error) {
        // A pending or suspended account is refused after its password matched: no failed guess.
        if (error instanceof AppError && error.statusCode === 403) await throttle.succeeded(request);
        throw error;
      }
      await throttle.succeeded(request);
      // This browser is now known for this account (device-marks.ts).
      reply.setCookie(DEVICE_COOKIE, deviceMarks.renew(request.cookies[DEVICE_COOKIE], request.body.email), {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure,
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_MARK_MAX_AGE_SECONDS,
      });
      // A browser marked when the cookie went to this route only still holds that one, which it would send here
      // before the new one (the longer path first): its marks are in the new cookie now, and it goes.
      reply.clearCookie(DEVICE_COOKIE, { path: loginPath });
      reply.setCookie(ACCESS_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        path: '/',
        maxAge: config.jwt.ttlSeconds,
      });
      return ok(result, `Welcome back, ${result.user.name}`);
    },
  );

  app.get(
    '/',
    { config: { access: 'account:own' }, schema: { tags, response: { 200: envelope(currentUserSchema) } } },
    async (request) => ok(await users.me(currentUser(request))),
  );

  app.post(
    '/logout',
    { config: { access: 'account:own' }, schema: { tags, response: { 200: envelope(emptyDataSchema) } } },
    async (request, reply) => {
      await users.logout(currentUser(request));
      reply.clearCookie(ACCESS_COOKIE, { path: '/' });
      return ok(null, 'Signed out');
    },
  );

  app.put(
    '/',
    {
      config: { access: 'account:own' },
      schema: { tags, body: updateProfileBodySchema, response: { 200: envelope(currentUserSchema) } },
    },
    async (request) => ok(await users.updateProfile(currentUser(request), request.body), 'Profile updated'),
  );

  app.get(
    '/users',
    {
      config: { access: 'accounts:read' },
      schema: { tags, response: { 200: envelope(z.array(userWithBranchesSchema)) } },
    },
    async (request) => ok(await users.list(currentUser(request))),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'accounts:delete' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await users.remove(currentUser(request), request.params.id);
      return ok(null, 'Account deleted');
    },
  );

  app.patch(
    '/users/:id/status',
    {
      config: { access: 'accounts:set-status' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateUserStatusBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const user = await users.setStatus(currentUser(request), request.params.id, request.body.status);
      return ok(user, `${user.name} is now ${user.status}`);
    },
  );

  app.patch(
    '/users/:id/role',
    {
      config: { access: 'accounts:set-role' },
      schema: { tags, params: idParamsSchema, body: updateUserRoleBodySchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const user = await users.setRole(currentUser(request), request.params.id, request.body.role);
      return ok(user, `${user.name} is now ${user.role === 'admin' ? 'an' : 'a'} ${user.role}`);
    },
  );
};
