import type { CertificateList } from 'contracts';
import { http } from 'shared-ui';

export const SEARCH_RESULTS = 10;

/** Newest first; `search` finds an article number, a month's serial part or any unit serial in a range. */
export async function searchCertificates(search: string): Promise<CertificateList> {
  const { data } = await http.get<CertificateList>('/certificates', {
    params: { search: search || undefined, per_page: SEARCH_RESULTS },
  });
  return data;
}
