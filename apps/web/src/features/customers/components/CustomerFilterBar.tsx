import { useId } from 'react';
import {
  customerSorts,
  customerStatuses,
  membershipLevels,
  type CustomerSort,
  type CustomerStatus,
  type MembershipLevel,
} from '@quan/contract/customer';
import { SearchField } from '../../../components/SearchField';
import { useT } from '../../../lib/i18n';
import type { CustomerFilters } from '../../../store/customers-slice';
import { customerSortLabelIds, customerStatusLabelIds, levelLabelIds } from './customer-display';

interface CustomerFilterBarProps {
  /** What is typed in the search box; the page sends it to the server once typing pauses. */
  searchText: string;
  onSearchText: (text: string) => void;
  filters: CustomerFilters;
  sort: CustomerSort;
  onFilters: (changes: Partial<CustomerFilters>) => void;
  onSort: (sort: CustomerSort) => void;
}

/** The customer list's search, its status and level filters, and its order. */
export function CustomerFilterBar({
  searchText,
  onSearchText,
  filters,
  sort,
  onFilters,
  onSort,
}: CustomerFilterBarProps) {
  const t = useT();
  const statusId = useId();
  const levelId = useId();
  const sortId = useId();

  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField
        label={t('customers.search.label')}
        value={searchText}
        onChange={onSearchText}
        placeholder={t('customers.search.placeholder')}
        maxLength={100}
      />
      <div>
        <label htmlFor={statusId} className="field-label">
          {t('customers.filter.status')}
        </label>
        <select
          id={statusId}
          className="field-input"
          value={filters.status}
          onChange={(event) => onFilters({ status: event.target.value as CustomerStatus | '' })}
        >
          <option value="">{t('customers.filter.allStatuses')}</option>
          {customerStatuses.map((status) => (
            <option key={status} value={status}>
              {t(customerStatusLabelIds[status])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={levelId} className="field-label">
          {t('customers.filter.level')}
        </label>
        <select
          id={levelId}
          className="field-input"
          value={filters.membershipLevel}
          onChange={(event) => onFilters({ membershipLevel: event.target.value as MembershipLevel | '' })}
        >
          <option value="">{t('customers.filter.allLevels')}</option>
          {membershipLevels.map((level) => (
            <option key={level} value={level}>
              {t(levelLabelIds[level])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={sortId} className="field-label">
          {t('customers.sort.label')}
        </label>
        <select
          id={sortId}
          className="field-input"
          value={sort}
          onChange={(event) => onSort(event.target.value as CustomerSort)}
        >
          {customerSorts.map((order) => (
            <option key={order} value={order}>
              {t(customerSortLabelIds[order])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
