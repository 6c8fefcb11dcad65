import type { CertificateCreateBody, PrintData } from 'contracts';
import { http } from 'shared-ui';

/** The answer is an array whose first element is the stored certificate to print (spec §7). */
export async function createCertificate(body: CertificateCreateBody): Promise<PrintData> {
  const { data } = await http.post<PrintData[]>('/certificate', body);
  return data[0];
}
