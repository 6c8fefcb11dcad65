import { useQuery } from '@tanstack/react-query';
import {
  allows,
  DEFAULT_PAGE_SIZE,
  type CertificateSort,
  type CertificateSummary,
  staffUrls,
} from 'contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  apiErrorMessage,
  DataTable,
  formatDay,
  LoadError,
  meQuery,
  SearchBox,
  Spinner,
  useT,
  type ColumnDef,
  type TableSort,
} from 'shared-ui';
import { useCertificates } from '../../../api/get-certificates';
import type { CertificateQuery } from '../../../api/wire';
import { certificateCatalogs, type Translate } from '../../../catalogs';
import { StatusBadge } from '../../../components/status-badge';
import { VerdictBadge } from '../../../components/verdict-badge';
import { useCertificateTotals } from '../api/get-certificate-totals';
import { hasFilter, LIST_PARAMS, paramsWithQuery, queryFromParams } from '../list-query';
import { CertificateFilters, type Filter } from './certificate-filters';
import { ExportPanel } from './export-panel';
import '../../../styles/remote.css';
import './certificate-list.css';

/** Column ids are the sort orders: the server sorts the whole data set, not just the page on screen. */
const columns = (t: Translate, canPrintLabels: boolean): ColumnDef<CertificateSummary, unknown>[] => [
  { id: 'pos', header: t('list.pos'), accessorKey: 'pos' },
  // The number printed on the certificate (Prüfbericht Nr.); the search finds it too.
  { id: 'number', header: t('list.number'), accessorKey: 'id', enableSorting: false },
  { id: 'machine_name', header: t('list.article'), accessorKey: 'machine_name' },
  { id: 'first_serial', header: t('list.firstSerial'), accessorKey: 'first_serial' },
  { id: 'last_serial', header: t('list.lastSerial'), accessorKey: 'last_serial' },
  { id: 'checked_by', header: t('list.checkedBy'), accessorKey: 'checked_by' },
  { id: 'quantity', header: t('list.quantity'), accessorKey: 'quantity' },
  {
    id: 'created_at',
    header: t('list.date'),
    accessorKey: 'created_at',
    cell: ({ row }) => formatDay(row.original.created_at),
  },
  {
    id: 'status',
    header: t('list.status'),
    enableSorting: false,
    cell: ({ row }) => (
      <StatusBadge
        status={row.original.status}
        voided={row.original.voided_units}
        quantity={row.original.quantity}
      />
    ),
  },
  {
    id: 'verdict',
    header: t('list.verdict'),
    enableSorting: false,
    cell: ({ row }) => (
      <VerdictBadge
        verdict={row.original.verdict}
        failedUnits={row.original.failed_units}
        units={row.original.quantity}
      />
    ),
  },
  {
    id: 'action',
    header: t('list.action'),
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <Link
          to={staffUrls.certificateDetail(row.original.id)}
          aria-label={t('list.detailsOf', { serial: row.original.first_serial })}
          title={t('list.detailsOf', { serial: row.original.first_serial })}
        >
          {t('list.details')}
        </Link>{' '}
        {/* A wholly voided certificate is neither printed nor labelled again: its details say why. */}
        {row.original.status !== 'voided' && (
          <Link
            to={staffUrls.certificatePrint(row.original.id)}
            aria-label={t('list.printOf', { serial: row.original.first_serial })}
            title={t('list.printOf', { serial: row.original.first_serial })}
          >
            {t('list.print')}
          </Link>
        )}{' '}
        {/* In a new tab like the header's ETIKETTEN DRUCKEN: the list stays where it was. Inspectors only. */}
        {canPrintLabels && row.original.status !== 'voided' && (
          <Link
            to={staffUrls.labels(row.original.id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('list.labelsOf', { serial: row.original.first_serial })}
            title={t('list.labelsOf', { serial: row.original.first_serial })}
          >
            {t('list.labels')}
          </Link>
        )}
      </>
    ),
  },
];

/** The dashboard tab this screen is; elsewhere (its own dev page) there is no tab in the URL. */
const OWN_TAB = 'certificate_list';

/**
 * Tab "Daten": issued certificates, filtered, searched, sorted and paged on the server, and exported. The URL
 * holds all of it (a filtered list can be bookmarked and shared); while another tab is shown the list keeps
 * its last state, and coming back puts it into the URL again.
 */
