import { useState } from 'react';
import { Spinner } from 'shared-ui';
import { labelMessages } from '../label-messages';
import { useMachineSearch } from '../hooks/use-label-queries';
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
  return (
    <section className="cert-labels-picker">
      <SearchForm
        label={labelMessages.machineSearch}
        placeholder={labelMessages.machinePlaceholder}
        onSearch={setSearch}
      />
      {results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <p className="cert-labels-error" role="alert">
          {labelMessages.searchFailed}
        </p>
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
