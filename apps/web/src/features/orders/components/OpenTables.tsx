import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { LoadError } from '../../../components/LoadError';
import { useT } from '../../../lib/i18n';
import { otherOpenTables } from './tab-actions';

/** The tables list, as the page that opens a move or merge dialog loads it. */
export type TablesQuery = Pick<UseQueryResult<Table[]>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;

interface OpenTablesProps {
  tables: TablesQuery;
  order: Order;
  /** Said when no other table has an open order. */
  empty: string;
  children: (tables: Table[]) => ReactNode;
}

/** The tables with an open order other than this one, once loaded; the loading, error and empty states before. */
export function OpenTables({ tables, order, empty, children }: OpenTablesProps) {
  const t = useT();
  if (tables.isPending) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('orders.tables.loading')}
      </p>
    );
  }
  if (tables.isError) {
    return (
      <LoadError error={tables.error} fallback={t('orders.tables.loadError')} onRetry={() => void tables.refetch()} />
    );
  }
  const open = otherOpenTables(tables.data ?? [], order);
  if (open.length === 0) return <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">{empty}</p>;
  return children(open);
}