export default function CertificateListPage() {
  const t = useT(certificateCatalogs);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const owned = tab === null || tab === OWN_TAB;
  const hasListParams = LIST_PARAMS.some((name) => params.has(name));
  const urlQuery = useMemo(() => queryFromParams(params), [params]);
  // What the list showed last: kept while another tab owns the URL, put back when this tab returns.
  const [kept, setKept] = useState(urlQuery);
  const [wasOwned, setWasOwned] = useState(owned);
  const [restoring, setRestoring] = useState(false);
  if (owned !== wasOwned) {
    setWasOwned(owned);
    if (owned && !hasListParams && (hasFilter(kept) || kept.search)) setRestoring(true);
  }
  if (restoring && hasListParams) setRestoring(false);
  const showsUrl = owned && !restoring;
  if (showsUrl && urlQuery !== kept) setKept(urlQuery);
  const query = showsUrl ? urlQuery : kept;
  useEffect(() => {
    if (restoring) setParams(paramsWithQuery(params, kept), { replace: true });
  }, [restoring, params, kept, setParams]);

  // The URL as last asked for: react-router's setter builds on the URL of the last render, so a second change
  // made before that render (two filters set quickly) would drop the first.
  const askedParams = useRef(params);
  useEffect(() => {
    askedParams.current = params;
  }, [params]);
  const setQuery = (change: (current: CertificateQuery) => CertificateQuery) => {
    const next = paramsWithQuery(
      askedParams.current,
      change(showsUrl ? queryFromParams(askedParams.current) : query),
    );
    askedParams.current = next;
    setParams(next);
  };
  const certificates = useCertificates(query);
  const narrowed = hasFilter(query) || Boolean(query.search);
  const totals = useCertificateTotals(query, narrowed);
  const me = useQuery(meQuery);
  // A search by a whole unit serial leads straight to that unit's page (history, void, labels); the server
  // names the unit it found.
  const unitSerial = query.search
    ? certificates.data?.data.find((certificate) => certificate.unit_serial)?.unit_serial
    : undefined;
  const sort: TableSort | null = query.sort ? { id: query.sort, desc: query.order === 'desc' } : null;
  const filter: Filter = {
    from: query.from,
    to: query.to,
    brand_id: query.brand_id,
    machine_id: query.machine_id,
    checked_by: query.checked_by,
    status: query.status,
    verdict: query.verdict,
  };

  const search = (trimmed: string) =>
    setQuery(({ search: _previous, ...rest }) => ({
      ...rest,
      page: 1,
      ...(trimmed ? { search: trimmed } : {}),
    }));

  return (
    <div className="cert-screen cert-list" data-testid="certificate-list">
      <div className="cert-list-bar">
        {/* Follows the URL (a link, Back); typing changes only the box until the search is sent. */}
        <SearchBox
          className="cert-toolbar"
          label={t('list.search')}
          buttonLabel={t('list.searchButton')}
          icon
          value={query.search ?? ''}
          onSearch={search}
        />
        <ExportPanel
          query={query}
          total={
            certificates.isError || certificates.isPlaceholderData ? undefined : certificates.data?.total
          }
          units={narrowed && !totals.isPlaceholderData ? totals.data?.units : undefined}
        />
      </div>
      <CertificateFilters
        filter={filter}
        onChange={(change) => setQuery((current) => ({ ...current, ...change, page: 1 }))}
      />
      {certificates.isError && !certificates.isFetching ? (
        <LoadError
          message={apiErrorMessage(certificates.error) ?? t('list.failed')}
          onRetry={() => void certificates.refetch()}
        />
      ) : certificates.isPending ? (
        <Spinner fullPage />
      ) : (
        <>
          {certificates.data?.total === 0 && (hasFilter(query) || query.search) && (
            <p className="cert-no-match" role="status">
              {t('list.noMatch')}
            </p>
          )}
          {unitSerial && (
            <p className="cert-unit-found">
              {t('list.unitFound')}{' '}
              <Link to={staffUrls.unit(unitSerial)}>{t('list.openUnit', { serial: unitSerial })}</Link>
            </p>
          )}
          <DataTable<CertificateSummary>
            label={t('list.label')}
            columns={columns(t, allows(me.data?.roles ?? [], 'certify'))}
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
            rowClassName={(row) => (row.status === 'voided' ? 'cert-row--voided' : undefined)}
          />
        </>
      )}
    </div>
  );
}
