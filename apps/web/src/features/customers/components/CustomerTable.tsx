import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { Customer } from '@quan/contract/customer';
import { formatMoney } from '../../../lib/format';
import { formatCount, formatDate } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { CustomerStatusBadge, LevelBadge } from './badges';

interface CustomerTableProps {
  customers: readonly Customer[];
  /** Managers and admins may delete; everyone may view and edit. */
  canDelete: boolean;
  onView: (customer: Customer) => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

/** The columns' headers as message ids, and whether the column holds a number (set to the right). */
const headers: { id: string; numeric?: boolean }[] = [
  { id: 'customers.table.customer' },
  { id: 'customers.table.phone' },
  { id: 'customers.table.level' },
  { id: 'customers.table.points', numeric: true },
  { id: 'customers.table.totalSpent', numeric: true },
  { id: 'customers.table.visits', numeric: true },
  { id: 'customers.table.lastVisit' },
  { id: 'customers.table.status' },
];

export function CustomerTable({ customers, canDelete, onView, onEdit, onDelete }: CustomerTableProps) {
  const t = useT();
  return (
    <ScrollRegion label={t('customers.table.region')} className="card">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{t('customers.table.caption')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            {headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={`px-4 py-3 font-semibold ${header.numeric ? 'text-right' : ''}`}
              >
                {t(header.id)}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">{t('customers.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {customers.map((customer) => (
            <tr key={customer._id} aria-label={customer.name}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-semibold text-stone-900">{customer.name}</span>
                {customer.email && <span className="block text-xs text-stone-600">{customer.email}</span>}
              </th>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700 tabular-nums">{customer.phone}</td>
              <td className="px-4 py-3">
                <LevelBadge level={customer.membershipLevel} />
              </td>
              <td className="px-4 py-3 text-right font-semibold text-stone-900 tabular-nums">
                {formatCount(customer.loyaltyPoints)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-stone-700 tabular-nums">
                {formatMoney(customer.totalSpent)}
              </td>
              <td className="px-4 py-3 text-right text-stone-700 tabular-nums">{formatCount(customer.totalOrders)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                {customer.lastVisit ? (
                  formatDate(customer.lastVisit)
                ) : (
                  <span className="text-stone-600">{t('customers.never')}</span>
                )}
              </td>
              <td className="px-4 py-3">
                <CustomerStatusBadge status={customer.status} />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <button type="button" className="btn btn-sm btn-secondary" onClick={() => onView(customer)}>
                    <Eye aria-hidden="true" className="size-4" />
                    {t('customers.table.details')}{' '}
                    <span className="sr-only">{t('customers.table.detailsOf', { name: customer.name })}</span>
                  </button>
                  <button type="button" className="btn btn-sm btn-secondary" onClick={() => onEdit(customer)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('customers.table.edit')} <span className="sr-only">{customer.name}</span>
                  </button>
                  {canDelete && (
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary text-red-700 hover:bg-red-50"
                      onClick={() => onDelete(customer)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('customers.table.delete')} <span className="sr-only">{customer.name}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
