import type { CertificateFilterQuery, CertificateSort, CertificateSummary } from 'contracts';
import { pageOf, withPositions, type PageRequest } from '../../paging';
import type { CertificateFilters } from './certificate-filter';
import {
  isFiltered,
  type CertificateListRepository,
  type CertificateListRow,
} from './certificate-list.repository';

export interface CertificateListRequest extends PageRequest, CertificateFilterQuery {
  search?: string;
  sort?: CertificateSort;
}

export const flip = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

/** The certificate list: sorted, filtered and searched on the server over the whole set. */
export function certificateList({
  list,
  filters,
}: {
  list: Pick<
    CertificateListRepository,
    'listPage' | 'total' | 'unitMatching' | 'filteredPage' | 'count' | 'totals'
  >;
  filters: CertificateFilters;
}) {
  return {
    /**
     * Newest first by default; `pos` is the row's place in that order. A whole unit serial finds the one
     * certificate that holds it, and names that unit (`unit_serial`).
     */
    async list(request: CertificateListRequest) {
      const { limit, offset } = pageOf(request);
      const sort = request.sort ?? 'pos';
      const order = request.order ?? 'asc';
      const filter = await filters.of(request);
      const { search } = filter;
      // The newest certificate is position 1, so ascending positions mean descending ids.
      const page = { sort, direction: sort === 'pos' ? flip(order) : order, limit, offset };
      const byPositionDescending = sort === 'pos' && order === 'desc';
      const answer = (rows: (CertificateListRow & { unit_serial?: string })[], total: number) => ({
        total,
        data: withPositions(rows, { byPositionDescending, total, offset }) satisfies CertificateSummary[],
      });
      if (!isFiltered(filter)) {
        const rows = await list.listPage(page);
        // Past the last page no row carries the total, so it is read on its own.
        const total = rows.length ? Number(rows[0].total) : await list.total();
        return answer(
          rows.map(({ total: _total, ...row }) => row),
          total,
        );
      }
      const unit = search && (await list.unitMatching(search, filter));
      if (unit) return answer(offset === 0 ? [unit] : [], 1);
      const rows = await list.filteredPage(filter, page);
      // Past the last page no row carries the count, so it is read on its own; a filter that matched nothing
      // may name a brand or machine that does not exist.
      const total = rows.length ? Number(rows[0].total) : await list.count(filter);
      if (!total) await filters.assertKnown(filter);
      return answer(
        rows.map(({ total: _total, ...row }) => row),
        total,
      );
    },

    /**
     * How many certificates and units the list's filter and search match (the list's filter bar shows both).
     * A whole unit serial matches the one certificate that holds it, as in the list.
     */
    async totals(request: Omit<CertificateListRequest, keyof PageRequest | 'sort'>) {
      const filter = await filters.of(request);
      const unit = filter.search && (await list.unitMatching(filter.search, filter));
      if (unit) return { certificates: 1, units: unit.quantity };
      const totals = await list.totals(filter);
      if (!totals.certificates) await filters.assertKnown(filter);
      return totals;
    },
  };
}
