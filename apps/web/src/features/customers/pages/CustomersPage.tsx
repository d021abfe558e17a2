import { useEffect, useEffectEvent, useState } from 'react';
import { Plus, RefreshCw } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Customer } from '@quan/contract/customer';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  createCustomer,
  customerErrorFallbacks,
  deleteCustomerAndReload,
  fetchCustomerById,
  fetchCustomers,
  fetchCustomerStats,
  reloadCustomers,
  selectCustomer,
  selectCustomersState,
  selectHasCustomerList,
  selectHasCustomerStats,
  setCustomerFilters,
  setCustomerSort,
  updateCustomer,
  updateMembershipsAndReload,
} from '../../../store/customers-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderStatusBadge } from '../../orders/components/OrderBadges';
import { CustomerDetailDialog } from '../components/CustomerDetailDialog';
import { CustomerFilterBar } from '../components/CustomerFilterBar';
import { CustomerFormDialog, type CustomerFormSubmission } from '../components/CustomerFormDialog';
import { CustomerPagination } from '../components/CustomerPagination';
import { CustomerRecentOrders } from '../components/CustomerRecentOrders';
import { CustomerStatsCards } from '../components/CustomerStatsCards';
import { CustomerTable } from '../components/CustomerTable';
import { formatPoints } from '../components/customer-display';
import { messageWithElements } from '../../../components/message-with-elements';
import { translateCustomerMessage } from '../components/customer-messages';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; customer: Customer; fromDetails: boolean }
  | { kind: 'delete'; customer: Customer }
  | { kind: 'details' }
  | { kind: 'memberships' }
  | null;

/** A rejected customer thunk carries the sentence to show. */
const messageOf = (error: unknown, fallback: string) => (typeof error === 'string' ? error : fallback);

/**
 * `/customer-management`: the loyalty programme's customers, 10 a page, searched and filtered on the server.
 * Everyone looks customers up, adds and edits them; managers delete them and re-check every level. The list,
 * its filters and figures live in the customers slice, whose thunks keep the requests in order and read and
 * invalidate through the one query cache the POS's look-ups share: the page dispatches and renders.
 */
