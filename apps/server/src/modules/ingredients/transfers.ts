import type { Pagination } from '@quan/contract/common';
import type {
  ListStockTransfersFilter,
  ReceiveStockTransferBody,
  SendStockTransferBody,
  StockTransfer,
  TransferDestination,
} from '@quan/contract/stock-transfer';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { receiveTransfer } from './receive-transfer';
import { sendTransfer } from './send-transfer';
import * as transfers from './transfer-repository';
import { loadTransfer, toTransfer } from './transfer-view';

type Actor = Pick<AuthUser, 'id' | 'branchId'>;

/** Stock sent between the chain's branches: each branch sees the transfers it sent and those it receives. */
export function createStockTransfersService(deps: {
  db: Database;
  transact: Transact;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db } = deps;
  return {
    async list(
      branchId: string,
      query: ListStockTransfersFilter,
    ): Promise<{ transfers: StockTransfer[]; pagination: Pagination }> {
      const { page, limit } = query;
      const { rows, total } = await transfers.pageTransfers(
        db,
        branchId,
        { status: query.status },
        { offset: (page - 1) * limit, limit },
      );
      const lines = await transfers.linesOf(
        db,
        rows.map((row) => row.transfer.id),
      );
      return {
        transfers: rows.map((head) =>
          toTransfer(
            head,
            lines.filter(({ line }) => line.transferId === head.transfer.id),
            branchId,
          ),
        ),
        pagination: {
          currentPage: page,
          totalPages: Math.max(1, Math.ceil(total / limit)),
          totalItems: total,
          itemsPerPage: limit,
        },
      };
    },

    get: (branchId: string, id: string) => loadTransfer(db, branchId, id),

    /** The branches the current one can send to: every other branch of the chain. */
    async destinations(branchId: string): Promise<TransferDestination[]> {
      return (await transfers.otherBranches(db, branchId)).map((branch) => ({ _id: branch.id, name: branch.name }));
    },

    send: (actor: Actor, body: SendStockTransferBody) => sendTransfer(deps, actor, body),
    receive: (actor: Actor, id: string, body: ReceiveStockTransferBody) => receiveTransfer(deps, actor, id, body),
  };
}

export type StockTransfersService = ReturnType<typeof createStockTransfersService>;
