import type { PrintData } from 'contracts';
import { http } from 'shared-ui';

/** The stored certificate as issued: its serials, machine and brand snapshot. */
export async function getCertificate(id: number): Promise<PrintData> {
  const { data } = await http.get<PrintData>(`/certificates/${id}`);
  return data;
}
