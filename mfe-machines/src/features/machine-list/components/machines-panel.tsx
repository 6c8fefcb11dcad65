import type { MachineListItem } from 'contracts';
import { allows, DEFAULT_PAGE_SIZE, staffUrls } from 'contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DataTable,
  formatDay,
  LoadError,
  meQuery,
  SearchBox,
  Spinner,
  useT,
  type ColumnDef,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useMachines, type MachineSearch } from '../api/get-machines';

/** The catalogue's columns in the active language. */
function columnsOf(t: typeof machineCatalogs.t): ColumnDef<MachineListItem, unknown>[] {
  return [
    { id: 'pos', header: t('list.columns.pos'), accessorKey: 'pos' },
    { id: 'name', header: t('list.columns.name'), accessorKey: 'name' },
    { id: 'brand_name', header: t('list.columns.brand_name'), accessorKey: 'brand_name' },
    {
      id: 'ean_number',
      header: t('list.columns.ean_number'),
      accessorKey: 'ean_number',
      enableSorting: false,
    },
    {
      id: 'created_at',
      header: t('list.columns.created_at'),
      accessorKey: 'created_at',
      cell: ({ row }) => formatDay(row.original.created_at),
    },
    {
      id: 'action',
      header: t('list.columns.action'),
      enableSorting: false,
      cell: ({ row }) => <Link to={staffUrls.machineEdit(row.original.id)}>{t('list.edit')}</Link>,
    },
    // Every role reads a machine's test plan; Freigabe (quality) edits it there.
    {
      id: 'test_plan',
      header: t('testPlan.column'),
      enableSorting: false,
      cell: ({ row }) => <Link to={staffUrls.machineTestPlan(row.original.id)}>{t('testPlan.link')}</Link>,
    },
  ];
}

/** The machine catalogue: search on demand, server-side paging and sorting over all machines. */
export function MachinesPanel() {
  const t = useT(machineCatalogs);
  const columns = columnsOf(t);
  const [query, setQuery] = useState<MachineSearch>({
    search: '',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: null,
  });
  const machines = useMachines(query);
  // Every role reads the catalogue; only Stammdaten (and administrators) change it.
  const canEdit = allows(useQuery(meQuery).data?.roles ?? [], 'catalogue');

  return (
    <>
      <div className="mach-toolbar">
        {canEdit && (
          <Link to={staffUrls.machineNew()} className="sui-button">
            {t('list.add')}
          </Link>
        )}
        <span className="mach-toolbar__spacer" />
        <SearchBox
          className="mach-search"
          label={t('list.searchLabel')}
          buttonLabel={t('list.search')}
          icon
          onSearch={(search) => setQuery({ ...query, search, page: 1 })}
          // The search box has the focus when the tab opens, as in the earlier app (docs/earlier-app.md).
          autoFocus
        />
      </div>
      {machines.isError ? (
        <LoadError message={t('list.loadFailed')} onRetry={() => void machines.refetch()} />
      ) : machines.isPending ? (
        <Spinner />
      ) : (
        <DataTable<MachineListItem>
          label={t('list.table')}
          columns={canEdit ? columns : columns.filter((column) => column.id !== 'action')}
          data={machines.data.data}
          total={machines.data.total}
          page={query.page}
          pageSize={query.pageSize}
          onPageChange={(page) => setQuery({ ...query, page })}
          onPageSizeChange={(pageSize) => setQuery({ ...query, pageSize, page: 1 })}
          sort={query.sort}
          onSortChange={(sort) => setQuery({ ...query, sort, page: 1 })}
          loading={machines.isFetching}
          getRowId={(row) => String(row.id)}
        />
      )}
    </>
  );
}
