import { apiPaths, type PrintData, type ReleaseBody } from 'contracts';
import { http } from 'shared-ui';
import { useCertificateChange } from './certificate-changed';

/**
 * Releases units of certificate `id`: those awaiting release (a second person's release), or with a
 * `deviation_reason` the failed units named (Sonderfreigabe); answers with the certificate as it stands now.
 */
export async function releaseCertificate(id: number, request: ReleaseBody): Promise<PrintData> {
  return (await http.post<PrintData>(apiPaths.certificateRelease(id), request)).data;
}

export const useReleaseCertificate = (id: number) =>
  useCertificateChange(id, (request: ReleaseBody) => releaseCertificate(id, request));
