import { auditKinds, type AuditKind } from '@quan/contract/audit';

/** The message id of each kind's name on an entry: `t(auditKindMessages[kind])`. */
export const auditKindMessages: Record<AuditKind, string> = {
  void: 'audit.kind.void',
  merge: 'audit.kind.merge',
  split: 'audit.kind.split',
  move: 'audit.kind.move',
  refund: 'audit.kind.refund',
  'cash-movement': 'audit.kind.cashMovement',
  'shift-close': 'audit.kind.shiftClose',
  'shift-reopen': 'audit.kind.shiftReopen',
  'bank-transfer': 'audit.kind.bankTransfer',
  'approval-refused': 'audit.kind.approvalRefused',
  'stock-transfer': 'audit.kind.stockTransfer',
  'drawer-open': 'audit.kind.drawerOpen',
  einvoice: 'audit.kind.einvoice',
};

/** The message ids of the kind filter's choices: "Voids", "Merges", … */
export const auditKindFilterMessages: Record<AuditKind, string> = {
  void: 'audit.filter.void',
  merge: 'audit.filter.merge',
  split: 'audit.filter.split',
  move: 'audit.filter.move',
  refund: 'audit.filter.refund',
  'cash-movement': 'audit.filter.cashMovement',
  'shift-close': 'audit.filter.shiftClose',
  'shift-reopen': 'audit.filter.shiftReopen',
  'bank-transfer': 'audit.filter.bankTransfer',
  'approval-refused': 'audit.filter.approvalRefused',
  'stock-transfer': 'audit.filter.stockTransfer',
  'drawer-open': 'audit.filter.drawerOpen',
  einvoice: 'audit.filter.einvoice',
};

export function isAuditKind(value: string | null): value is AuditKind {
  return (auditKinds as readonly (string | null)[]).includes(value);
}

/** The columns of an entry on a wide screen (time, kind, what, who); on a phone the same cells stack. */
export const auditColumns = 'md:grid md:grid-cols-[11rem_7.5rem_minmax(0,1fr)_13rem] md:items-start md:gap-4';
