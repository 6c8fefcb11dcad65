import type { PrintData } from 'contracts';
import { http } from 'shared-ui';

/** The stored certificate, exactly as it was printed when issued. */
export async function getCertificate(id: number): Promise<PrintData> {
  const { data } = await http.get<PrintData>(`/certificates/${id}`);
  return data;
}
