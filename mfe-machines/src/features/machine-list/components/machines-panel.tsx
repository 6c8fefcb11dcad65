import type { MachineListItem } from 'contracts';
import { allows, DEFAULT_PAGE_SIZE, SEARCH_MAX, staffUrls } from 'contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, formatDate, LoadError, meQuery, messages, Spinner, type ColumnDef } from 'shared-ui';
import { machineMessages } from '../../../messages';
import { useMachines, type MachineSearch } from '../hooks/use-machines';

const text = machineMessages.list;

const columns: ColumnDef<MachineListItem, unknown>[] = [
  { id: 'pos', header: text.columns.pos, accessorKey: 'pos' },
  { id: 'name', header: text.columns.name, accessorKey: 'name' },
  { id: 'brand_name', header: text.columns.brand_name, accessorKey: 'brand_name' },
  { id: 'ean_number', header: text.columns.ean_number, accessorKey: 'ean_number', enableSorting: false },
  {
    id: 'created_at',
    header: text.columns.created_at,
    accessorKey: 'created_at',
    cell: ({ row }) => formatDate(row.original.created_at),
  },
  {
    id: 'action',
    header: text.columns.action,
    enableSorting: false,
    cell: ({ row }) => <Link to={staffUrls.machineEdit(row.original.id)}>{text.edit}</Link>,
  },
];

/** The machine catalogue: search on demand, server-side paging and sorting over all machines. */
export function MachinesPanel() {
  // What the box shows; only a search (button or Enter) turns it into the query.
  const [searchText, setSearchText] = useState('');
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
            {text.add}
          </Link>
        )}
        <span className="mach-toolbar__spacer" />
        <form
          role="search"
          className="mach-search"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery({ ...query, search: searchText.trim(), page: 1 });
          }}
        >
          <input
            className="sui-input"
            type="search"
            placeholder={messages.search}
            aria-label={messages.search}
            maxLength={SEARCH_MAX}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            // The search box has the focus when the tab opens, as in the earlier app.
            autoFocus
          />
          <button type="submit" className="sui-button mach-search__button" aria-label={text.search}>
            <SearchIcon />
          </button>
        </form>
      </div>
      {machines.isError ? (
        <LoadError message={text.loadFailed} onRetry={() => void machines.refetch()} />
      ) : machines.isPending ? (
        <Spinner />
      ) : (
        <DataTable<MachineListItem>
          label={text.table}
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

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
