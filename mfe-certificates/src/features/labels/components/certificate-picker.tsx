import { useState } from 'react';
import { formatDate, Spinner } from 'shared-ui';
import { labelMessages } from '../label-messages';
import { useCertificateSearch } from '../hooks/use-label-queries';
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
  return (
    <section className="cert-labels-picker">
      <SearchForm
        label={labelMessages.certificateSearch}
        placeholder={labelMessages.certificatePlaceholder}
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
