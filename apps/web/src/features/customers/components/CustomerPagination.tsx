import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Pagination } from '@quan/contract/common';
import { useT } from '../../../lib/i18n';
import { formatCount } from '../../../lib/date-format';

interface CustomerPaginationProps {
  pagination: Pagination;
  /** Shown while a page loads, so a second tap does not skip one. */
  disabled: boolean;
  onPage: (page: number) => void;
}

export function CustomerPagination({ pagination, disabled, onPage }: CustomerPaginationProps) {
  const t = useT();
  const { currentPage, totalPages, totalItems } = pagination;
  return (
    <nav
      aria-label={t('customers.pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700"
    >
      <p>
        {t('customers.pagination.summary', {
          page: currentPage,
          pages: Math.max(totalPages, 1),
          count: totalItems,
          customers: formatCount(totalItems),
        })}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || currentPage <= 1}
          onClick={() => onPage(currentPage - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('customers.pagination.previous')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || currentPage >= totalPages}
          onClick={() => onPage(currentPage + 1)}
        >
          {t('customers.pagination.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