export function CustomersPage() {
  const t = useT();
  usePageTitle(t('customers.pageTitle'));
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const canDeleteCustomers = useCan('customers:delete');
  const canManageLoyalty = useCan('customers:manage-loyalty');
  const { customers, selectedCustomer, stats, pagination, filters, sort, loading, error } =
    useAppSelector(selectCustomersState);
  const hasList = useAppSelector(selectHasCustomerList);
  const hasStats = useAppSelector(selectHasCustomerStats);

  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText.trim());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isWriting, setIsWriting] = useState(false);

  /** A sentence of the slice in the active language (its fixed English ones translated). */
  const say = (message: string) => translateCustomerMessage(message, t);

  /**
   * A failed list request says why in a toast. One replaced by a newer request, or not sent because the same
   * one was under way, rejects without a sentence and says nothing.
   */
  function toastListFailure(error: unknown) {
    if (typeof error === 'string') enqueueSnackbar(say(error), { variant: 'error' });
  }
  const onListFailure = useEffectEvent(toastListFailure);
  const onStatsFailure = useEffectEvent((error: unknown) => {
    enqueueSnackbar(say(messageOf(error, customerErrorFallbacks.stats)), { variant: 'error' });
  });

  // Only a new pause in typing sets the search: clearing the filters must not bring back the last one typed.
  useEffect(() => {
    dispatch(setCustomerFilters({ search: debouncedSearch }));
  }, [debouncedSearch, dispatch]);

  // New filters start again at page 1; the slice drops the request they replace.
  const { search, status, membershipLevel } = filters;
  useEffect(() => {
    dispatch(fetchCustomers({ search, status, membershipLevel, sort, page: 1 }))
      .unwrap()
      .catch((error: unknown) => onListFailure(error));
  }, [dispatch, search, status, membershipLevel, sort]);

  useEffect(() => {
    dispatch(fetchCustomerStats())
      .unwrap()
      .catch((error: unknown) => onStatsFailure(error));
  }, [dispatch]);

  function goToPage(page: number) {
    dispatch(fetchCustomers({ ...filters, sort, page }))
      .unwrap()
      .catch(toastListFailure);
  }

  function toastError(error: unknown, fallback: string): string {
    const message = say(messageOf(error, fallback));
    enqueueSnackbar(message, { variant: 'error' });
    return message;
  }

  async function save(submission: CustomerFormSubmission): Promise<string | null> {
    setIsWriting(true);
    try {
      if (submission.kind === 'create') {
        const { customer } = await dispatch(createCustomer(submission.body)).unwrap();
        enqueueSnackbar(t('customers.added', { name: customer.name }), { variant: 'success' });
        // The new customer stays first on this page; only the figures are fetched again.
        void dispatch(fetchCustomerStats());
        setDialog(null);
      } else {
        const { customer } = await dispatch(
          updateCustomer({ id: submission.id, changes: submission.changes }),
        ).unwrap();
        enqueueSnackbar(t('customers.saved', { name: customer.name }), { variant: 'success' });
        void dispatch(fetchCustomerStats());
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
      // The thunk reloads the list (the page before when this was the last one of a later page) and the figures.
      const { message } = await dispatch(deleteCustomerAndReload(customer._id)).unwrap();
      enqueueSnackbar(say(message), { variant: 'success' });
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
      const { message } = await dispatch(updateMembershipsAndReload()).unwrap();
      enqueueSnackbar(say(message), { variant: 'success' });
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
    if (!hasList && customers.length === 0) {
      // Nothing to show and the last call failed (its toast said why).
      if (error !== null && !loading) {
        return (
          <div role="alert" className="card space-y-3 p-6">
            <p className="text-stone-800">{t('customers.list.loadError')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => dispatch(reloadCustomers())}>
              {t('customers.tryAgain')}
            </button>
          </div>
        );
      }
      return (
        <p role="status" className="text-stone-600">
          {t('customers.list.loading')}
        </p>
      );
    }
    if (customers.length === 0) {
      return hasFilters ? (
        <div className="card space-y-3 p-6 text-stone-700">
          <p>{t('customers.list.noMatch')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={clearFilters}>
            {t('customers.list.clearFilters')}
          </button>
        </div>
      ) : (
        <p className="card p-6 text-stone-700">{t('customers.list.empty')}</p>
      );
    }
    return (
      <div className="space-y-3" aria-busy={loading}>
        <CustomerTable
          customers={customers}
          canDelete={canDeleteCustomers}
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
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('customers.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('customers.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManageLoyalty && (
            <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'memberships' })}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('customers.memberships.update')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('customers.add')}
          </button>
        </div>
      </div>

      <CustomerStatsCards stats={hasStats ? stats : null} />

      <CustomerFilterBar
        searchText={searchText}
        onSearchText={setSearchText}
        filters={filters}
        sort={sort}
        onFilters={(changes) => dispatch(setCustomerFilters(changes))}
        onSort={(order) => dispatch(setCustomerSort(order))}
      />

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
          canDelete={canDeleteCustomers}
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
        title={deleting ? t('customers.delete.title', { name: deleting.name }) : ''}
        description={
          <p>
            {messageWithElements(
              t,
              'customers.delete.description',
              { points: formatPoints(deleting?.loyaltyPoints ?? 0, t) },
              { name: <strong>{deleting?.name}</strong> },
            )}
          </p>
        }
        confirmLabel={t('customers.delete.confirm')}
        isPending={isWriting}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'memberships'}
        title={t('customers.memberships.title')}
        description={<p>{t('customers.memberships.description')}</p>}
        confirmLabel={t('customers.memberships.update')}
        isPending={isWriting}
        onConfirm={() => void confirmUpdateMemberships()}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
