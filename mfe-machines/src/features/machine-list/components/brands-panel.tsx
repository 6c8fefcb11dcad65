import type { Brand } from 'contracts';
import { allows, DEFAULT_PAGE_SIZE, isHttpUrl } from 'contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  brandsQuery,
  brandsQueryKey,
  DataTable,
  imageUrl,
  LoadError,
  meQuery,
  Spinner,
  useT,
  type ColumnDef,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { BrandForm } from './brand-form';

/**
 * Brand management (not in the earlier app, where brands lived only on the server: docs/earlier-app.md): list,
 * add, edit.
 */
export default function BrandsPanel() {
  const t = useT(machineCatalogs);
  const brands = useQuery(brandsQuery);
  const canEdit = allows(useQuery(meQuery).data?.roles ?? [], 'catalogue');
  // null: no form; 'new': adding; a brand: editing it.
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const queryClient = useQueryClient();

  /** After a save the list has already loaded again (useSaveBrand waits for it): show the brand's page. */
  function showSaved(saved: Brand) {
    const index =
      queryClient.getQueryData<Brand[]>(brandsQueryKey)?.findIndex((b) => b.id === saved.id) ?? -1;
    if (index >= 0) setPage(Math.floor(index / pageSize) + 1);
  }

  const columns: ColumnDef<Brand, unknown>[] = [
    {
      id: 'logo',
      header: t('brands.logo'),
      cell: ({ row }) =>
        row.original.logo ? (
          <img className="mach-brand-logo" src={imageUrl(row.original.logo)} alt="" width={40} height={40} />
        ) : null,
    },
    { id: 'name', header: t('brands.name'), accessorKey: 'name' },
    {
      id: 'email',
      header: t('brands.email'),
      cell: ({ row }) => <span className="mach-brand-email">{row.original.email}</span>,
    },
    {
      id: 'website_link',
      header: t('brands.website'),
      // Only http(s) becomes a link: a stored `javascript:` address must never be clickable.
      cell: ({ row }) => {
        const link = row.original.website_link;
        return isHttpUrl(link) ? (
          <a className="mach-brand-website" href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </a>
        ) : (
          <span className="mach-brand-website">{link}</span>
        );
      },
    },
    {
      id: 'action',
      header: t('brands.action'),
      cell: ({ row }) => (
        <button type="button" className="sui-link-button" onClick={() => setEditing(row.original)}>
          {t('brands.edit')}
        </button>
      ),
    },
  ];

  if (brands.isError)
    return <LoadError message={t('brands.loadFailed')} onRetry={() => void brands.refetch()} />;
  if (brands.isPending) return <Spinner />;
  const all = brands.data;

  return (
    <>
      <div className="mach-toolbar">
        {canEdit && (
          <button type="button" className="sui-button" onClick={() => setEditing('new')}>
            {t('brands.add')}
          </button>
        )}
      </div>
      {editing && (
        <BrandForm
          key={editing === 'new' ? 'new' : editing.id}
          brand={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) showSaved(saved);
          }}
        />
      )}
      <DataTable<Brand>
        label={t('brands.table')}
        columns={canEdit ? columns : columns.filter((column) => column.id !== 'action')}
        // GET /brands returns every brand, so this table pages in the browser.
        data={all.slice((page - 1) * pageSize, page * pageSize)}
        total={all.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
