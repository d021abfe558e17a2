import { envelope, idParamsSchema } from '@quan/contract/common';
import { formatVnd } from '@quan/contract/money';
import { billPartParamsSchema, orderSchema, payBillPartBodySchema, splitBillBodySchema } from '@quan/contract/order';
import { paymentParamsSchema, refundPaymentBodySchema, takePaymentBodySchema } from '@quan/contract/payments';
import { deviceIdOf } from '../../../lib/device';
import { ok } from '../../../lib/reply';
import { currentUser } from '../../../plugins/auth';
import type { OrdersService } from '../service';
import { idempotencyHeaders, tags, type OrdersApp } from './common';

/** The bill: split into parts, a part paid, payments taken and refunded. */
export function registerPaymentRoutes(app: OrdersApp, { orders }: { orders: OrdersService }): void {
  app.post(
    '/:id/split',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'Splits the bill by lines or evenly between guests; the parts add up exactly to the bill and ' +
          'are paid one by one. Parts with money on them are kept and only what is left is divided, so a ' +
          'bill can be split again after a part is paid.',
        params: idParamsSchema,
        body: splitBillBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.split(currentUser(request), request.params.id, request.body);
      return ok(order, `Order ${order.orderNo}'s bill is split into ${order.billParts.length} parts`);
    },
  );

  app.post(
    '/:id/parts/:partNo/pay',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'What is left of one part of a split bill is paid in one method; the payment that settles ' +
          'the bill completes the order once it is ready or served. The same Idempotency-Key and body within ' +
          '24 hours pays nothing again and answers the order as it is now (200).',
        params: billPartParamsSchema,
        headers: idempotencyHeaders,
        body: payBillPartBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { id, partNo } = request.params;
      const { order, replayed } = await orders.payBillPart(
        currentUser(request),
        deviceIdOf(request),
        { orderId: id, partNo },
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const done = order.status === 'completed' ? `; order ${order.orderNo} is paid` : '';
      return ok(order, `Part ${partNo} ${replayed ? 'was already paid' : 'paid'}${done}`);
    },
  );

  app.post(
    '/:id/payments',
    {
      config: { access: 'payments:take' },
      schema: {
        tags,
        description:
          'A payment towards the bill, or towards one part of a split bill (`partNo`). It pays at most ' +
          'what is due; cash may be handed over in excess (`tendered`) and the change is in the answer. Cash ' +
          "paying all that is due is rounded to the restaurant's `cashRounding` step: the payment keeps `amount` " +
          'and records the difference as its `rounding`, which `tendered` must cover too. The ' +
          'payment that settles a ready or served order completes it. Counted in the shift of the device ' +
          '(X-Device-Id header). The same Idempotency-Key and body within 24 hours takes nothing again and ' +
          'answers the order as it is now, with the same change (200).',
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: takePaymentBodySchema,
        response: { 200: envelope(orderSchema), 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { order, change, replayed } = await orders.takePayment(
        currentUser(request),
        deviceIdOf(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const paid = order.due === 0 ? `order ${order.orderNo} is paid` : `${formatVnd(order.due)} left to pay`;
      const message = `Payment of ${formatVnd(request.body.amount)} ${replayed ? 'was already taken' : 'taken'}; ${paid}${change > 0 ? `; change ${formatVnd(change)}` : ''}`;
      return reply.status(replayed ? 200 : 201).send(ok(order, message));
    },
  );

  app.post(
    '/:id/payments/:paymentId/refunds',
    {
      config: { access: 'payments:refund' },
      schema: {
        tags,
        description:
          'A manager refunds part or all of a payment, with the reason (audited). On an open order the ' +
          "amount is due again; a completed order's revenue goes down.",
        params: paymentParamsSchema,
        body: refundPaymentBodySchema,
        response: { 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { id, paymentId } = request.params;
      const order = await orders.refundPayment(
        currentUser(request),
        deviceIdOf(request),
        { orderId: id, paymentId },
        request.body,
      );
      return reply.status(201).send(ok(order, `Refunded ${formatVnd(request.body.amount)} on order ${order.orderNo}`));
    },
  );
}
