import { createHmac } from 'node:crypto';
import { envelope } from '@quan/contract/common';
import { formatVnd } from '@quan/contract/money';
import {
  applyBankTransferBodySchema,
  BANK_NOTIFICATION_MAX_AGE_HOURS,
  BANK_SIGNATURE_HEADER,
  bankNotificationBodySchema,
  bankNotificationResultSchema,
  bankTransferParamsSchema,
  bankTransferSchema,
  bankTransfersSchema,
} from '@quan/contract/payments';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, unauthorized } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { sameSecret } from '../../lib/same-secret';
import { currentUser } from '../../plugins/auth';
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
 * raw body; a fresh transfer whose note names an open order and whose amount is exactly what is due there
 * pays it. Anything else is refused, kept and left to staff, never paid: the staff routes below list the
 * refused transfers and pay one onto an order by hand.
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
      done(badRequest('The body is not valid JSON').because('BODY_NOT_JSON'), undefined);
    }
  });

  app.post(
    '/bank-notifications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Payments'],
        description:
          'A bank notification service reports a transfer. Signed: `X-Signature: sha256=<hex HMAC-SHA256 ' +
          'of the raw body with BANK_WEBHOOK_SECRET>`. Pays the order named in the note ("QUAN 1042", ' +
          '"QUAN 1042 P2") when the amount is exactly what is due and `transactedAt` is within the last ' +
          `${BANK_NOTIFICATION_MAX_AGE_HOURS} hours. Once signed, the answer is 200 so that the sender stops retrying: ` +
          '`paid`, `duplicate` (this transactionId paid before) or `refused` with the reason (an unknown order, ' +
          'another amount, a stale date), which pays nothing and is kept for staff; a repeat of a refused ' +
          'transactionId is refused again, whatever has changed since. A wrong or missing signature is 401.',
        body: bankNotificationBodySchema,
        response: { 200: envelope(bankNotificationResultSchema) },
      },
      // The signature is checked before the body is validated, so an unsigned call learns nothing.
      preValidation: async (request) => {
        if (!secret) {
          throw new AppError('NOT_FOUND', 'Bank notifications are not set up on this server').because(
            'BANK_NOTIFICATIONS_OFF',
          );
        }
        const sent = String(request.headers[BANK_SIGNATURE_HEADER] ?? '');
        // Without the raw bytes (a body that is not JSON) there is nothing the signature could cover.
        const raw = request.rawBody;
        const expected = raw === undefined ? null : `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
        if (expected === null || !sameSecret(sent.toLowerCase(), expected)) {
          request.log.warn({ ip: request.ip }, 'bank notification refused: wrong signature');
          throw unauthorized('The signature does not match').because('BANK_SIGNATURE_WRONG');
        }
      },
    },
    async (request) => {
      const result = await orders.recordBankTransfer(request.body);
      const { transactionId, amount } = request.body;
      if (result.outcome === 'refused') {
        request.log.warn({ transactionId, amount, reason: result.reason }, 'bank notification refused');
        return ok(result, `Refused and left to staff: ${result.reason}`);
      }
      request.log.info(
        { transactionId, orderNo: result.orderNo, outcome: result.outcome },
        'bank notification recorded',
      );
      const message =
        result.outcome === 'paid'
          ? `Transfer recorded on order ${result.orderNo}`
          : `This transfer was recorded on order ${result.orderNo} before`;
      return ok(result, message);
    },
  );

  app.get(
    '/bank-transfers',
    {
      config: { access: 'payments:match-transfers' },
      schema: {
        tags: ['Payments'],
        description:
          'The transfers the bank reported that paid nothing (refused on arrival and not yet paid by hand), ' +
          'newest first, with why each was refused.',
        response: { 200: envelope(bankTransfersSchema) },
      },
    },
    async (request) => ok({ transfers: await orders.listRefusedTransfers(currentUser(request)) }),
  );

  app.post(
    '/bank-transfers/:transactionId/apply',
    {
      config: { access: 'payments:match-transfers' },
      schema: {
        tags: ['Payments'],
        description:
          'A manager pays a refused transfer onto an order (or a part of its split bill): its whole amount, ' +
          'at most what is due there, with the reason in the audit trail. 409 when it has paid an order already.',
        params: bankTransferParamsSchema,
        body: applyBankTransferBodySchema,
        response: { 200: envelope(bankTransferSchema) },
      },
    },
    async (request) => {
      const transfer = await orders.applyBankTransfer(currentUser(request), request.params.transactionId, request.body);
      return ok(transfer, `Paid ${formatVnd(transfer.amount)} onto order ${transfer.orderNo}`);
    },
  );
};
