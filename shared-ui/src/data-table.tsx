import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense } from 'react';
import { sharedCatalogs } from './catalogs';
import { useT } from './i18n/use-t';

export interface TableSort {
  /** Column id, which is the API's `sort` value. */
  id: string;
  desc: boolean;
}

export interface DataTableProps<Row> {
  columns: ColumnDef<Row, unknown>[];
  /** One page of rows, as the server returned it. */
  data: Row[];
  /** Number of rows over all pages. */
  total: number;
  /** 1-based, like the API. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The caller resets the page to 1. */
  onPageSizeChange: (pageSize: number) => void;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  loading?: boolean;
  pageSizes?: readonly number[];
  getRowId?: (row: Row, index: number) => string;
  /** A class for a row that looks different (a voided certificate, dimmed); what it means is said in a cell too. */
  rowClassName?: (row: Row) => string | undefined;
  /** Accessible name of the table. */
  label?: string;
}

/** TanStack Table loads with the first table, not with the login screen (docs/architecture.md#budgets). */
const DataTableImpl = lazy(() => import('./data-table-impl'));

/** Server-paginated, server-sorted table (sorting covers the whole data set, not one page). */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const t = useT(sharedCatalogs);
  return (
    <Suspense fallback={<p className="sui-table__state">{t('table.loading')}</p>}>
      <DataTableImpl {...(props as DataTableProps<unknown>)} />
    </Suspense>
  );
}

export type { ColumnDef };
