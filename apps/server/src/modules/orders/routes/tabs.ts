import { envelope, idParamsSchema } from '@quan/contract/common';
import { formatVnd } from '@quan/contract/money';
import { mergeOrderBodySchema, moveLinesBodySchema, orderSchema, voidLinesBodySchema } from '@quan/contract/order';
import { ok } from '../../../lib/reply';
import { currentUser } from '../../../plugins/auth';
import type { Approvals } from '../../users/approvals';
import type { OrdersService } from '../service';
import { tags, type OrdersApp } from './common';

/** What a table's tab holds, changed: dishes voided, another table's order merged in, dishes moved away. */
export function registerTabRoutes(
  app: OrdersApp,
  { orders, approvals }: { orders: OrdersService; approvals: Approvals },
): void {
  app.post(
    '/:id/voids',
    {
      config: { access: 'orders:void' },
      schema: {
        tags,
        description:
          "Takes lines (or part of their quantity) off an open order's bill with a reason. Dishes the " +
          'kitchen has started need a manager: signed in, or approving with `approval` (their email and password).',
        params: idParamsSchema,
        body: voidLinesBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const approve = approvals(request, reply);
      const order = await orders.voidLines(currentUser(request), request.params.id, request.body, approve);
      return ok(order, `Voided on order ${order.orderNo}; the bill is now ${formatVnd(order.bills.total)}`);
    },
  );

  app.post(
    '/:id/merge',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description: "Another table's open order joins this one; its table is freed.",
        params: idParamsSchema,
        body: mergeOrderBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.merge(currentUser(request), request.params.id, request.body);
      return ok(order, `Merged into order ${order.orderNo}; the bill is now ${formatVnd(order.bills.total)}`);
    },
  );

  app.post(
    '/:id/move-lines',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description: "Chosen dishes (or portions of them) go to another table's open order.",
        params: idParamsSchema,
        body: moveLinesBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.moveLines(currentUser(request), request.params.id, request.body);
      return ok(order, `Dishes moved; order ${order.orderNo}'s bill is now ${formatVnd(order.bills.total)}`);
    },
  );
}
