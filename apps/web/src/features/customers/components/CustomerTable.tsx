import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { Customer } from '@quan/contract/customer';
import { formatDate, formatMoney } from '../../../lib/format';
import { CustomerStatusBadge, LevelBadge } from './badges';
import { formatCount } from './customer-display';

interface CustomerTableProps {
  customers: readonly Customer[];
  /** Managers and admins may delete; everyone may view and edit. */
  canDelete: boolean;
  onView: (customer: Customer) => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

const headers = ['Customer', 'Phone', 'Level', 'Points', 'Total spent', 'Visits', 'Last visit', 'Status'];
const numeric = new Set(['Points', 'Total spent', 'Visits']);

export function CustomerTable({ customers, canDelete, onView, onEdit, onDelete }: CustomerTableProps) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Customers and their loyalty</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className={`px-4 py-3 font-semibold ${numeric.has(header) ? 'text-right' : ''}`}
              >
                {header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
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
                {customer.lastVisit ? formatDate(customer.lastVisit) : <span className="text-stone-400">Never</span>}
              </td>
              <td className="px-4 py-3">
                <CustomerStatusBadge status={customer.status} />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <button type="button" className="btn btn-sm btn-secondary" onClick={() => onView(customer)}>
                    <Eye aria-hidden="true" className="size-4" />
                    Details <span className="sr-only">of {customer.name}</span>
                  </button>
                  <button type="button" className="btn btn-sm btn-secondary" onClick={() => onEdit(customer)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit <span className="sr-only">{customer.name}</span>
                  </button>
                  {canDelete && (
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary text-red-700 hover:bg-red-50"
                      onClick={() => onDelete(customer)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete <span className="sr-only">{customer.name}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
