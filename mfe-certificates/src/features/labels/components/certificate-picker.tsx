import { useState } from 'react';
import { formatDate, Spinner } from 'shared-ui';
import { labelMessages } from '../label-messages';
import { useCertificateSearch } from '../hooks/use-label-queries';
import { LoadError } from './load-error';
import { SearchResults } from './search-results';
import { SearchForm } from './search-form';

/** Finds a certificate by article number or any unit serial; before a search it offers the newest ones. */
export function CertificatePicker({
  selectedId,
  onPick,
}: {
  selectedId: number | null;
  onPick: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useCertificateSearch(search);
  // The same words again ask the server again: after a failure, or for certificates issued meanwhile.
  const runSearch = (term: string) => {
    if (term === search) void results.refetch();
    else setSearch(term);
  };
  return (
    <section className="cert-labels-picker">
      <SearchForm
        label={labelMessages.certificateSearch}
        placeholder={labelMessages.certificatePlaceholder}
        onSearch={runSearch}
      />
      {results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <LoadError message={labelMessages.searchFailed} onRetry={() => void results.refetch()} />
      ) : (
        <SearchResults
          caption={labelMessages.certificates}
          headers={[labelMessages.article, labelMessages.serials, labelMessages.crowd, labelMessages.date]}
          rows={results.data.data.map((certificate) => ({
            id: certificate.id,
            name: `${certificate.machine_type} ${certificate.serial_no}`,
            cells: [
              certificate.machine_type,
              certificate.crowd > 1
                ? `${certificate.serial_no} – ${certificate.endSerialNo}`
                : certificate.serial_no,
              String(certificate.crowd),
              formatDate(certificate.created_at),
            ],
          }))}
          total={results.data.total}
          empty={labelMessages.noCertificates}
          selectedId={selectedId}
          onPick={onPick}
        />
      )}
    </section>
  );
}
