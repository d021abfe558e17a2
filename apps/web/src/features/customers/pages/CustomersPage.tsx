import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from 'notistack';
import {
  CUSTOMER_PAGE_SIZE,
  customerStatuses,
  membershipLevels,
  type Customer,
  type CustomerStatus,
  type MembershipLevel,
} from '@quan/contract/customer';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { queryRoots } from '../../../lib/query-keys';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  createCustomer,
  customerErrorFallbacks,
  deleteCustomer,
  fetchCustomerById,
  fetchCustomers,
  fetchCustomerStats,
  selectCustomer,
  selectCustomersState,
  setCustomerFilters,
  updateCustomer,
  updateMemberships,
} from '../../../store/customers-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { OrderStatusBadge } from '../../orders/components/OrderBadges';
import { CustomerDetailDialog } from '../components/CustomerDetailDialog';
import { CustomerFormDialog, type CustomerFormSubmission } from '../components/CustomerFormDialog';
import { CustomerPagination } from '../components/CustomerPagination';
import { CustomerRecentOrders } from '../components/CustomerRecentOrders';
import { CustomerStatsCards } from '../components/CustomerStatsCards';
import { CustomerTable } from '../components/CustomerTable';
import { canManageCustomers, customerStatusLabels, formatPoints, levelLabels } from '../components/customer-display';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; customer: Customer; fromDetails: boolean }
  | { kind: 'delete'; customer: Customer }
  | { kind: 'details' }
  | { kind: 'memberships' }
  | null;

/** A rejected customer thunk carries the sentence to show (SPEC §8). */
const messageOf = (error: unknown, fallback: string) => (typeof error === 'string' ? error : fallback);

/**
 * `/customer-management`: the loyalty programme's customers, 10 a page, searched and filtered on the server.
 * Everyone looks customers up, adds and edits them; managers delete them and re-check every level.
 */
