import { useId, useRef, useState } from 'react';
import { Search, UserRound } from 'lucide-react';
import type { Customer } from '@quan/contract/customer';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MIN_CUSTOMER_SEARCH_LENGTH, useCustomerMatches } from '../../../lib/customer-queries';

/** Enough to pick someone at the counter; a longer list means the search needs another letter. */
const MATCHES_SHOWN = 8;

/** Each membership level's name, as a message id. */
const levelLabelIds: Record<Customer['membershipLevel'], string> = {
  bronze: 'spin-wheel.level.bronze',
  silver: 'spin-wheel.level.silver',
  gold: 'spin-wheel.level.gold',
  platinum: 'spin-wheel.level.platinum',
};

interface CustomerPickerProps {
  selected: Customer | null;
  onSelect: (customer: Customer | null) => void;
  /** While the wheel turns the customer stays as chosen. */
  disabled: boolean;
}

/** Finds the guest by name or phone (the server ignores accents) and keeps the one chosen. */
export function CustomerPicker({ selected, onSelect, disabled }: CustomerPickerProps) {
  const t = useT();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const matches = useCustomerMatches(search, MATCHES_SHOWN);

  if (selected) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
        <UserRound aria-hidden="true" className="size-8 shrink-0 text-amber-800" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">{selected.name}</p>
          <p className="text-sm text-stone-700">
            {selected.phone} · {t(levelLabelIds[selected.membershipLevel])}
            {selected.status === 'inactive' && ` · ${t('spin-wheel.picker.inactive')}`}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          disabled={disabled}
          onClick={() => {
            onSelect(null);
            // The search box comes back; the person carries on typing there.
            requestAnimationFrame(() => searchRef.current?.focus());
          }}
        >
          {t('spin-wheel.picker.change')}
        </button>
      </div>
    );
  }

  function renderMatches() {
    if (search.length < MIN_CUSTOMER_SEARCH_LENGTH) return null;
    if (matches.isError) {
      return (
        <p role="alert" className="text-sm text-red-800">
          {describeApiError(matches.error, t('spin-wheel.picker.searchError'))}
        </p>
      );
    }
    if (!matches.data) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('spin-wheel.picker.searching')}
        </p>
      );
    }
    if (matches.data.length === 0) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('spin-wheel.picker.noMatch', { search })}
        </p>
      );
    }
    return (
      <ul
        aria-label={t('spin-wheel.picker.matches')}
        className="divide-y divide-stone-100 rounded-xl border border-stone-200"
      >
        {matches.data.map((customer) => (
          <li key={customer._id}>
            <button
              type="button"
              className="flex min-h-11 w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-amber-50 focus-visible:bg-amber-50"
              onClick={() => {
                onSelect(customer);
                setTerm('');
              }}
            >
              <span className="font-medium text-stone-900">{customer.name}</span>
              <span className="text-sm text-stone-600 tabular-nums">
                {customer.phone}
                {customer.status === 'inactive' && ` · ${t('spin-wheel.picker.inactive')}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-2">
      <label htmlFor={searchId} className="field-label">
        {t('spin-wheel.picker.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={t('spin-wheel.picker.placeholder')}
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          className="field-input pl-10"
        />
      </div>
      <p id={`${searchId}-hint`} className="text-xs text-stone-600">
        {t('spin-wheel.picker.hint', { count: MIN_CUSTOMER_SEARCH_LENGTH })}
      </p>
      {renderMatches()}
    </div>
  );
}
