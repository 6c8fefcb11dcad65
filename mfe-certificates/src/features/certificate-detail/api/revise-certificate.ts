import { apiPaths, type PrintData } from 'contracts';
import { http } from 'shared-ui';
import { revisionToWire, type RevisionRequest } from '../../../api/wire';
import { useCertificateChange } from './certificate-changed';

/** Stores a correction of certificate `id` as its next revision; answers with the revised print data. */
export async function reviseCertificate(id: number, revision: RevisionRequest): Promise<PrintData> {
  return (await http.post<PrintData>(apiPaths.certificateRevisions(id), revisionToWire(revision))).data;
}

export const useReviseCertificate = (id: number) =>
  useCertificateChange(id, (revision: RevisionRequest) => reviseCertificate(id, revision));
