import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';

/**
 * What the audit trail keeps: every hand-made change of money (an order's bill, a refund, the cash
 * drawer, opened without a sale) or of an order's place, written in the same transaction as the change, with who did it and who
 * approved it; and every manager's approval refused (`approval-refused`: who asked, for which email and which
 * change, written although the change was not made).
 */
export const auditKinds = [
  'void',
  'merge',
  'split',
  'move',
  'refund',
  'cash-movement',
  'shift-close',
  'shift-reopen',
  'bank-transfer',
  'approval-refused',
  'stock-transfer',
  'drawer-open',
  'einvoice',
] as const;
export const auditKindSchema = z.enum(auditKinds);
export type AuditKind = z.infer<typeof auditKindSchema>;

export const auditEntrySchema = z.object({
  _id: idSchema,
  kind: auditKindSchema,
  order: z.object({ _id: idSchema, orderNo: z.int32() }).nullable(),
  actor: z.object({ _id: idSchema, name: z.string() }).nullable(),
  approvedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  /** One sentence a manager reads: "Voided 1 × Phở bò (wrong dish): 65.000 ₫". */
  summary: z.string(),
  /** The change itself, by kind (lines, amounts, tables). */
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit: newest first, paged, filtered by kind, person and dates. */
export const listAuditQuerySchema = z
  .object({
    kind: auditKindSchema.optional(),
    userId: idSchema.optional(),
    startDate: isoDateTimeSchema.optional(),
    endDate: isoDateTimeSchema.optional(),
    page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
    limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(20),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  });
export type ListAuditQuery = z.input<typeof listAuditQuerySchema>;
export type ListAuditFilter = z.output<typeof listAuditQuerySchema>;
