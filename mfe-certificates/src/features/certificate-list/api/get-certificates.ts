import type { CertificateList, CertificateListQuery } from 'contracts';
import { http } from 'shared-ui';

export async function getCertificates(query: CertificateListQuery): Promise<CertificateList> {
  const { data } = await http.get<CertificateList>('/certificates', { params: query });
  return data;
}
