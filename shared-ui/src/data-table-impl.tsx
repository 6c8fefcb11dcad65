import { flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { PAGE_SIZES } from 'contracts';
import { useId } from 'react';
import { sharedCatalogs } from './catalogs';
import type { DataTableProps } from './data-table';
import { useT } from './i18n/use-t';
import './data-table.css';

/** Server-paginated, server-sorted table (sorting covers the whole data set, not one page). */
export default function DataTableImpl<Row>({
  columns,
  data,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort = null,
  onSortChange,
  loading = false,
  pageSizes = PAGE_SIZES,
  getRowId,
  rowClassName,
  label,
}: DataTableProps<Row>) {
  const t = useT(sharedCatalogs);
  const sizeSelectId = useId();
  const sorting: SortingState = sort ? [sort] : [];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  // React Compiler cannot memoise TanStack Table's mutable instance; that is expected and harmless here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    columns,
    data,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    pageCount,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortChange?.(next[0] ?? null);
    },
  });

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  return (
    <div className="sui-table" aria-busy={loading}>
      <div className="sui-table__scroll">
        <table aria-label={label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort() && onSortChange !== undefined;
                  const direction = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      data-column={header.column.id}
                      key={header.id}
                      scope="col"
                      aria-sort={
                        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                      }
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="sui-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          <span className="sui-table__sort-icon" aria-hidden="true">
                            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={loading && data.length > 0 ? 'sui-table__body--stale' : undefined}>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  // The column's id lets a screen lay out its table for narrow widths (which columns to hide).
                  <td key={cell.id} data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Outside the scrolling table, so a narrow screen sees it without scrolling sideways. */}
      {data.length === 0 && (
        <p className="sui-table__state" role="status">
          {loading ? t('table.loading') : t('table.empty')}
        </p>
      )}
      <div className="sui-table__footer">
        <label htmlFor={sizeSelectId}>{t('table.rowsPerPage')}:</label>
        <select
          id={sizeSelectId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span className="sui-table__range" aria-live="polite">
          {t('table.range', { first, last, total })}
        </span>
        <span className="sui-table__pager">
          <PagerButton label={t('table.firstPage')} disabled={page <= 1} onClick={() => onPageChange(1)}>
            «
          </PagerButton>
          <PagerButton
            label={t('table.previousPage')}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            ‹
          </PagerButton>
          <PagerButton
            label={t('table.nextPage')}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            ›
          </PagerButton>
          <PagerButton
            label={t('table.lastPage')}
            disabled={page >= pageCount}
            onClick={() => onPageChange(pageCount)}
          >
            »
          </PagerButton>
        </span>
      </div>
    </div>
  );
}

function PagerButton(props: { label: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      className="sui-table__page-button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
