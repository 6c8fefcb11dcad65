import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type CertificateListQuery, type CertificateTotals } from 'contracts';
import { http } from 'shared-ui';
import { listParamsToWire, type CertificateQuery } from '../../../api/wire';

/** Only what narrows the list: its paging and order do not change the totals. */
const filterOf = ({
  page: _page,
  per_page: _perPage,
  sort: _sort,
  order: _order,
  ...filter
}: CertificateQuery) => filter;

export async function getCertificateTotals(query: CertificateQuery): Promise<CertificateTotals> {
  const params: CertificateListQuery = listParamsToWire(filterOf(query));
  const { data } = await http.get<CertificateTotals>(apiPaths.certificatesTotals(), { params });
  return data;
}

/** How many certificates and units a filtered list holds; asked only while a filter or search narrows it. */
export const useCertificateTotals = (query: CertificateQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.certificates, 'totals', filterOf(query)],
    queryFn: () => getCertificateTotals(query),
    enabled,
    placeholderData: keepPreviousData,
  });
