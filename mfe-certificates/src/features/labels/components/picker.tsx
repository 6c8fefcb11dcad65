import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from 'contracts';
import { useState } from 'react';
import { DataTable, LoadError, SearchBox, Spinner, useT, type ColumnDef } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

/** One result row; `name` tells the rows' choose buttons apart for screen readers. */
export interface PickerRow {
  id: number;
  name: string;
  cells: string[];
}

/** A search term ('' lists the newest) and the page of its results. */
export interface PickerQuery {
  search: string;
  page: number;
  per_page: number;
}

export interface PickerProps<T> {
  label: string;
  placeholder: string;
  caption: string;
  headers: string[];
  /** Shown when a search finds nothing. */
  empty: string;
  /** Shown when there is nothing at all yet, before any search. */
  none: string;
  useSearch: (query: PickerQuery) => UseQueryResult<{ total: number; data: T[] }>;
  toRow: (item: T) => PickerRow;
  selectedId: number | null;
  onPick: (id: number) => void;
}

/** A search box and its results, page by page, one choose button per row: how the labels page finds what to print. */
export function Picker<T>({
  label,
  placeholder,
  caption,
  headers,
  empty,
  none,
  useSearch,
  toRow,
  selectedId,
  onPick,
}: PickerProps<T>) {
  const t = useT(certificateCatalogs);
  const [query, setQuery] = useState<PickerQuery>({ search: '', page: 1, per_page: DEFAULT_PAGE_SIZE });
  const result = useSearch(query);
  // The same words again ask the server again: after a failure, or for rows added meanwhile.
  const runSearch = (search: string) => {
    if (search === query.search && query.page === 1) void result.refetch();
    else setQuery({ ...query, search, page: 1 });
  };

  const columns: ColumnDef<PickerRow, unknown>[] = [
    ...headers.map((header, index): ColumnDef<PickerRow, unknown> => ({
      id: String(index),
      header,
      cell: ({ row }) => row.original.cells[index],
    })),
    {
      id: 'choose',
      header: () => <span className="sui-visually-hidden">{t('labels.choose')}</span>,
      cell: ({ row }) => {
        const selected = row.original.id === selectedId;
        return (
          <button
            type="button"
            className={selected ? 'sui-button' : 'sui-button sui-button--secondary'}
            aria-pressed={selected}
            // The name starts with the visible word, so a speech user can say what they see (WCAG 2.5.3).
            aria-label={t(selected ? 'labels.chosenOf' : 'labels.chooseOf', { name: row.original.name })}
            onClick={() => onPick(row.original.id)}
          >
            {selected ? t('labels.chosen') : t('labels.choose')}
          </button>
        );
      },
    },
  ];

  function results() {
    if (result.isPending) return <Spinner />;
    if (result.isError)
      return <LoadError message={t('labels.searchFailed')} onRetry={() => void result.refetch()} />;
    const { data, total } = result.data;
    if (total === 0) return <p className="cert-note">{query.search ? empty : none}</p>;
    return (
      <div className="cert-labels-results">
        <DataTable
          label={caption}
          columns={columns}
          data={data.map(toRow)}
          getRowId={(row) => String(row.id)}
          total={total}
          page={query.page}
          pageSize={query.per_page}
          onPageChange={(page) => setQuery({ ...query, page })}
          onPageSizeChange={(per_page) => setQuery({ ...query, per_page, page: 1 })}
          loading={result.isPlaceholderData}
        />
      </div>
    );
  }

  return (
    <section className="cert-labels-picker">
      <SearchBox
        className="cert-labels-search"
        label={label}
        showLabel
        placeholder={placeholder}
        buttonLabel={t('labels.search')}
        onSearch={runSearch}
      />
      {results()}
    </section>
  );
}
