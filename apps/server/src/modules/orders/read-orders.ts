import type { Pagination } from '@quan/contract/common';
import type { ListOrdersFilter, Order } from '@quan/contract/order';
import type { PublicOrder } from '@quan/contract/public';
import { notFound } from '../../lib/app-error';
import { sameSecret } from '../../lib/same-secret';
import type { OrdersDeps } from './deps';
import { loadOrder, toOrder, toPublicOrder } from './order-view';
import * as repo from './repository';

type Reader = Pick<OrdersDeps, 'db'>;

/** GET /api/order: the branch's orders only, a page at a time. */
export async function listOrders(
  { db }: Reader,
  branchId: string,
  query: ListOrdersFilter,
): Promise<{ orders: Order[]; pagination: Pagination }> {
  const { ids, total } = await repo.pageOrderIds(
    db,
    branchId,
    {
      startDate: query.startDate ? new Date(query.startDate) : undefined,
      endDate: query.endDate ? new Date(query.endDate) : undefined,
      statuses: query.status,
      tableId: query.tableId,
      customerId: query.customerId,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit, sort: query.sort },
  );
  const orders = (await repo.findOrders(db, branchId, ids)).map(toOrder);
  return {
    orders,
    pagination: {
      currentPage: query.page,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalItems: total,
      itemsPerPage: query.limit,
    },
  };
}

export const getOrder = ({ db }: Reader, branchId: string, id: string) => loadOrder(db, branchId, id);

/**
 * Whether this token follows this order (the diner's phone that placed it). The token alone decides, in
 * whichever branch the order is (`null`: any branch), as it is the order's own secret.
 */
export async function mayFollowOrder({ db }: Reader, orderId: string, token: string): Promise<boolean> {
  const [found] = await repo.findOrders(db, null, [orderId]);
  return !!found?.order.trackingToken && sameSecret(found.order.trackingToken, token);
}

/** The diner's view of their order; any other token gets the same 404 as a missing order. */
export async function getOrderForDiner({ db }: Reader, orderId: string, token: string): Promise<PublicOrder> {
  const [found] = await repo.findOrders(db, null, [orderId]);
  if (!found?.order.trackingToken || !sameSecret(found.order.trackingToken, token)) {
    throw notFound('That order does not exist, or this link is not for it').because('ORDER_LINK_NOT_FOUND');
  }
  return toPublicOrder(toOrder(found));
}
