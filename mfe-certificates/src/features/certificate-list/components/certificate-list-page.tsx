import type { CertificateListItem, CertificateListQuery } from 'contracts';
import { DEFAULT_PAGE_SIZE, SEARCH_MAX } from 'contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  DataTable,
  formatDate,
  messages,
  Spinner,
  type ColumnDef,
  type TableSort,
} from 'shared-ui';
import { certMessages } from '../../../messages';
import { useCertificates } from '../hooks/use-certificates';
import '../../../styles/remote.css';

const t = certMessages.list;

/** Column ids are the API's sort keys: the server sorts the whole data set (DESIGN §4). */
const columns: ColumnDef<CertificateListItem, unknown>[] = [
  { id: 'pos', header: 'POS.', accessorKey: 'pos' },
  { id: 'machine_type', header: 'ARTIKELNUMMER', accessorKey: 'machine_type' },
  { id: 'serial_no', header: 'START SERIENNUMMER', accessorKey: 'serial_no' },
  { id: 'endSerialNo', header: 'END SERIENNUMMER', accessorKey: 'endSerialNo' },
  { id: 'checked_by', header: 'GEPRÜFT VON', accessorKey: 'checked_by' },
  { id: 'crowd', header: 'MENGE', accessorKey: 'crowd' },
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
          to={`/pdf/${row.original.id}`}
          aria-label={`${t.print}: ${row.original.serial_no}`}
          title={`${t.print}: ${row.original.serial_no}`}
        >
          {t.print}
        </Link>{' '}
        {/* In a new tab like the header's ETIKETTEN DRUCKEN: the list stays where it was. */}
        <Link
          to={`/labels?certificate=${row.original.id}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t.labels}: ${row.original.serial_no}`}
          title={`${t.labels}: ${row.original.serial_no}`}
        >
          {t.labels}
        </Link>
      </>
    ),
  },
];

/** Tab "Daten" (spec §2): issued certificates, searched, sorted and paged on the server. */
export default function CertificateListPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<CertificateListQuery>({ page: 1, per_page: DEFAULT_PAGE_SIZE });
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
        <div className="cert-error" role="alert">
          <p>{apiErrorMessage(certificates.error) ?? t.failed}</p>
          <button
            type="button"
            className="sui-button sui-button--secondary"
            onClick={() => certificates.refetch()}
          >
            {messages.retry}
          </button>
        </div>
      ) : certificates.isPending ? (
        <Spinner fullPage />
      ) : (
        <DataTable<CertificateListItem>
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
              sort: (next?.id ?? 'pos') as CertificateListQuery['sort'],
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
