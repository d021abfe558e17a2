import { envelope, idParamsSchema } from '@quan/contract/common';
import { printBillBodySchema, printBillResultSchema } from '@quan/contract/order';
import { ok } from '../../../lib/reply';
import { currentUser } from '../../../plugins/auth';
import type { OrdersService } from '../service';
import { tags, type OrdersApp } from './common';

/** The guest's papers of an order: its provisional bill and its receipt, each copy counted. */
export function registerPrintRoutes(app: OrdersApp, { orders }: { orders: OrdersService }): void {
  app.post(
    '/:id/prints',
    {
      // Whoever serves the floor hands a guest the bill: anyone who may see the order may print it.
      config: { access: 'orders:read' },
      schema: {
        tags,
        description:
          "Counts a print of the order's provisional bill (kind bill) or its receipt (kind receipt, once " +
          'the order is paid; 409 before) and answers which copy it is; copy 2 and later are reprints.',
        params: idParamsSchema,
        body: printBillBodySchema,
        response: { 200: envelope(printBillResultSchema) },
      },
    },
    async (request) => {
      const result = await orders.printBill(currentUser(request), {
        orderId: request.params.id,
        kind: request.body.kind,
      });
      return ok(result, result.copies > 1 ? `Reprint ${result.copies - 1}` : 'Printed');
    },
  );
}
