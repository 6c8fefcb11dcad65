import {
  DEFAULT_PAGE_SIZE,
  SEARCH_MAX,
  type CertificateSort,
  type CertificateSummary,
  staffUrls,
} from 'contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  DataTable,
  formatDate,
  LoadError,
  messages,
  Spinner,
  type ColumnDef,
  type TableSort,
} from 'shared-ui';
import { useCertificates, type CertificateQuery } from '../../../api/get-certificates';
import { certMessages } from '../../../messages';
import '../../../styles/remote.css';

const t = certMessages.list;

/** Column ids are the sort orders: the server sorts the whole data set, not just the page on screen. */
const columns: ColumnDef<CertificateSummary, unknown>[] = [
  { id: 'pos', header: 'POS.', accessorKey: 'pos' },
  { id: 'machine_name', header: 'ARTIKELNUMMER', accessorKey: 'machine_name' },
  { id: 'first_serial', header: 'START SERIENNUMMER', accessorKey: 'first_serial' },
  { id: 'last_serial', header: 'END SERIENNUMMER', accessorKey: 'last_serial' },
  { id: 'checked_by', header: 'GEPRÜFT VON', accessorKey: 'checked_by' },
  { id: 'quantity', header: 'MENGE', accessorKey: 'quantity' },
  {
    id: 'created_at',
    header: 'DATUM',
    accessorKey: 'created_at',
    cell: ({ row }) => formatDate(row.original.created_at),
  },
  {
    id: 'action',
    header: t.action,
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <Link
          to={staffUrls.certificatePrint(row.original.id)}
          aria-label={`${t.print}: ${row.original.first_serial}`}
          title={`${t.print}: ${row.original.first_serial}`}
        >
          {t.print}
        </Link>{' '}
        {/* In a new tab like the header's ETIKETTEN DRUCKEN: the list stays where it was. */}
        <Link
          to={staffUrls.labels(row.original.id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t.labels}: ${row.original.first_serial}`}
          title={`${t.labels}: ${row.original.first_serial}`}
        >
          {t.labels}
        </Link>
      </>
    ),
  },
];

/** Tab "Daten": issued certificates, searched, sorted and paged on the server. */
export default function CertificateListPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<CertificateQuery>({ page: 1, per_page: DEFAULT_PAGE_SIZE });
  const certificates = useCertificates(query);
  const sort: TableSort | null = query.sort ? { id: query.sort, desc: query.order === 'desc' } : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    setText(trimmed);
    setQuery(({ search: _previous, ...rest }) => ({
      ...rest,
      page: 1,
      ...(trimmed ? { search: trimmed } : {}),
    }));
  };

  return (
    <div className="cert-screen" data-testid="certificate-list">
      <form className="cert-toolbar" role="search" onSubmit={search}>
        <input
          className="sui-input"
          type="search"
          placeholder={messages.search}
          aria-label={messages.search}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="sui-button" aria-label={t.searchButton} title={t.searchButton}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      {certificates.isError && !certificates.isFetching ? (
        <LoadError
          message={apiErrorMessage(certificates.error) ?? t.failed}
          onRetry={() => void certificates.refetch()}
        />
      ) : certificates.isPending ? (
        <Spinner fullPage />
      ) : (
        <DataTable<CertificateSummary>
          label={t.label}
          columns={columns}
          data={certificates.data?.data ?? []}
          total={certificates.data?.total ?? 0}
          page={query.page ?? 1}
          pageSize={query.per_page ?? DEFAULT_PAGE_SIZE}
          onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
          onPageSizeChange={(per_page) => setQuery((current) => ({ ...current, per_page, page: 1 }))}
          sort={sort}
          onSortChange={(next) =>
            setQuery((current) => ({
              ...current,
              page: 1,
              sort: (next?.id ?? 'pos') as CertificateSort,
              order: next?.desc ? 'desc' : 'asc',
            }))
          }
          loading={certificates.isFetching}
          getRowId={(row) => String(row.id)}
        />
      )}
    </div>
  );
}
