import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Pagination } from '@quan/contract/common';
import { formatCount } from './customer-display';

interface CustomerPaginationProps {
  pagination: Pagination;
  /** Shown while a page loads, so a second tap does not skip one. */
  disabled: boolean;
  onPage: (page: number) => void;
}

function customerCount(count: number): string {
  return count === 1 ? '1 customer' : `${formatCount(count)} customers`;
}

export function CustomerPagination({ pagination, disabled, onPage }: CustomerPaginationProps) {
  const { currentPage, totalPages, totalItems } = pagination;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
      <p>
        Page {currentPage} of {Math.max(totalPages, 1)} · {customerCount(totalItems)}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || currentPage <= 1}
          onClick={() => onPage(currentPage - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || currentPage >= totalPages}
          onClick={() => onPage(currentPage + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
