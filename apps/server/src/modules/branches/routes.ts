import {
  branchListSchema,
  branchMembershipSchema,
  branchParamsSchema,
  branchSchema,
  createBranchBodySchema,
  setUserBranchesBodySchema,
  switchBranchBodySchema,
  updateBranchBodySchema,
} from '@quan/contract/branch';
import { envelope, idParamsSchema } from '@quan/contract/common';
import { currentUserSchema } from '@quan/contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { UsersService } from '../users/service';
import type { BranchesService } from './service';

export const branchRoutes: FastifyPluginAsync<{ branches: BranchesService; users: UsersService }> = async (
  fastify,
  { branches, users },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Branches'];

  app.get(
    '/',
    { config: { access: 'account:own' }, schema: { tags, response: { 200: branchListSchema } } },
    async (request) => {
      const { branches: mine, chainSize } = await branches.mine(currentUser(request));
      return { ...ok(mine), chainSize };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'branches:manage' },
      schema: { tags, body: createBranchBodySchema, response: { 201: envelope(branchSchema) } },
    },
    async (request, reply) => {
      const branch = await branches.create(request.body);
      return reply.status(201).send(ok(branch, `Branch ${branch.name} added`));
    },
  );

  app.put(
    '/:branchId',
    {
      config: { access: 'branches:manage' },
      schema: {
        tags,
        params: branchParamsSchema,
        body: updateBranchBodySchema,
        response: { 200: envelope(branchSchema) },
      },
    },
    async (request) => {
      const branch = await branches.update(request.params.branchId, request.body);
      return ok(branch, `Branch ${branch.name} saved`);
    },
  );

  // The branch switcher: this session works in another of the person's branches from the next call.
  app.put(
    '/current',
    {
      config: { access: 'account:own' },
      schema: { tags, body: switchBranchBodySchema, response: { 200: envelope(currentUserSchema) } },
    },
    async (request) => {
      return ok(await users.switchBranch(currentUser(request), request.body.branchId));
    },
  );

  app.get(
    '/members/:id',
    {
      config: { access: 'branches:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(z.array(branchMembershipSchema)) } },
    },
    async (request) => ok(await branches.membershipsOf(request.params.id)),
  );

  app.put(
    '/members/:id',
    {
      config: { access: 'branches:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: setUserBranchesBodySchema,
        response: { 200: envelope(z.array(branchMembershipSchema)) },
      },
    },
    async (request) => ok(await branches.setMemberships(request.params.id, request.body), 'Branches saved'),
  );
};
