import { auditKinds, type AuditKind } from '@quan/contract/audit';

export const auditKindLabels: Record<AuditKind, string> = {
  void: 'Void',
  merge: 'Merge',
  split: 'Split',
  move: 'Move',
  refund: 'Refund',
  'cash-movement': 'Cash in/out',
  'shift-close': 'Drawer count',
  'shift-reopen': 'Shift reopened',
};

/** The kind filter's choices: "Voids", "Merges", … */
export const auditKindFilterLabels: Record<AuditKind, string> = {
  void: 'Voids',
  merge: 'Merges',
  split: 'Splits',
  move: 'Moves',
  refund: 'Refunds',
  'cash-movement': 'Cash in and out',
  'shift-close': 'Drawer counts',
  'shift-reopen': 'Reopened shifts',
};

export function isAuditKind(value: string | null): value is AuditKind {
  return (auditKinds as readonly (string | null)[]).includes(value);
}

/** The columns of an entry on a wide screen (time, kind, what, who); on a phone the same cells stack. */
export const auditColumns = 'md:grid md:grid-cols-[11rem_7.5rem_minmax(0,1fr)_13rem] md:items-start md:gap-4';
