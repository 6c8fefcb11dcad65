import { useQuery } from '@tanstack/react-query';
import { apiPaths, type CertificateDocumentList } from 'contracts';
import { http, httpStatus } from 'shared-ui';
import { rethrowWithJsonBody } from './blob-answer';

/** No document was archived for the revision asked for (sealing began after it was replaced). */
export class NoArchivedDocument extends Error {}

async function pdfAt(path: string): Promise<Blob> {
  try {
    const { data } = await http.get<Blob>(path, {
      responseType: 'blob',
      headers: { Accept: 'application/pdf, application/json' },
    });
    return data;
  } catch (error) {
    return rethrowWithJsonBody(error);
  }
}

/**
 * The sealed PDF staff print (docs/printed-certificate.md): the certificate's newest whole document, or the last
 * one archived for an earlier `revision`. Through shared-ui's http, so the token is a header, never in a URL.
 */
export async function getCertificatePdf(id: number, revision?: number): Promise<Blob> {
  if (revision === undefined) return pdfAt(apiPaths.certificateDocument(id));
  const { data } = await http.get<CertificateDocumentList>(apiPaths.certificateDocuments(id));
  const archived = data.documents
    .filter((document) => document.scope === 'certificate' && document.revision === revision)
    .at(-1);
  if (!archived) throw new NoArchivedDocument();
  return archivedDocument(id, archived.seq);
}

/** One sealed document of a certificate by its number in the archive (`seq`), as it was sealed. */
export const archivedDocument = (id: number, seq: number) =>
  pdfAt(apiPaths.certificateDocumentBySeq(id, seq));

/**
 * A PDF the worker is still sealing is answered 503 with Retry-After (2 s): asked again that often, for up to
 * five minutes (a burst of issues waits its turn), while the screen says it is being prepared.
 */
const PENDING_RETRY_MS = 2000;
const PENDING_TRIES = 150;
export const isPending = (error: unknown) => httpStatus(error) === 503;

/**
 * The PDF while a screen shows it: fetched once per visit (the newest document changes with the certificate),
 * never again behind the staff's back, and dropped when the screen goes. Null fetches nothing.
 */
export const useCertificatePdf = (id: number | null, revision?: number) =>
  useQuery({
    queryKey: ['certificate-pdf', id, revision ?? 'current'],
    queryFn: () => getCertificatePdf(id!, revision),
    enabled: id !== null,
    retry: (failures, error) => isPending(error) && failures < PENDING_TRIES,
    retryDelay: PENDING_RETRY_MS,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
