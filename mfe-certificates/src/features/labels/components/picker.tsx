import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError, Spinner } from 'shared-ui';
import { labelMessages } from '../label-messages';
import { SearchResults, type SearchResultsProps } from './search-results';
import { SearchForm } from './search-form';

export interface PickerProps<T> {
  label: string;
  placeholder: string;
  caption: string;
  headers: string[];
  empty: string;
  /** The query hook for a search term ('' lists the newest). */
  useSearch: (search: string) => UseQueryResult<{ total: number; data: T[] }>;
  toRow: (item: T) => SearchResultsProps['rows'][number];
  selectedId: number | null;
  onPick: (id: number) => void;
}

/** A search box and its results, one choose button per row: how the labels page finds what to print. */
export function Picker<T>({ label, placeholder, useSearch, toRow, ...results }: PickerProps<T>) {
  const [search, setSearch] = useState('');
  const query = useSearch(search);
  // The same words again ask the server again: after a failure, or for rows added meanwhile.
  const runSearch = (term: string) => {
    if (term === search) void query.refetch();
    else setSearch(term);
  };
  return (
    <section className="cert-labels-picker">
      <SearchForm label={label} placeholder={placeholder} onSearch={runSearch} />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError message={labelMessages.searchFailed} onRetry={() => void query.refetch()} />
      ) : (
        <SearchResults {...results} rows={query.data.data.map(toRow)} total={query.data.total} />
      )}
    </section>
  );
}
