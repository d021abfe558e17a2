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
import { ok } from '../../lib/reply';
import { ACCESS_COOKIE, currentUser } from '../../plugins/auth';
import { signInLimit } from '../../plugins/rate-limit';
import type { UsersService } from './service';

export const userRoutes: FastifyPluginAsync<{ users: UsersService; config: Config }> = async (
  fastify,
  { users, config },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users and session'];

  const registerLimit = signInLimit(fastify, config.rateLimit, 'register');
  const loginLimit = signInLimit(fastify, config.rateLimit, 'login');

  app.post(
    '/register',
    {
      config: { access: 'public' },
      preHandler: registerLimit,
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
      preHandler: loginLimit,
      schema: { tags, body: loginBodySchema, response: { 200: envelope(loginResultSchema) } },
    },
    async (request, reply) => {
      const result = await users.login(request.body);
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
