import { useState } from 'react';
import { Spinner } from 'shared-ui';
import { labelMessages } from '../label-messages';
import { useMachineSearch } from '../hooks/use-label-queries';
import { LoadError } from './load-error';
import { SearchResults } from './search-results';
import { SearchForm } from './search-form';

/** Finds a machine for product labels by article number or EAN. */
export function MachinePicker({
  selectedId,
  onPick,
}: {
  selectedId: number | null;
  onPick: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useMachineSearch(search);
  // The same words again ask the server again, e.g. after a failure.
  const runSearch = (term: string) => {
    if (term === search) void results.refetch();
    else setSearch(term);
  };
  return (
    <section className="cert-labels-picker">
      <SearchForm
        label={labelMessages.machineSearch}
        placeholder={labelMessages.machinePlaceholder}
        onSearch={runSearch}
      />
      {results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <LoadError message={labelMessages.searchFailed} onRetry={() => void results.refetch()} />
      ) : (
        <SearchResults
          caption={labelMessages.machines}
          headers={[labelMessages.article, labelMessages.brand, labelMessages.ean]}
          rows={results.data.data.map((machine) => ({
            id: machine.id,
            name: machine.name,
            cells: [machine.name, machine.brand_name, machine.ean_number],
          }))}
          total={results.data.total}
          empty={labelMessages.noMachines}
          selectedId={selectedId}
          onPick={onPick}
        />
      )}
    </section>
  );
}
