import { useId, type ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { Customer } from '@quan/contract/customer';
import { Dialog } from '../../../components/Dialog';
import { formatMoney } from '../../../lib/format';
import { formatCount, formatDate, formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { CustomerStatusBadge, LevelBadge } from './badges';

interface CustomerDetailDialogProps {
  customer: Customer;
  canDelete: boolean;
  /** The customer's latest orders. */
  recentOrders: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right text-stone-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-stone-600">—</span>;

/** Everything about one customer: their loyalty, their contact details and their last orders. */
export function CustomerDetailDialog({
  customer,
  canDelete,
  recentOrders,
  onEdit,
  onDelete,
  onClose,
}: CustomerDetailDialogProps) {
  const t = useT();
  const contactId = useId();
  const ordersId = useId();
  return (
    <Dialog title={customer.name} onClose={onClose} className="max-w-2xl">
      <div className="space-y-6 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={customer.membershipLevel} />
          <CustomerStatusBadge status={customer.status} />
        </div>

        <section aria-label={t('customers.details.loyalty')}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                [t('customers.details.points'), formatCount(customer.loyaltyPoints)],
                [t('customers.details.totalSpent'), formatMoney(customer.totalSpent)],
                [t('customers.details.visits'), formatCount(customer.totalOrders)],
                [
                  t('customers.details.lastVisit'),
                  customer.lastVisit ? formatDate(customer.lastVisit) : t('customers.never'),
                ],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-stone-50 p-3">
                <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
                <dd className="mt-1 text-lg font-bold text-stone-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby={contactId}>
          <h3 id={contactId} className="mb-1 font-semibold text-stone-900">
            {t('customers.details.contact')}
          </h3>
          <dl className="divide-y divide-stone-100">
            <Row label={t('customers.details.phone')}>{customer.phone}</Row>
            <Row label={t('customers.details.email')}>{customer.email || none}</Row>
            <Row label={t('customers.details.dateOfBirth')}>
              {customer.dateOfBirth ? formatDate(customer.dateOfBirth) : none}
            </Row>
            <Row label={t('customers.details.address')}>{customer.address || none}</Row>
            <Row label={t('customers.details.notes')}>{customer.notes || none}</Row>
            <Row label={t('customers.details.since')}>{formatDateTime(customer.createdAt)}</Row>
          </dl>
        </section>

        <section aria-labelledby={ordersId}>
          <h3 id={ordersId} className="mb-1 font-semibold text-stone-900">
            {t('customers.details.recentOrders')}
          </h3>
          {recentOrders}
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {canDelete && (
            <button type="button" className="btn btn-secondary text-red-700 hover:bg-red-50" onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('customers.details.delete')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('customers.details.edit')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
