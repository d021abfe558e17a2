import type { AuditEntry, AuditKind, ListAuditFilter } from '@quan/contract/audit';
import type { Pagination } from '@quan/contract/common';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import * as repo from './repository';

/** What one hand-made change writes to the trail, inside the transaction of the change. */
export interface AuditRecord {
  kind: AuditKind;
  /** The branch the change was made in (the actor's); null for a change of the chain's own. */
  branchId: string | null;
  orderId: string | null;
  actorId: string | null;
  approvedById: string | null;
  summary: string;
  details: Record<string, unknown>;
}

export function createAuditService({ db }: { db: Database }) {
  return {
    record: (tx: Executor, entry: AuditRecord) => repo.insertEntry(tx, { id: newId(), ...entry }),

    /** GET /api/audit: the trail of the branch the reader works in. */
    async list(branchId: string, query: ListAuditFilter): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
      const { rows, total } = await repo.pageEntries(
        db,
        branchId,
        {
          kind: query.kind,
          userId: query.userId,
          startDate: query.startDate ? new Date(query.startDate) : undefined,
          endDate: query.endDate ? new Date(query.endDate) : undefined,
        },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return {
        entries: rows.map(({ entry, orderNo, actor, approvedBy }) => ({
          _id: entry.id,
          kind: entry.kind,
          order: entry.orderId && orderNo !== null ? { _id: entry.orderId, orderNo } : null,
          actor: actor ? { _id: actor.id, name: actor.name } : null,
          approvedBy: approvedBy ? { _id: approvedBy.id, name: approvedBy.name } : null,
          summary: entry.summary,
          details: entry.details,
          createdAt: entry.createdAt.toISOString(),
        })),
        pagination: {
          currentPage: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          totalItems: total,
          itemsPerPage: query.limit,
        },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
