import { createHmac } from 'node:crypto';
import { envelope } from '@quan/contract/common';
import {
  BANK_SIGNATURE_HEADER,
  bankNotificationBodySchema,
  bankNotificationResultSchema,
} from '@quan/contract/payments';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, unauthorized } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { sameSecret } from '../../lib/same-secret';
import type { OrdersService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived, for the signature (only on the bank notification route). */
    rawBody?: string;
  }
}

/**
 * POST /api/payments/bank-notifications: a bank notification service (the bank's own, or an aggregator
 * such as Casso or SePay) reports an incoming transfer. The call is signed with the shared secret over the
 * raw body; a transfer whose note names an open order and whose amount is exactly what is due there pays
 * it. Anything else is refused, logged and left to staff, never paid.
 */
export const bankNotificationRoutes: FastifyPluginAsync<{ orders: OrdersService; secret: string | null }> = async (
  fastify,
  { orders, secret },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The signature covers the bytes as sent, so this route keeps them beside the parsed body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON'), undefined);
    }
  });

  app.post(
    '/bank-notifications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Payments'],
        description:
          '(ext) A bank notification service reports a transfer. Signed: `X-Signature: sha256=<hex HMAC-SHA256 ' +
          'of the raw body with BANK_WEBHOOK_SECRET>`. Pays the order named in the note ("QUAN 1042", ' +
          '"QUAN 1042 P2") when the amount is exactly what is due; a repeated transactionId answers ' +
          '`duplicate`. A wrong signature is 401; an unknown order or another amount is 422 and pays nothing.',
        body: bankNotificationBodySchema,
        response: { 200: envelope(bankNotificationResultSchema) },
      },
      // The signature is checked before the body is validated, so an unsigned call learns nothing.
      preValidation: async (request) => {
        if (!secret) throw new AppError('NOT_FOUND', 'Bank notifications are not set up on this server');
        const sent = String(request.headers[BANK_SIGNATURE_HEADER] ?? '');
        const expected = `sha256=${createHmac('sha256', secret)
          .update(request.rawBody ?? '')
          .digest('hex')}`;
        if (!sameSecret(sent.toLowerCase(), expected)) {
          request.log.warn({ ip: request.ip }, 'bank notification refused: wrong signature');
          throw unauthorized('The signature does not match');
        }
      },
    },
    async (request) => {
      const result = await orders.recordBankTransfer(request.body);
      if (result.outcome === 'refused') {
        request.log.warn(
          { transactionId: request.body.transactionId, amount: request.body.amount, reason: result.reason },
          'bank notification refused',
        );
        throw new AppError('UNPROCESSABLE', result.reason);
      }
      request.log.info(
        { transactionId: request.body.transactionId, orderNo: result.orderNo, outcome: result.outcome },
        'bank notification recorded',
      );
      const message =
        result.outcome === 'paid'
          ? `Transfer recorded on order ${result.orderNo}`
          : `This transfer was recorded on order ${result.orderNo} before`;
      return ok(result, message);
    },
  );
};
