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
import { registerLimit, signInThrottle } from '../../plugins/rate-limit';
import { createDeviceMarks, DEVICE_COOKIE, DEVICE_MARK_MAX_AGE_SECONDS } from './device-marks';
import type { UsersService } from './service';

export const userRoutes: FastifyPluginAsync<{
  users: UsersService;
  config: Config;
  /** The secret the session tokens are signed with; the device marks are keyed from it too. */
  jwtSecret: string;
}> = async (fastify, { users, config, jwtSecret }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users and session'];

  const limitRegistrations = registerLimit(fastify, config.rateLimit);
  const throttle = signInThrottle(fastify, config.rateLimit);
  const deviceMarks = createDeviceMarks(jwtSecret);
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
      // This browser is now known for this account (device-marks.ts); only this route ever receives the mark.
      reply.setCookie(DEVICE_COOKIE, deviceMarks.renew(request.cookies[DEVICE_COOKIE], request.body.email), {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure,
        path: loginPath,
        maxAge: DEVICE_MARK_MAX_AGE_SECONDS,
      });
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
    { config: { access: 'accounts:read' }, schema: { tags, response: { 200: envelope(z.array(userSchema)) } } },
    async () => ok(await users.list()),
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