export function CustomersPage() {
  usePageTitle('Customers');
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const statusId = useId();
  const levelId = useId();
  const { role } = useAppSelector(selectUser);
  const isManager = canManageCustomers(role);
  const { customers, selectedCustomer, stats, pagination, filters, loading } = useAppSelector(selectCustomersState);

  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText.trim());
  // The page belongs to the filters it was picked under: new filters start again at page 1.
  const filtersKey = JSON.stringify(filters);
  const [pageOf, setPageOf] = useState({ filtersKey, page: 1 });
  const page = pageOf.filtersKey === filtersKey ? pageOf.page : 1;
  const goToPage = (next: number) => setPageOf({ filtersKey, page: next });
  const [reloads, setReloads] = useState(0);
  const [listLoaded, setListLoaded] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const [statsLoaded, setStatsLoaded] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isWriting, setIsWriting] = useState(false);

  // Only a new pause in typing sets the search: clearing the filters must not bring back the last one typed.
  useEffect(() => {
    dispatch(setCustomerFilters({ search: debouncedSearch }));
  }, [debouncedSearch, dispatch]);

  const { search, status, membershipLevel } = filters;
  useEffect(() => {
    let current = true;
    const request = dispatch(fetchCustomers({ search, status, membershipLevel, page, limit: CUSTOMER_PAGE_SIZE }));
    request.unwrap().then(
      () => {
        if (!current) return;
        setListLoaded(true);
        setListError(null);
      },
      (error: unknown) => {
        if (current) setListError(messageOf(error, customerErrorFallbacks.fetchList));
      },
    );
    // A newer page or filter replaces this request; its late answer must not overwrite the newer list.
    return () => {
      current = false;
      request.abort();
    };
  }, [dispatch, search, status, membershipLevel, page, reloads]);

  useEffect(() => {
    dispatch(fetchCustomerStats())
      .unwrap()
      .then(
        () => setStatsLoaded(true),
        (error: unknown) => enqueueSnackbar(messageOf(error, customerErrorFallbacks.stats), { variant: 'error' }),
      );
  }, [dispatch, enqueueSnackbar, reloads]);

  /** After a change: fresh figures and list, and the POS's customer look-ups see it too. */
  function refresh() {
    setReloads((count) => count + 1);
    void queryClient.invalidateQueries({ queryKey: queryRoots.customers });
  }

  function toastError(error: unknown, fallback: string): string {
    const message = messageOf(error, fallback);
    enqueueSnackbar(message, { variant: 'error' });
    return message;
  }

  async function save(submission: CustomerFormSubmission): Promise<string | null> {
    setIsWriting(true);
    try {
      if (submission.kind === 'create') {
        const { customer } = await dispatch(createCustomer(submission.body)).unwrap();
        enqueueSnackbar(`${customer.name} is added.`, { variant: 'success' });
        // The new customer stays first on this page (SPEC §4); only the figures are fetched again.
        dispatch(fetchCustomerStats());
        void queryClient.invalidateQueries({ queryKey: queryRoots.customers });
        setDialog(null);
      } else {
        const { customer } = await dispatch(
          updateCustomer({ id: submission.id, changes: submission.changes }),
        ).unwrap();
        enqueueSnackbar(`${customer.name} is saved.`, { variant: 'success' });
        dispatch(fetchCustomerStats());
        void queryClient.invalidateQueries({ queryKey: queryRoots.customers });
        setDialog(dialog?.kind === 'edit' && dialog.fromDetails ? { kind: 'details' } : null);
      }
      return null;
    } catch (error) {
      return toastError(
        error,
        submission.kind === 'create' ? customerErrorFallbacks.create : customerErrorFallbacks.update,
      );
    } finally {
      setIsWriting(false);
    }
  }

  async function confirmDelete(customer: Customer) {
    setIsWriting(true);
    try {
      const { message } = await dispatch(deleteCustomer(customer._id)).unwrap();
      enqueueSnackbar(message, { variant: 'success' });
      // The last one on a later page: show the page before, which now holds the end of the list.
      if (customers.length === 1 && page > 1) goToPage(page - 1);
      refresh();
    } catch (error) {
      toastError(error, customerErrorFallbacks.delete);
    } finally {
      setIsWriting(false);
      setDialog(null);
    }
  }

  async function confirmUpdateMemberships() {
    setIsWriting(true);
    try {
      const { message } = await dispatch(updateMemberships()).unwrap();
      enqueueSnackbar(message, { variant: 'success' });
      refresh();
    } catch (error) {
      toastError(error, customerErrorFallbacks.updateMemberships);
    } finally {
      setIsWriting(false);
      setDialog(null);
    }
  }

  function openDetails(customer: Customer) {
    dispatch(selectCustomer(customer));
    setDialog({ kind: 'details' });
    dispatch(fetchCustomerById(customer._id))
      .unwrap()
      .catch((error: unknown) => toastError(error, customerErrorFallbacks.fetchOne));
  }

  function closeDetails() {
    setDialog(null);
    dispatch(selectCustomer(null));
  }

  const hasFilters = search !== '' || status !== '' || membershipLevel !== '';

  function clearFilters() {
    setSearchText('');
    dispatch(setCustomerFilters({ search: '', status: '', membershipLevel: '' }));
  }

  function renderList() {
    if (!listLoaded && customers.length === 0) {
      if (listError) return null;
      return (
        <p role="status" className="text-stone-600">
          Loading customers…
        </p>
      );
    }
    if (customers.length === 0) {
      return hasFilters ? (
        <div className="card space-y-3 p-6 text-stone-700">
          <p>No customers match these filters.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={clearFilters}>
            Clear filters
          </button>
        </div>
      ) : (
        <p className="card p-6 text-stone-700">
          No customers yet. Add your regulars here, or from the POS when they order, to give them loyalty points.
        </p>
      );
    }
    return (
      <div className="space-y-3" aria-busy={loading}>
        <CustomerTable
          customers={customers}
          canDelete={isManager}
          onView={openDetails}
          onEdit={(customer) => setDialog({ kind: 'edit', customer, fromDetails: false })}
          onDelete={(customer) => setDialog({ kind: 'delete', customer })}
        />
        <CustomerPagination pagination={pagination} disabled={loading} onPage={goToPage} />
      </div>
    );
  }

  const deleting = dialog?.kind === 'delete' ? dialog.customer : null;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Customers</h1>
          <p className="mt-1 text-sm text-stone-600">Regulars, their loyalty points and membership levels.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isManager && (
            <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'memberships' })}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Update memberships
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add customer
          </button>
        </div>
      </div>

      <CustomerStatsCards stats={statsLoaded ? stats : null} />

      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Search customers"
          value={searchText}
          onChange={setSearchText}
          placeholder="Name, phone or email"
          maxLength={100}
        />
        <div>
          <label htmlFor={statusId} className="field-label">
            Status
          </label>
          <select
            id={statusId}
            className="field-input"
            value={filters.status}
            onChange={(event) => dispatch(setCustomerFilters({ status: event.target.value as CustomerStatus | '' }))}
          >
            <option value="">All statuses</option>
            {customerStatuses.map((status) => (
              <option key={status} value={status}>
                {customerStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={levelId} className="field-label">
            Level
          </label>
          <select
            id={levelId}
            className="field-input"
            value={filters.membershipLevel}
            onChange={(event) =>
              dispatch(setCustomerFilters({ membershipLevel: event.target.value as MembershipLevel | '' }))
            }
          >
            <option value="">All levels</option>
            {membershipLevels.map((level) => (
              <option key={level} value={level}>
                {levelLabels[level]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {listError && (
        <div role="alert" className="card space-y-3 p-6">
          <p className="text-stone-800">{listError}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setReloads((count) => count + 1)}>
            Try again
          </button>
        </div>
      )}
      {renderList()}

      {dialog?.kind === 'create' && (
        <CustomerFormDialog isSaving={isWriting} onSubmit={save} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <CustomerFormDialog
          key={dialog.customer._id}
          customer={dialog.customer}
          isSaving={isWriting}
          onSubmit={save}
          onClose={() => setDialog(dialog.fromDetails ? { kind: 'details' } : null)}
        />
      )}
      {dialog?.kind === 'details' && selectedCustomer && (
        <CustomerDetailDialog
          customer={selectedCustomer}
          canDelete={isManager}
          recentOrders={
            <CustomerRecentOrders
              customerId={selectedCustomer._id}
              renderStatus={(status) => <OrderStatusBadge status={status} />}
            />
          }
          onEdit={() => setDialog({ kind: 'edit', customer: selectedCustomer, fromDetails: true })}
          onDelete={() => setDialog({ kind: 'delete', customer: selectedCustomer })}
          onClose={closeDetails}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the customer'}?`}
        description={
          <p>
            <strong>{deleting?.name}</strong> will be removed with their {formatPoints(deleting?.loyaltyPoints ?? 0)}.
            Their past orders stay in the order history.
          </p>
        }
        confirmLabel="Delete customer"
        isPending={isWriting}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'memberships'}
        title="Update every membership level?"
        description={
          <p>
            Each customer&apos;s level is set again from what they spent in the last 365 days. A customer who spent less
            this year can move down a level.
          </p>
        }
        confirmLabel="Update memberships"
        isPending={isWriting}
        onConfirm={() => void confirmUpdateMemberships()}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
