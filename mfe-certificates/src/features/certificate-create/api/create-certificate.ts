import { fromWire, toWire, type Certificate, type CertificateDraft, type PrintData } from 'contracts';
import { apiFieldErrors, http } from 'shared-ui';

/** The answer is an array whose first element is the stored certificate to print. */
export async function createCertificate(draft: CertificateDraft): Promise<Certificate> {
  const { data } = await http.post<PrintData[]>('/certificate', toWire(draft));
  return fromWire(data[0]);
}

/** The API's field errors of a refused draft, keyed by the draft's field names. */
export const draftFieldErrors = (error: unknown): Record<string, string> => fromWire(apiFieldErrors(error));
