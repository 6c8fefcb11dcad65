import { apiPaths, type PrintData, type VoidBody } from 'contracts';
import { http } from 'shared-ui';
import { useCertificateChange } from './certificate-changed';

/** Voids certificate `id`, whole or the units named; answers with its print data as it stands now. */
export async function voidCertificate(id: number, request: VoidBody): Promise<PrintData> {
  return (await http.post<PrintData>(apiPaths.certificateVoid(id), request)).data;
}

export const useVoidCertificate = (id: number) =>
  useCertificateChange(id, (request: VoidBody) => voidCertificate(id, request));
